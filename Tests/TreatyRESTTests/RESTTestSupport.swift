import Foundation
import HTTPTypes
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyTestSupport

@testable import TreatyREST

/// A rest-sync API served in process by the dialect, with a fixed clock: the demo with its
/// fixture by default, or a contract a test writes (``contract(yaml:)``).
struct DemoServer {
    static let clockStart = TimestampText.milliseconds("2025-01-01T00:00:00Z") ?? 0

    let store: RecordStore
    let dialect: RESTDialect

    init(
        contract: Contract = DemoFiles.contract, fixtures: FixtureSet = DemoFiles.fixtures, seed: UInt64 = 1,
        clock: StoreConfiguration.Clock = .fixed(startMilliseconds: Self.clockStart)
    ) {
        dialect = RESTDialect(contract: contract)
        store = RecordStore(
            contract: contract, fixtures: fixtures, configuration: StoreConfiguration(clock: clock, seed: seed))
    }

    /// The contract `yaml` declares, loaded from a scratch file.
    static func contract(yaml: String) throws -> Contract {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rs-\(UUID().uuidString).yaml").path
        try yaml.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let loaded = ContractLoader(vocabulary: .treatyDialects).load(fileAt: file)
        guard let contract = loaded.contract else { throw ContractRefused(diagnostics: "\(loaded.diagnostics)") }
        return contract
    }

    /// A test contract that does not load.
    struct ContractRefused: Error {
        let diagnostics: String
    }

    struct Reply {
        let status: Int
        let headers: HTTPFields
        let bytes: [UInt8]
        var json: JSONValue? { try? JSONParser().parse(bytes) }
        var errorCode: String? { json?["error"]?["code"]?.stringValue }
        var errorField: JSONValue? { json?["error"]?["field"] }
    }

    func send(
        _ method: HTTPRequest.Method, _ target: String, _ body: JSONValue? = nil,
        contentType: String? = "application/json"
    )
        -> Reply
    {
        var headers = HTTPFields()
        if body != nil, let contentType { headers[.contentType] = contentType }
        let request = DialectRequest(
            method: method, target: target, headers: headers, body: body?.serializedBytes() ?? [])
        let response = dialect.respond(to: request, store: store)
        return Reply(status: response.status.code, headers: response.headers, bytes: response.body)
    }

    func send(_ method: HTTPRequest.Method, _ target: String, raw: String, contentType: String? = "application/json")
        -> Reply
    {
        var headers = HTTPFields()
        if let contentType { headers[.contentType] = contentType }
        let response = dialect.respond(
            to: DialectRequest(method: method, target: target, headers: headers, body: Array(raw.utf8)), store: store)
        return Reply(status: response.status.code, headers: response.headers, bytes: response.body)
    }
}

/// A new client-created task body under P1.
func newTask(id: String = "A0000000-0000-4000-8000-000000000001") -> JSONObject {
    [
        "id": .string(id), "title": "Write tests", "description": nil, "state": "todo", "assignee_id": nil,
        "author_id": .string(DemoID.u1), "watcher_ids": [], "tag_ids": [], "position": 3,
        "created_at": "2025-02-01T08:00:00.000Z", "updated_at": "2025-02-01T08:00:00.000Z",
    ]
}
