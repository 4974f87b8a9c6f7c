import Testing
import TreatyJSON

@testable import TreatyPocketBase

/// Create bodies sent to a collection made for the purpose, and the real server's replies
/// (observed on PocketBase 0.40.6).
@Suite struct RecordValidationTests {
    private static let collectionBody = #"""
        {"name":"vv","type":"base","fields":[{"name":"b","type":"bool","required":true},
        {"name":"r","type":"relation","collectionId":"pbc_1219621782","minSelect":2,"maxSelect":3},
        {"name":"e","type":"editor","maxSize":5},{"name":"f","type":"file","maxSelect":2},{"name":"t","type":"text"},
        {"name":"d","type":"date","required":true},{"name":"j","type":"json","required":true},
        {"name":"g","type":"geoPoint","required":true}]}
        """#

    private static let blank = #"{"code":"validation_required","message":"Cannot be blank."}"#

    @Test(
        "a record is checked field by field, every failing field reported",
        arguments: [
            (#"{"b":false}"#, #"{"b":\#(blank),"d":\#(blank),"g":\#(blank),"j":\#(blank)}"#),
            (
                #"{"b":true,"r":["t1"]}"#,
                #"{"d":\#(blank),"g":\#(blank),"j":\#(blank),"r":{"code":"validation_not_enough_values","message":"Select at least 2.","params":{"minSelect":2}}}"#
            ),
            (
                #"{"b":true,"e":"123456"}"#,
                #"{"d":\#(blank),"e":{"code":"validation_content_size_limit","message":"The maximum allowed content size is 5 bytes.","params":{"maxSize":5}},"g":\#(blank),"j":\#(blank)}"#
            ),
            (
                #"{"b":true,"f":["a.txt","b.txt","c.txt"]}"#,
                #"{"d":\#(blank),"f":{"code":"validation_invalid_file","message":"Invalid new files: [a.txt b.txt c.txt].","params":{"invalidFiles":["a.txt","b.txt","c.txt"]}},"g":\#(blank),"j":\#(blank)}"#
            ),
            (#"{"b":true,"j":{}}"#, #"{"d":\#(blank),"g":\#(blank),"j":\#(blank)}"#),
            (#"{"b":true,"j":0,"d":"2024-01-01","g":{"lat":1}}"#, "{}"),
        ])
    func replies(body: String, data: String) throws {
        var existing = PocketBaseCollection.freshServer
        existing.append(PocketBaseCollection(id: "pbc_1219621782", name: "tags", fields: [.recordID]))
        let collection = try PocketBaseCollection.create(fromBody: Array(Self.collectionBody.utf8), existing: existing)
        let writer = PocketBaseRecordWriter(collection: collection)
        guard case .object(let object) = try JSONParser().parse(body) else { return }
        var record = writer.apply(object, to: writer.emptyRecord())
        record["id"] = "abcdefghijklmno"
        let reply = PocketBaseErrorResponse.failedToCreateRecord(writer.validate(record))
        #expect(JSONValue.object(reply.data).serialized() == data)
    }
}
