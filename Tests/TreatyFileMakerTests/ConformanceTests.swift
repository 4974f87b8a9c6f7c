import HTTPTypes
import Testing
import TreatyCore
import TreatyDialectKit
import TreatyJSON
import TreatyRules

@testable import TreatyFileMaker

/// The `FM-*` rules on a hand-written records answer of an Artists layout (declared here, so
/// the music example may grow), broken one way at a time.
@Suite struct ConformanceTests {
    static let artists = FileMakerLayout(
        name: "Artists", table: "Artists", primaryKey: "id",
        fields: [
            FileMakerField(name: "id", autoEnter: .uuid), FileMakerField(name: "firstName", notEmpty: true),
            FileMakerField(name: "lastName"), FileMakerField(name: "born", result: .number),
            FileMakerField(name: "since", result: .date), FileMakerField(name: "at", result: .time),
            FileMakerField(name: "updated", result: .timeStamp), FileMakerField(name: "photo", result: .container),
            FileMakerField(name: "fullName", kind: .calculation), FileMakerField(name: "gNote", global: true),
        ],
        portals: [
            FileMakerPortal(
                name: "Albums", table: "Albums", parentKey: "id", childKey: "artist_id", fields: ["title", "year"])
        ])
    static let albums = FileMakerLayout(
        name: "Albums", table: "Albums",
        fields: [
            FileMakerField(name: "artist_id"), FileMakerField(name: "title"),
            FileMakerField(name: "year", result: .number),
        ])
    static let database = FileMakerDatabase(
        name: "Music", accounts: [.init(username: "admin", password: "pw")], layouts: [artists, albums])

    static let record: JSONObject = [
        "fieldData": [
            "id": "7C5F8E2A-1B3D-4E6F-8A9B-0C1D2E3F4A51", "firstName": "Miles", "lastName": "Davis", "born": 1926,
            "since": "05/26/1944", "at": "09:05:00", "updated": "01/02/2025 09:00:00",
            "photo": "https://fms.example.com/Streaming_SSL/MainDB/1.png?RCType=EmbeddedRCFileProcessor",
            "fullName": "",
            "gNote": "",
        ],
        "portalData": [
            "Albums": [["recordId": "1", "Albums::title": "Kind of Blue", "Albums::year": 1959, "modId": "0"]]
        ],
        "recordId": "1", "modId": "2",
        "portalDataInfo": [
            ["portalObjectName": "Albums", "database": "Music", "table": "Albums", "foundCount": 1, "returnedCount": 1]
        ],
    ]

    /// A records answer holding ``record``, changed at `pointer` (`nil` removes the value).
    static func answer(_ changes: [(String, JSONValue?)] = []) throws -> JSONValue {
        var answer: JSONValue = [
            "response": [
                "dataInfo": [
                    "database": "Music", "layout": "Artists", "table": "Artists", "totalRecordCount": 4,
                    "foundCount": 4,
                    "returnedCount": 1,
                ],
                "data": [.object(record)],
            ],
            "messages": [["code": "0", "message": "OK"]],
        ]
        for (pointer, value) in changes {
            answer = try set(answer, at: JSONPointer(parsing: pointer).tokens[...], to: value)
        }
        return answer
    }

    private static func set(_ value: JSONValue, at tokens: ArraySlice<String>, to new: JSONValue?) throws -> JSONValue {
        guard let token = tokens.first else { return new ?? .null }
        switch value {
        case .object(var object):
            if tokens.count == 1 && new == nil {
                object[token] = nil
            } else {
                object[token] = try set(object[token] ?? .null, at: tokens.dropFirst(), to: new)
            }
            return .object(object)
        case .array(var array):
            let index = try #require(Int(token))
            array[index] = try set(array[index], at: tokens.dropFirst(), to: new)
            return .array(array)
        default:
            Issue.record("cannot set \(tokens) in \(value)")
            return value
        }
    }

    func conformance() -> FileMakerConformance {
        FileMakerConformance(layout: Self.artists, database: Self.database)
    }

    /// `RULE pointer` of each violation.
    func rules(_ violations: [RuleViolation]) -> [String] {
        violations.map { "\($0.rule.rawValue) \($0.pointer)" }
    }

