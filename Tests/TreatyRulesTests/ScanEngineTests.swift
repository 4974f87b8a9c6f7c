import Foundation
import Testing
import TreatyCore
import TreatyJSON
import TreatyRules
import TreatyTestSupport

/// The scanning engine against the tree engine it replaces, which stays the oracle: every payload
/// must give the same result, finding for finding, in the same order.
@Suite struct ScanEngineTests {
    static let listEndpoint = "GET /projects/{project_id}/tasks"

    /// Checks `payloads` in turn with one check per engine and expects equal results.
    func expectSameFindings(
        _ payloads: [[UInt8]], endpoint: String? = listEndpoint, resource: String? = nil, threads: Int = 1,
        limit: Int = 1000, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let target: CheckTarget =
            if let endpoint { try EndpointReference.resolve(endpoint, in: Demo.contract) } else {
                .resource(resource ?? "task")
            }
        let plan = try CheckPlan(contract: Demo.contract, target: target)
        var scan = PayloadCheck(plan: plan, maxViolationsPerPayload: limit)
        var tree = PayloadCheck(plan: plan, maxViolationsPerPayload: limit)
        scan.threads = threads
        tree.threads = threads
        tree.engine = .tree
        for (number, payload) in payloads.enumerated() {
            let fast = scan.check(payload, name: "p\(number).json")
            let oracle = tree.check(payload, name: "p\(number).json")
            #expect(Self.describe(fast) == Self.describe(oracle), sourceLocation: sourceLocation)
            #expect(fast.violations == oracle.violations, sourceLocation: sourceLocation)
        }
    }

    static func describe(_ result: PayloadResult) -> [String] {
        [
            "\(result.name) records \(result.records) omitted \(result.omitted) counts \(result.counts)",
            "failure \(result.failure.map { String(describing: $0) } ?? "-")",
        ]
            + result.violations.map {
                "\($0.rule) \($0.severity) \($0.pointer) \($0.position.map(\.description) ?? "-") \($0.message)"
                    + " | \($0.expected) | \($0.found) | \($0.fix)"
            }
    }

    static func bytes(_ records: [JSONObject], pretty: Bool = false) -> [UInt8] {
        let items = records.map { JSONValue.object($0).serialized() }
        return Array(
            (pretty ? "[\n  " + items.joined(separator: ",\n  ") + "\n]\n" : "[" + items.joined(separator: ",") + "]")
                .utf8)
    }

    static func id(_ i: Int) -> JSONValue { .string(String(format: "%08x-0000-4000-8000-%012x", i, i)) }

    /// A clean list of `count` tasks of project P1, sorted by position then id.
    static func cleanList(_ count: Int) -> [JSONObject] {
        (0..<count).map { i in
            Demo.t1.with("id", id(i)).with("position", .number(JSONNumber(i / 3)))
                .with("title", .string("Task \(i) with some words"))
                .with(
                    "description",
                    i % 4 == 0 ? .null : .string(i % 5 == 0 ? "naïve café 🚀 \"q\" \\ \n\t\u{00a0}" : "plain")
                )
                .with("assignee_id", i % 3 == 0 ? .null : Demo.t1["assignee_id"])
                .with("watcher_ids", i % 2 == 0 ? .array([]) : Demo.t1["watcher_ids"])
        }
    }

    // MARK: Fixtures

    @Test("the demo fixtures and payloads give the same findings", arguments: [1, 2])
    func demoFixtures(threads: Int) throws {
        let files = [
            "task.json", "payloads/tasks-p1.json", "payloads/tasks-p1-violations.json", "payloads/tasks-feed.json",
            "payloads/task-t1.json",
        ]
        let payloads = try files.map {
            try Array(Data(contentsOf: URL(fileURLWithPath: DemoFiles.fixturesPath + "/" + $0)))
        }
        try expectSameFindings(payloads, threads: threads)
        try expectSameFindings(payloads, endpoint: nil, resource: "task", threads: threads)
        try expectSameFindings(payloads, endpoint: "GET /projects/P1/tasks?updated_after=2025-01-01T00:00:00.000Z")
        for resource in ["user", "project", "tag"] {
            let data = try Array(Data(contentsOf: URL(fileURLWithPath: DemoFiles.fixturesPath + "/\(resource).json")))
            try expectSameFindings([data], endpoint: "GET /\(resource)s")
            try expectSameFindings([data], endpoint: nil, resource: resource)
        }
    }

    // MARK: Generated lists

    @Test("clean generated lists, compact and pretty, give the same (no) findings")
    func cleanLists() throws {
        let records = Self.cleanList(500)
        try expectSameFindings([
            Self.bytes(records), Self.bytes(records, pretty: true), Array("[]".utf8), Array(" [ ] \n".utf8),
        ])
        let plan = try CheckPlan(
            contract: Demo.contract, target: EndpointReference.resolve(Self.listEndpoint, in: Demo.contract))
        var check = PayloadCheck(plan: plan)
        let result = check.check(Self.bytes(records), name: "clean.json")
        #expect(result.records == 500)
        #expect(result.conforms)
    }

