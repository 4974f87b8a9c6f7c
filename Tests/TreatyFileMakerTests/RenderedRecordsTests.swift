import HTTPTypes
import Testing
import TreatyDialect
import TreatyJSON

@testable import TreatyFileMaker

/// Answers are assembled from records rendered once and kept per layout, date format, portal
/// selection and globals; any write to the record's table or a portal's table, or another
/// value of a global, shows in the next answer.
@Suite struct RenderedRecordsTests {
    static let artist = MusicServer.artists + "/records/1"

    static func firstRecord(_ answer: MusicServer.Answer) -> JSONValue? { answer.response["data"]?[0] }

    @Test("a write to a portal's table shows in the parent's next answer")
    func portalWrite() throws {
        let server = try MusicServer()
        let token = try server.login()
        let before = try server.send(.get, Self.artist, token: token)
        #expect(Self.firstRecord(before)?["portalData"]?["Albums"]?[0]?["Albums::title"] == "Kind of Blue")
        let edit = try server.send(
            .patch, MusicServer.base + "/layouts/Albums/records/1", json: ["fieldData": ["title": "Kind of Blue (Legacy)"]],
            token: token)
        #expect(edit.code == "0", "\(edit.body)")
        let after = try server.send(.get, Self.artist, token: token)
        #expect(Self.firstRecord(after)?["portalData"]?["Albums"]?[0]?["Albums::title"] == "Kind of Blue (Legacy)")
    }

    @Test("a write to the record shows in the next get and find, with its new modId")
    func recordWrite() throws {
        let server = try MusicServer()
        let token = try server.login()
        let before = try server.send(.get, Self.artist, token: token)
        let modID = try #require(Self.firstRecord(before)?["modId"]?.stringValue)
        try server.send(.patch, Self.artist, json: ["fieldData": ["lastName": "Dewey Davis"]], token: token)
        let after = try server.send(.get, Self.artist, token: token)
        #expect(Self.firstRecord(after)?["fieldData"]?["lastName"] == "Dewey Davis")
        #expect(Self.firstRecord(after)?["modId"]?.stringValue != modID)
        let found = try server.find(["query": [["lastName": "Dewey"]]], token: token)
        #expect(Self.firstRecord(found)?["fieldData"]?["lastName"] == "Dewey Davis")
    }

    @Test("each session sees its own globals in records, and a changed global shows at once")
    func globals() throws {
        let server = try MusicServer()
        let first = try server.login()
        let second = try server.login()
        #expect(Self.firstRecord(try server.send(.get, Self.artist, token: first))?["fieldData"]?["gNote"] == "")
        try server.send(.patch, MusicServer.base + "/globals", json: ["globalFields": ["Artists::gNote": "hi"]], token: first)
        #expect(Self.firstRecord(try server.send(.get, Self.artist, token: first))?["fieldData"]?["gNote"] == "hi")
        #expect(Self.firstRecord(try server.send(.get, Self.artist, token: second))?["fieldData"]?["gNote"] == "")
    }

    @Test("a kept answer is gone once its record is deleted, and parameters are never served from it")
    func deletedRecord() throws {
        let server = try MusicServer()
        let token = try server.login()
        let path = MusicServer.artists + "/records/2"
        #expect(try server.send(.get, path, token: token).code == "0")
        #expect(try server.send(.get, path, token: token).code == "0")
        let script = try server.send(.get, path + "?script=Echo&script.param=hi", token: token)
        #expect(script.response["scriptResult"] == "hi", "\(script.body)")
        #expect(try server.send(.delete, path, token: token).code == "0")
        #expect(try server.send(.get, path, token: token).code == "101")
    }

    @Test("a find repeated after a write to its table or a portal's table finds afresh")
    func repeatedFind() throws {
        let server = try MusicServer()
        let token = try server.login()
        let jazz: JSONValue = ["query": [["genre": "==Jazz"]]]
        let before = try #require(try server.find(jazz, token: token).response["dataInfo"]?["foundCount"]?.numberValue?.int64Value)
        #expect(try server.find(jazz, token: token).response["dataInfo"]?["foundCount"]?.numberValue?.int64Value == before)
        let created = try server.send(
            .post, MusicServer.artists + "/records", json: ["fieldData": ["firstName": "Ella", "genre": "Jazz"]], token: token)
        #expect(created.code == "0", "\(created.body)")
        #expect(try server.find(jazz, token: token).response["dataInfo"]?["foundCount"]?.numberValue?.int64Value == before + 1)
        let legacy: JSONValue = ["query": [["Albums::title": "Legacy"]]]
        #expect(try server.find(legacy, token: token).code == "401")
        try server.send(
            .patch, MusicServer.base + "/layouts/Albums/records/1", json: ["fieldData": ["title": "Kind of Blue Legacy"]],
            token: token)
        #expect(try server.find(legacy, token: token).code == "0")
    }

    @Test("a record reads the same through get, range and find, and a portal limit renders apart")
    func sameBytes() throws {
        let server = try MusicServer()
        let token = try server.login()
        let get = Self.firstRecord(try server.send(.get, Self.artist, token: token))
        let range = try server.send(.get, MusicServer.artists + "/records?_limit=1", token: token)
        let found = try server.find(["query": [["firstName": "Miles"]]], token: token)
        #expect(get != nil)
        #expect(get == Self.firstRecord(range))
        #expect(get == Self.firstRecord(found))
        let limited = try server.send(.get, Self.artist + "?_limit.Albums=1", token: token)
        #expect(Self.firstRecord(limited)?["portalData"]?["Albums"]?.arrayValue?.count == 1)
        #expect(get?["portalData"]?["Albums"]?.arrayValue?.count == 2)
    }
}

/// The records answer written straight from rendered records has the bytes the general
/// envelope writes.
@Suite struct RecordsEnvelopeTests {
    @Test("records(_:data:) writes what response(_:) writes for the same body")
    func sameBytes() throws {
        let records: [JSONValue] = [["fieldData": ["name": "Miles \"D\""], "recordId": "1"], ["fieldData": [:], "recordId": "2"]]
        let info: JSONValue = ["database": "Music", "foundCount": 2]
        let spliced = FileMakerEnvelope.records(
            ["dataInfo": info, "data": FileMakerEnvelope.data, "scriptResult": "ok"],
            data: records.map { $0.serializedBytes() })
        let general = FileMakerEnvelope.response(["dataInfo": info, "data": .array(records), "scriptResult": "ok"])
        #expect(spliced.body == general.body)
        #expect(spliced.status == general.status)
        #expect(spliced.headers == general.headers)
    }
}