    @Test("a correct records answer has no violation")
    func correct() throws {
        #expect(conformance().checkRecordsAnswer(try Self.answer()).isEmpty)
    }

    @Test("the simulator's own range answer on the music contract has no violation")
    func simulatorAnswer() throws {
        let server = try MusicServer()
        let token = try server.login()
        let answer = try server.send(.get, MusicServer.artists + "/records", token: token)
        let database = try MusicFiles.database()
        let layout = try #require(database.layout(named: "Artists"))
        #expect(rules(FileMakerConformance(layout: layout, database: database).checkRecordsAnswer(answer.body)) == [])
    }

    static let field = "/response/data/0/fieldData"

    @Test(
        "each broken answer names its rule and pointer",
        arguments: [
            (
                "FM-ENV-1: the code as a number", [("/messages/0/code", JSONValue?.some(0))],
                ["FM-ENV-1 /messages/0/code"]
            ),
            ("FM-ENV-1: no response", [("/response", nil)], ["FM-ENV-1 /response"]),
            (
                "FM-DATA-1: returnedCount wrong", [("/response/dataInfo/returnedCount", 2)],
                ["FM-DATA-1 /response/dataInfo/returnedCount"]
            ),
            (
                "FM-DATA-1: foundCount a string", [("/response/dataInfo/foundCount", "4")],
                ["FM-DATA-1 /response/dataInfo/foundCount"]
            ),
            (
                "FM-REC-1: recordId as a number", [("/response/data/0/recordId", 1)],
                ["FM-REC-1 /response/data/0/recordId"]
            ),
            ("FM-REC-1: modId empty", [("/response/data/0/modId", "")], ["FM-REC-1 /response/data/0/modId"]),
            ("FM-FIELD-1: a field missing", [(field + "/born", nil)], ["FM-FIELD-1 \(field)/born"]),
            ("FM-FIELD-1: an extra field", [(field + "/nickname", "Miles")], ["FM-FIELD-1 \(field)/nickname"]),
            ("FM-TYPE-1: a number field as a string", [(field + "/born", "1926")], ["FM-TYPE-1 \(field)/born"]),
            ("FM-TYPE-1: a null", [(field + "/lastName", .null)], ["FM-TYPE-1 \(field)/lastName"]),
            ("FM-TYPE-1: a text field as a number", [(field + "/lastName", 7)], ["FM-TYPE-1 \(field)/lastName"]),
            ("FM-DATE-1: an ISO date", [(field + "/since", "1944-05-26")], ["FM-DATE-1 \(field)/since"]),
            ("FM-DATE-1: a time without seconds", [(field + "/at", "9:05")], ["FM-DATE-1 \(field)/at"]),
            (
                "FM-TYPE-1: a null in a portal row", [("/response/data/0/portalData/Albums/0/Albums::year", .null)],
                ["FM-TYPE-1 /response/data/0/portalData/Albums/0/Albums::year"]
            ),
            ("FM-DATA-1: no data array", [("/response/data", nil)], ["FM-DATA-1 /response/data"]),
            (
                "FM-DATE-1: an ISO timestamp", [(field + "/updated", "2025-01-02T09:00:00")],
                ["FM-DATE-1 \(field)/updated"]
            ),
            (
                "FM-PORTAL-1: an unqualified row key",
                [
                    ("/response/data/0/portalData/Albums/0/Albums::title", nil),
                    ("/response/data/0/portalData/Albums/0/title", "Kind of Blue"),
                ],
                ["FM-PORTAL-1 /response/data/0/portalData/Albums/0/Albums::title"]
            ),
            (
                "FM-PORTAL-1: a portal the layout does not have", [("/response/data/0/portalData/Songs", [])],
                ["FM-PORTAL-1 /response/data/0/portalData/Songs"]
            ),
            (
                "FM-PORTAL-1: a row without modId", [("/response/data/0/portalData/Albums/0/modId", nil)],
                ["FM-PORTAL-1 /response/data/0/portalData/Albums/0/modId"]
            ),
            ("FM-ID-1: an empty primary key", [(field + "/id", "")], ["FM-ID-1 \(field)/id"]),
        ] as [(String, [(String, JSONValue?)], [String])])
    func broken(_ what: String, changes: [(String, JSONValue?)], expected: [String]) throws {
        let violations = conformance().checkRecordsAnswer(try Self.answer(changes))
        #expect(rules(violations) == expected, "\(what)")
        #expect(violations.allSatisfy { $0.severity == .error })
    }