    /// Each breach the benchmark's generator injects, and more, one per list.
    static let breaches: [(String, @Sendable (JSONObject) -> JSONObject)] = [
        ("camelCase key", { $0.renaming("assignee_id", to: "assigneeId") }),
        ("camelCase metadata", { $0.renaming("created_at", to: "createdAt") }),
        ("missing key", { $0.with("description", nil) }),
        ("missing id", { $0.with("id", nil) }),
        ("missing tombstone", { $0.with("deleted_at", nil) }),
        ("missing version", { $0.with("version", nil) }),
        ("wrong type title", { $0.with("title", 42) }),
        ("wrong type position", { $0.with("position", "3") }),
        ("fractional position", { $0.with("position", .number(JSONNumber(2.5))) }),
        ("negative position", { $0.with("position", -1) }),
        ("null title", { $0.with("title", .null) }),
        ("null author", { $0.with("author_id", .null) }),
        ("null watchers", { $0.with("watcher_ids", .null) }),
        ("bad uuid", { $0.with("id", "not-a-uuid") }),
        ("bad assignee uuid", { $0.with("assignee_id", "1234") }),
        ("bad timestamp", { $0.with("updated_at", "2025-01-01 09:00:00") }),
        ("timestamp without millis", { $0.with("created_at", "2025-01-01T09:00:00Z") }),
        ("updated before created", { $0.with("updated_at", "2024-01-01T00:00:00.000Z") }),
        ("tombstone", { $0.with("deleted_at", "2025-02-01T00:00:00.000Z") }),
        ("negative version", { $0.with("version", -3) }),
        ("state not in enum", { $0.with("state", "blocked") }),
        ("empty title", { $0.with("title", "") }),
        ("padded title", { $0.with("title", "  x  ") }),
        ("long title", { $0.with("title", .string(String(repeating: "x", count: 81))) }),
        ("unicode title", { $0.with("title", "Ünïcödé títle") }),
        ("unsorted watchers", { $0.with("watcher_ids", .array(($0["watcher_ids"]?.arrayValue ?? []).reversed())) }),
        (
            "repeated watcher",
            { $0.with("watcher_ids", .array([Demo.t1["author_id"] ?? .null, Demo.t1["author_id"] ?? .null])) }
        ),
        ("internal key", { $0.with("local_id", 7) }),
        ("undeclared key", { $0.with("colour", "red") }),
        ("nested relation", { $0.with("assignee_id", nil).with("assignee", .object(Demo.users[0])) }),
        ("both shapes", { $0.with("assignee", .object(Demo.users[0])) }),
        ("other project", { $0.with("project_id", .string(Demo.p2)) }),
        ("escaped id", { $0.with("id", "0cb1e29c-658c-4a14-95e6-0af593bd04c\\u0066") }),
        ("uppercase id", { $0.with("id", .string(($0["id"]?.stringValue ?? "").uppercased())) }),
    ]

    @Test("each kind of breach gives the same findings", arguments: 0..<breaches.count)
    func breach(_ which: Int) throws {
        let (_, breach) = Self.breaches[which]
        var records = Self.cleanList(60)
        for index in [0, 17, 59] { records[index] = breach(records[index]) }
        try expectSameFindings([Self.bytes(records), Self.bytes(records, pretty: true)])
        try expectSameFindings([Self.bytes(records)], endpoint: nil, resource: "task")
    }

    @Test("duplicate ids, mis-ordered items, items that are not objects")
    func sequenceBreaches() throws {
        var records = Self.cleanList(80)
        records[40] = records[40].with("id", Self.id(3))
        records[50] = records[50].with("position", 0)
        records[51] = records[51].with("id", Self.id(1))
        records[60] = records[60].with("position", .number(JSONNumber(2.5)))
        var bytes = Self.bytes(records)
        try expectSameFindings([bytes])
        bytes.insert(contentsOf: Array("42, null, [1], \"x\", ".utf8), at: 1)
        try expectSameFindings([bytes])
        try expectSameFindings([Array("{\"id\": 1}".utf8), Array("7".utf8), bytes], limit: 3)
    }

    @Test("escapes, long ids and the shape of one payload carried into the next")
    func acrossPayloads() throws {
        let clean = Self.cleanList(20)
        let nested = clean.map { $0.with("assignee_id", nil).with("assignee", .object(Demo.users[0])) }
        try expectSameFindings([Self.bytes(clean), Self.bytes(nested), Self.bytes(clean)])
    }

    // MARK: Malformed JSON

    @Test(
        "malformed payloads are reported as the parser reports them",
        arguments: [
            "[", "[{\"id\": 1}", "[{}", "[{},]", "[{}] x", "[{\"a\":1,\"a\":2}]", "[{\"title\": \"\u{01}\"}]",
            "[{\"title\": \"\\q\"}]", "[{\"position\": 01}]", "[{\"position\": -}]", "[{\"title\": \"\\ud800\"}]",
            "[tru]",
            "[{\"title\" 1}]", "[{\"deleted_at\": nul}]", "{\"id\": 1", "", "   ", "[1 2]",
        ])
    func malformed(_ text: String) throws {
        let clean = Self.bytes(Self.cleanList(5))
        var broken = clean
        broken.replaceSubrange(0..<1, with: Array(text.utf8) + Array(",".utf8))
        try expectSameFindings([Array(text.utf8), broken, Array(clean.dropLast(7))])
        try expectSameFindings([Array(text.utf8) + [0xC3], Array("[\"\u{FF}\"]".utf8).map { $0 == 0xBF ? 0xFF : $0 }])
    }

    // MARK: Large lists

    @Test("large lists give the same findings on one thread and on several", arguments: [1, 2, 3])
    func largeLists(threads: Int) throws {
        var records = Self.cleanList(12_000)
        for (offset, (_, breach)) in Self.breaches.enumerated() {
            records[offset * 331 + 5] = breach(records[offset * 331 + 5])
        }
        records[9_000] = records[9_000].with("id", Self.id(10))
        let bytes = Self.bytes(records, pretty: true)
        #expect(bytes.count > 4 * 1024 * 1024)
        try expectSameFindings([bytes], threads: threads)
        try expectSameFindings([bytes], threads: threads, limit: 5)
        var truncated = bytes
        truncated.removeLast(bytes.count / 3)
        try expectSameFindings([truncated], threads: threads)
    }
}
