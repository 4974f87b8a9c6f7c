import Testing
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyTestSupport

/// The demo contract and fixture in a store with a fixed clock: the first mutation is stamped
/// 2025-01-01T10:00:00.001Z and gets version 14.
enum DemoStore {
    static func make(seed: UInt64 = 1) -> RecordStore {
        RecordStore(
            contract: DemoFiles.contract, fixtures: DemoFiles.fixtures,
            configuration: StoreConfiguration(clock: .fixed(startMilliseconds: 1_735_689_600_000), seed: seed))
    }

    static let p1Scope = Scope(parent: "project", key: "project_id", id: DemoID.p1)

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

/// A new client-created task body (under P1 unless told).
func taskBody(id: String = DemoID.new1, project: String? = nil, title: String = "Write tests") -> JSONObject {
    var body: JSONObject = [
        "id": .string(id), "title": .string(title), "description": nil, "state": "todo", "assignee_id": nil,
        "author_id": .string(DemoID.u1), "watcher_ids": [], "tag_ids": [], "position": 3,
        "created_at": "2025-02-01T08:00:00.000Z", "updated_at": "2025-02-01T08:00:00.000Z",
    ]
    if let project { body["project_id"] = .string(project) }
    return body
}

func projectBody(id: String = DemoID.newProject) -> JSONValue {
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