    @Test("the messages say what is wrong")
    func messages() throws {
        let checker = conformance()
        let null = checker.checkRecordsAnswer(try Self.answer([(Self.field + "/lastName", .null)]))
        #expect(null.first?.message == "'lastName' is null; FileMaker has no null")
        #expect(null.first?.fix == "send an empty field as \"\"")
        let date = checker.checkRecordsAnswer(try Self.answer([(Self.field + "/since", "1944-05-26")]))
        #expect(date.first?.message == "date field 'since' is not MM/dd/yyyy")
        let count = checker.checkRecordsAnswer(try Self.answer([("/response/dataInfo/returnedCount", 2)]))
        #expect(count.first?.message == "returnedCount is 2 but 'data' holds 1 records")
        let missing = checker.checkRecordsAnswer(try Self.answer([(Self.field + "/born", nil)]))
        #expect(missing.first?.message == "Artists record has no 'born'")
    }

    static func error(_ code: JSONValue) -> JSONValue {
        ["response": [:], "messages": [["code": code, "message": "x"]]]
    }

    @Test(
        "FM-ERR-1 judges error answers: a non-zero string code with the HTTP status that goes with it",
        arguments: [
            ("code \"0\" on an error", error("0"), 500, ["FM-ERR-1 /messages/0/code"]),
            ("212 on HTTP 500", error("212"), 500, ["FM-ERR-1 /messages/0/code"]),
            ("952 on HTTP 500", error("952"), 500, ["FM-ERR-1 /messages/0/code"]),
            ("101 on HTTP 401", error("101"), 200, ["FM-ERR-1 /messages/0/code"]),
            ("a number code", error(101), 500, ["FM-ERR-1 /messages/0/code"]),
            ("212 on HTTP 401", error("212"), 401, []),
            ("952 on HTTP 401", error("952"), 401, []),
            ("101 on HTTP 500", error("101"), 500, []),
            ("960 on HTTP 400", error("960"), 400, []),
            ("1704 on HTTP 405", error("1704"), 405, []),
        ] as [(String, JSONValue, Int, [String])])
    func errors(_ what: String, body: JSONValue, status: Int, expected: [String]) {
        #expect(rules(FileMakerConformance.checkError(body, status: status)) == expected, "\(what)")
    }

    @Test("FM-ERR-1's messages name the code and the status")
    func errorMessages() throws {
        #expect(
            FileMakerConformance.checkError(Self.error("0"), status: 500).first?.message
                == "an error answer carries code \"0\"")
        let wrongStatus = FileMakerConformance.checkError(Self.error("212"), status: 500).first
        #expect(wrongStatus?.message == "code 212 came with HTTP 500")
        #expect(wrongStatus?.expected == "HTTP 401")
        let schema = try #require(FileMakerPlugin().decodeSchema(of: try MusicFiles.contract()).schema)
        #expect(schema.checkErrorBody(Self.error("212"), status: 401).isEmpty)
    }

    @Test("the simulator's error answers pass FM-ERR-1")
    func simulatorErrors() throws {
        let server = try MusicServer()
        let token = try server.login()
        let calls: [(HTTPRequest.Method, String, String?)] = [
            (.get, MusicServer.artists + "/records/99", token),
            (.get, MusicServer.base + "/layouts/Nope/records", token),
            (.get, MusicServer.artists + "/records", nil), (.put, MusicServer.artists + "/records/1", token),
            (.get, MusicServer.artists + "/records?bogus=1", token),
            (.post, MusicServer.base + "/sessions", nil),
        ]
        for (method, target, token) in calls {
            let answer = try server.send(method, target, token: token)
            #expect(answer.code != "0", "\(target)")
            #expect(rules(FileMakerConformance.checkError(answer.body, status: answer.status)) == [], "\(target)")
        }
    }
}
