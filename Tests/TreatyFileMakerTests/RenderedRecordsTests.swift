import HTTPTypes
import Testing
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
