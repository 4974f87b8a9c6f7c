import Testing
import TreatyCore
import TreatyJSON
import TreatyRules

@Suite struct IncrementalSyncRuleTests {
    let cursor = "2025-01-02T00:00:00.000Z"
    var feed: String { "GET /projects/\(Demo.p1)/tasks?updated_after=\(cursor)" }
    var changedT2: JSONObject { Demo.t2.with("updated_at", "2025-01-02T10:00:00.000Z").with("version", 12) }
    var tombstone: JSONObject {
        [
            "id": Demo.t5["id"] ?? .null, "project_id": .string(Demo.p1), "deleted_at": "2025-01-02T10:05:00.000Z",
            "updated_at": "2025-01-02T10:05:00.000Z", "version": 13,
        ]
    }

    @Test("RS-IN-1/RS-IN-2: the spec's round trip feed (T2 changed, T5's tombstone) conforms")
    func roundTripFeed() throws {
        #expect(try Demo.violations([.object(changedT2), .object(tombstone)], endpoint: feed).isEmpty)
    }

    @Test("RS-IN-1: rows are strictly newer than the cursor")
    func strictCursor() throws {
        let stale = Demo.t3.with("updated_at", .string(cursor))
        let violations = try Demo.violations([.object(stale), .object(changedT2)], endpoint: feed)
        #expect(Demo.lines(violations) == [
            "RS-IN-1 /0/updated_at: a row not changed after the cursor is in the feed | expected updated_at strictly after \"2025-01-02T00:00:00.000Z\"; found string \"2025-01-02T00:00:00.000Z\""
        ])
    }

    @Test("RS-IN-1: a feed sorts by updated_at, then id")
    func feedOrder() throws {
        let violations = try Demo.violations([.object(tombstone), .object(changedT2)], endpoint: feed)
        #expect(Demo.lines(violations) == [
            "RS-IN-1 /1/updated_at: the list is not sorted by 'updated_at' | expected updated_at ascending, then id: this item before /0; found 'updated_at' 2025-01-02T10:00:00.000Z after 2025-01-02T10:05:00.000Z"
        ])
    }

    @Test("RS-IN-1: a since_version feed filters and sorts by version")
    func versionFeed() throws {
        let endpoint = "GET /projects/\(Demo.p1)/tasks?since_version=12"
        let violations = try Demo.violations([.object(changedT2), .object(tombstone)], endpoint: endpoint)
        #expect(Demo.lines(violations) == [
            "RS-IN-1 /0/version: a row not changed after the cursor version is in the feed | expected version greater than 12; found number 12"
        ])
    }

    @Test("RS-IN-2: a tombstone keeps id, parent key, deleted_at, updated_at and version")
    func tombstoneContents() throws {
        let thin = tombstone.with("project_id", nil).with("version", nil)
        let violations = try Demo.violations([.object(thin)], endpoint: feed)
        #expect(Demo.lines(violations, rule: "RS-IN-2") == [
            "RS-IN-2 /0/project_id: a tombstone is missing 'project_id' | expected a value (tombstones carry id, parent key, deleted_at, updated_at, version); found missing (the key is absent)",
            "RS-IN-2 /0/version: a tombstone is missing 'version' | expected a value (tombstones carry id, parent key, deleted_at, updated_at, version); found missing (the key is absent)",
        ])
    }

    @Test("RS-MD-4 does not apply to feeds, and RS-NL-1 does not apply to tombstones")
    func feedCarriesTombstones() throws {
        let violations = try Demo.violations([.object(tombstone)], endpoint: feed)
        #expect(!violations.contains { $0.rule == "RS-MD-4" || $0.rule == "RS-NL-1" })
    }
}
