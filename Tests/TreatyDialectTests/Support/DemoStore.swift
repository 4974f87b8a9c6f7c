import Testing
import TreatyCore
import TreatyDialect
import TreatyJSON

/// The demo contract and fixture in a store with a fixed clock: the first mutation is stamped
/// 2025-01-01T10:00:00.001Z and gets version 14.
enum DemoStore {
    static let root: String = {
        "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false).dropLast(4).joined(separator: "/")
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

    static func make(seed: UInt64 = 1) -> RecordStore {
        RecordStore(
            contract: contract, fixtures: fixtures,
            configuration: StoreConfiguration(clock: .fixed(startMilliseconds: 1_735_689_600_000), seed: seed))
    }

    static let p1Scope = Scope(parent: "project", key: "project_id", id: ID.p1)

    /// Milliseconds for a timestamp literal.
    static func ms(_ text: String) -> Int64 {
        TimestampText.milliseconds(text) ?? 0
    }
}

extension RecordStore {
    /// Every table as one JSON text, to compare whole-store states byte for byte.
    func dumpText() -> String {
        ["user", "project", "tag", "task"].map { name in
            JSONValue.array((dump(name) ?? []).map(JSONValue.object)).serialized()
        }.joined(separator: "\n")
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
    static let new1 = "A0000000-0000-4000-8000-000000000001"
    static let new2 = "A0000000-0000-4000-8000-000000000002"
    static let newProject = "B0000000-0000-4000-8000-000000000001"
}

/// A new client-created task body (under P1 unless told).
func taskBody(id: String = ID.new1, project: String? = nil, title: String = "Write tests") -> JSONObject {
    var body: JSONObject = [
        "id": .string(id), "title": .string(title), "description": nil, "state": "todo", "assignee_id": nil,
        "author_id": .string(ID.u1), "watcher_ids": [], "tag_ids": [], "position": 3,
        "created_at": "2025-02-01T08:00:00.000Z", "updated_at": "2025-02-01T08:00:00.000Z",
    ]
    if let project { body["project_id"] = .string(project) }
    return body
}

func projectBody(id: String = ID.newProject) -> JSONValue {
    [
        "id": .string(id), "name": "Launch", "created_at": "2025-02-01T08:00:00.000Z",
        "updated_at": "2025-02-01T08:00:00.000Z",
    ]
}

extension BatchResult.Outcome {
    /// The record of an applied or stale outcome.
    var record: JSONObject? {
        switch self {
        case .applied(let record): record
        case .stale(let record): record
        default: nil
        }
    }

    var errorCode: StoreError.Code? {
        if case .failed(let error) = self { return error.code }
        return nil
    }

    var isApplied: Bool {
        if case .applied = self { return true }
        return false
    }

    var isStale: Bool {
        if case .stale = self { return true }
        return false
    }
}
