import Testing
import TreatyJSON

@testable import TreatyPocketBase

/// PATCH bodies applied one after another to a post, as they were sent to the real server, and
/// the values it answered with (observed on PocketBase 0.40.6).
@Suite struct ModifierTests {
    private let writer = PocketBaseRecordWriter(collection: BlogSchema.posts)

    private func start() -> JSONObject {
        writer.apply(
            ["title": "Hello", "status": "draft", "author": "u1", "tags": ["t1"], "views": 10, "categories": ["news"]],
            to: writer.emptyRecord())
    }

    @Test("a sequence of modifier bodies changes the record as the server did")
    func sequence() throws {
        let steps: [(String, String)] = [
            (#"{"tags+":"t2"}"#, #"{"tags":["t1","t2"],"views":10,"categories":["news"],"status":"draft"}"#),
            (#"{"tags+":"t2"}"#, #"{"tags":["t1","t2"],"views":10,"categories":["news"],"status":"draft"}"#),
            (#"{"+tags":["t3"]}"#, #"{"tags":["t3","t1","t2"],"views":10,"categories":["news"],"status":"draft"}"#),
            (#"{"tags-":"t1"}"#, #"{"tags":["t3","t2"],"views":10,"categories":["news"],"status":"draft"}"#),
            (#"{"tags-":"absent"}"#, #"{"tags":["t3","t2"],"views":10,"categories":["news"],"status":"draft"}"#),
            (
                #"{"tags":["t1"],"tags+":"t2"}"#,
                #"{"tags":["t1","t2"],"views":10,"categories":["news"],"status":"draft"}"#
            ),
            (
                #"{"tags+":"t3","tags":["t1"]}"#,
                #"{"tags":["t1","t3"],"views":10,"categories":["news"],"status":"draft"}"#
            ),
            (#"{"views+":5}"#, #"{"tags":["t1","t3"],"views":15,"categories":["news"],"status":"draft"}"#),
            (#"{"views-":"3"}"#, #"{"tags":["t1","t3"],"views":12,"categories":["news"],"status":"draft"}"#),
            (#"{"views+":"abc"}"#, #"{"tags":["t1","t3"],"views":12,"categories":["news"],"status":"draft"}"#),
            (#"{"views":1,"views+":2}"#, #"{"tags":["t1","t3"],"views":3,"categories":["news"],"status":"draft"}"#),
            (#"{"views+":2,"views":1}"#, #"{"tags":["t1","t3"],"views":3,"categories":["news"],"status":"draft"}"#),
            (
                #"{"categories+":"tech"}"#,
                #"{"tags":["t1","t3"],"views":3,"categories":["news","tech"],"status":"draft"}"#
            ),
            (#"{"categories-":["news"]}"#, #"{"tags":["t1","t3"],"views":3,"categories":["tech"],"status":"draft"}"#),
            (
                #"{"+categories":"life"}"#,
                #"{"tags":["t1","t3"],"views":3,"categories":["life","tech"],"status":"draft"}"#
            ),
            (#"{"status+":"live"}"#, #"{"tags":["t1","t3"],"views":3,"categories":["life","tech"],"status":"live"}"#),
            (#"{"views":null}"#, #"{"tags":["t1","t3"],"views":0,"categories":["life","tech"],"status":"live"}"#),
            (
                #"{"tags":"t1","+tags":"t1"}"#,
                #"{"tags":["t1"],"views":0,"categories":["life","tech"],"status":"live"}"#
            ),
            (#"{"tags-":["t1","t2","t3"]}"#, #"{"tags":[],"views":0,"categories":["life","tech"],"status":"live"}"#),
            (#"{"views+":"  2"}"#, #"{"tags":[],"views":0,"categories":["life","tech"],"status":"live"}"#),
            (#"{"title+":"x"}"#, #"{"tags":[],"views":0,"categories":["life","tech"],"status":"live"}"#),
        ]
        var record = start()
        for (body, expected) in steps {
            guard case .object(let object) = try JSONParser().parse(body) else { continue }
            record = writer.apply(object, to: record)
            let shown = JSONValue.object([
                "tags": record["tags"] ?? .null, "views": record["views"] ?? .null,
                "categories": record["categories"] ?? .null, "status": record["status"] ?? .null,
            ])
            #expect(shown.serialized() == expected, "after \(body)")
        }
        #expect(record["title"] == "Hello")
    }

    @Test("number modifiers add decimals and true counts as one")
    func numberModifiers() {
        var record = writer.apply(["rating+": 1.5], to: start())
        record = writer.apply(["rating+": 1.5], to: record)
        #expect(record["rating"] == 3)
        record = writer.apply(["views": 0], to: record)
        record = writer.apply(["views-": true], to: record)
        #expect(record["views"] == -1)
        #expect(
            BlogSchema.postsField("views").validate(record["views"] ?? .null)?.code
                == "validation_min_number_constraint")
    }

    @Test("null empties a field, and a required one then fails")
    func nullEmpties() {
        let record = writer.apply(["title": .null], to: start())
        #expect(record["title"] == "")
        #expect(writer.validate(record)["title"] == .required)
    }

    @Test("client values for autodate fields and unknown keys are ignored")
    func ignoredKeys() {
        let record = writer.apply(
            ["created": "2020-01-01 00:00:00.000Z", "updated": "2020-01-01 00:00:00.000Z", "unknownKey": 1],
            to: start())
        #expect(record["created"] == "")
        #expect(record["unknownKey"] == nil)
    }

    @Test("hidden fields are written only by superusers")
    func hiddenFields() {
        #expect(writer.apply(["secretNote": "s"], to: start())["secretNote"] == "")
        #expect(writer.apply(["secretNote": "s"], to: start(), asSuperuser: true)["secretNote"] == "s")
        let users = PocketBaseRecordWriter(collection: .users)
        #expect(users.apply(["password": "password123"], to: users.emptyRecord())["password"] == "password123")
        #expect(users.apply(["tokenKey": "x"], to: users.emptyRecord())["tokenKey"] == "")
    }
}
