import Foundation
import HTTPTypes
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyREST

/// The demo API served by the rest-sync dialect from its fixture, with a fixed clock.
struct DemoServer {
    static let root: String = {
        "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")
    }()

    static let contract: Contract = {
        guard let contract = ContractLoader().load(fileAt: root + "/Contracts/demo/contract.yaml").contract else {
            preconditionFailure("the demo contract must load")
        }
        return contract
    }()

    static let fixtures: FixtureSet = {
        guard let fixtures = FixtureLoader().load(directory: root + "/Fixtures/demo", for: contract).fixtures else {
            preconditionFailure("the demo fixtures must load")
        }
        return fixtures
    }()

    static let clockStart = TimestampText.milliseconds("2025-01-01T00:00:00Z") ?? 0

    let store: RecordStore
    let dialect = RESTDialect(contract: DemoServer.contract)

    init(seed: UInt64 = 1) {
        store = RecordStore(
            contract: Self.contract, fixtures: Self.fixtures,
            configuration: StoreConfiguration(clock: .fixed(startMilliseconds: Self.clockStart), seed: seed))
    }

    struct Reply {
        let status: Int
        let headers: HTTPFields
        let bytes: [UInt8]
        var json: JSONValue? { try? JSONParser().parse(bytes) }
        var errorCode: String? { json?["error"]?["code"]?.stringValue }
        var errorField: JSONValue? { json?["error"]?["field"] }
    }

    func send(_ method: HTTPRequest.Method, _ target: String, _ body: JSONValue? = nil, contentType: String? = "application/json")
        -> Reply
    {
        var headers = HTTPFields()
        if body != nil, let contentType { headers[.contentType] = contentType }
        let request = DialectRequest(method: method, target: target, headers: headers, body: body?.serializedBytes() ?? [])
        let response = dialect.respond(to: request, store: store)
        return Reply(status: response.status.code, headers: response.headers, bytes: response.body)
    }

    func send(_ method: HTTPRequest.Method, _ target: String, raw: String, contentType: String? = "application/json") -> Reply {
        var headers = HTTPFields()
        if let contentType { headers[.contentType] = contentType }
        let response = dialect.respond(
            to: DialectRequest(method: method, target: target, headers: headers, body: Array(raw.utf8)), store: store)
        return Reply(status: response.status.code, headers: response.headers, bytes: response.body)
    }
}

/// Ids of the demo fixture (rest-sync.md's U1…, P1…, G1…, T1…).
enum ID {
    static let u1 = "6513270E-269E-4D37-B2A7-4DE452E6B438"
    static let u2 = "D23F0824-128B-4F33-8C5C-7FD0A6A3A450"
    static let u3 = "9531985D-5D9D-49F8-9818-E811892F902B"
    static let p1 = "36F675CC-81E7-4EF5-A8E2-5D940ED90475"
    static let p2 = "6B0D549B-6F03-475A-9600-A35A099950D8"
    static let g1 = "8D116ECE-1738-47D9-BD9C-172411E20B8F"
    static let t1 = "0CB1E29C-658C-4A14-95E6-0AF593BD04CF"
    static let t2 = "0FD630F1-F29D-4DA9-953F-48F1A09F76B5"
    static let t3 = "6B4CB242-4A23-4596-A217-BEADDBC496CB"
    static let t4 = "8E81973E-0BEC-47B0-B898-D190F9EBDACC"
    static let t5 = "92276658-1E27-41C0-8A6A-63EC24EDE6A4"
    static let tasksP1 = "/projects/\(p1)/tasks"
    static func task(_ id: String, in project: String = p1) -> String { "/projects/\(project)/tasks/\(id)" }
}

/// A new client-created task body under P1.
func newTask(id: String = "A0000000-0000-4000-8000-000000000001") -> JSONObject {
    [
        "id": .string(id), "title": "Write tests", "description": nil, "state": "todo", "assignee_id": nil,
        "author_id": .string(ID.u1), "watcher_ids": [], "tag_ids": [], "position": 3,
        "created_at": "2025-02-01T08:00:00.000Z", "updated_at": "2025-02-01T08:00:00.000Z",
    ]
}
