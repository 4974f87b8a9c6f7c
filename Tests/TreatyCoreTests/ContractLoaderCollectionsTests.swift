import Foundation
import Testing
import TreatyCore
import TreatyTestSupport

/// `collections: pb_schema.json`: a PocketBase contract takes its schema from the server's export.
@Suite struct ContractLoaderCollectionsTests {
    @Test("the blog contract loads with its collections file and no resources")
    func blog() throws {
        let result = ContractLoader().load(fileAt: DemoFiles.root + "/Contracts/blog/contract.yaml")
        let contract = try #require(result.contract, "\(result.diagnostics.rendered)")
        #expect(contract.dialect == .pocketBase)
        #expect(contract.resources.isEmpty)
        #expect(contract.collections?.reference == "pb_schema.json")
        #expect(contract.collections?.path == DemoFiles.root + "/Contracts/blog/pb_schema.json")
        #expect(contract.collections?.location.line == 10)
    }

    @Test("searching Contracts/ skips the schema file a contract names")
    func searchSkipsSchema() {
        let files = ContractLoader().loadAll(paths: [DemoFiles.root + "/Contracts"]).map(\.file)
        #expect(files.contains { $0.hasSuffix("blog/contract.yaml") })
        #expect(!files.contains { $0.hasSuffix("pb_schema.json") })
    }

    @Test("a missing, non-JSON or misplaced collections file is a located error")
    func badFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "treaty-collections-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "{ not json".write(toFile: directory + "/bad.json", atomically: true, encoding: .utf8)
        try "{\"a\": 1}".write(toFile: directory + "/object.json", atomically: true, encoding: .utf8)
        let file = directory + "/contract.yaml"
        func diagnostics(_ text: String) -> [String] {
            ContractLoader().load(text: text, file: file).diagnostics.map {
                "\($0.location?.line ?? 0) \($0.rule.rawValue)"
            }
        }
        #expect(diagnostics("api: b\ndialect: pocketbase\ncollections: nope.json\n") == ["3 missing-file"])
        #expect(diagnostics("api: b\ndialect: pocketbase\ncollections: bad.json\n") == ["3 invalid-collections"])
        #expect(diagnostics("api: b\ndialect: pocketbase\ncollections: object.json\n") == ["3 invalid-collections"])
        #expect(diagnostics("api: b\ndialect: rest-sync\ncollections: object.json\n") == ["3 invalid-value"])
        #expect(diagnostics("api: b\ndialect: pocketbase\n") == ["1 missing-key"])
    }
}
