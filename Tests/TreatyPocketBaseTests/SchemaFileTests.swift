import Foundation
import Testing
import TreatyCore

@testable import TreatyPocketBase

/// `collections: pb_schema.json`: a PocketBase contract takes its schema from the server's
/// export; the PocketBase module reads the section the loader kept.
@Suite struct SchemaFileTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let loader = ContractLoader(
        vocabulary: ContractVocabulary([.init(id: .pocketBase, sectionKeys: ["collections"])]))

    @Test("the blog contract names its collections file, resolved against the contract's directory")
    func blog() throws {
        let result = Self.loader.load(fileAt: Self.root + "/Contracts/blog/contract.yaml")
        let contract = try #require(result.contract, "\(DiagnosticRenderer().render(result.diagnostics))")
        #expect(contract.dialect == .pocketBase)
        #expect(contract.resources.isEmpty)
        let decoded = PocketBaseSchemaFile.decode(from: contract)
        #expect(decoded.diagnostics.isEmpty)
        let file = try #require(decoded.file)
        #expect(file.reference == "pb_schema.json")
        #expect(file.path == Self.root + "/Contracts/blog/pb_schema.json")
        #expect(file.location.line == 10)
    }

    @Test("a missing or non-JSON collections file is a located error")
    func badFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "treaty-collections-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "{ not json".write(toFile: directory + "/bad.json", atomically: true, encoding: .utf8)
        try "{\"a\": 1}".write(toFile: directory + "/object.json", atomically: true, encoding: .utf8)
        let file = directory + "/contract.yaml"
        func diagnostics(_ text: String) throws -> [String] {
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            let contract = try #require(Self.loader.load(fileAt: file).contract)
            return PocketBaseSchemaFile.decode(from: contract).diagnostics.map {
                "\($0.location?.line ?? 0) \($0.rule.rawValue)"
            }
        }
        #expect(try diagnostics("api: b\ndialect: pocketbase\ncollections: nope.json\n") == ["3 missing-file"])
        #expect(try diagnostics("api: b\ndialect: pocketbase\ncollections: bad.json\n") == ["3 invalid-collections"])
        #expect(try diagnostics("api: b\ndialect: pocketbase\ncollections: object.json\n") == ["3 invalid-collections"])
    }
}
