import Foundation
import Testing

/// A flag pointed at the wrong kind of path — a directory for a file, a file for a directory, a
/// path that is not there — is refused with exit 2 and words that say what was expected, never a
/// Foundation error code.
@Suite struct WrongPathTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let says: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(
            arguments: [
                "serve", "--contract", "Contracts/demo", "--fixtures", "Contracts/demo/contract.yaml", "--port", "0",
            ],
            says: "cannot read the fixture directory: it is a file, not a directory"),
        Case(
            arguments: ["serve", "--contract", "Contracts/demo", "--fixtures", "Fixtures/none", "--port", "0"],
            says: "cannot read the fixture directory: it does not exist"),
        Case(
            arguments: [
                "serve", "--contract", "Contracts/music", "--fixtures", "Fixtures/demo/user.json", "--port", "0",
            ],
            says: "cannot read the fixture directory: it is a file, not a directory"),
        Case(
            arguments: [
                "serve", "--contract", "Contracts/blog", "--fixtures", "Fixtures/demo/user.json", "--port", "0",
            ],
            says: "cannot read the fixture directory: it is a file, not a directory"),
        Case(
            arguments: ["serve", "--contract", "Contracts/demo", "--faults", "Fixtures", "--port", "0"],
            says: "cannot read the fault file: it is a directory, not a file"),
        Case(
            arguments: ["serve", "--dialect", "pocketbase", "--collections", "Fixtures", "--port", "0"],
            says: "cannot read the collections file: it is a directory, not a file"),
        Case(
            arguments: ["verify", "--contract", "Contracts/demo", "--fixtures", "Fixtures/demo/user.json"],
            says: "cannot use the fixture directory Fixtures/demo/user.json: it is a file, not a directory"),
        Case(
            arguments: ["verify", "--contract", "Contracts/demo", "--junit", "Contracts"],
            says: "it is a directory; give a file path such as Contracts/junit.xml"),
        Case(
            arguments: ["verify", "--contract", "Contracts/demo", "--junit", "Package.swift/junit.xml"],
            says: "Package.swift is a file, so nothing can be written under it"),
        Case(
            arguments: ["report", "merge", "-o", "merged.xml", "Contracts"],
            says: "cannot read the file: it is a directory, not a JUnit XML file"),
        Case(
            arguments: ["lint", "Contracts/demo/contract.yaml/inner.yaml"],
            says: "no such file or directory"),
    ]

    @Test("the wrong kind of path is refused with what was expected", arguments: cases)
    func wrongPath(_ example: Case) async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "treaty-wrong-path-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let arguments = example.arguments.map { $0 == "merged.xml" ? scratch.appendingPathComponent($0).path : $0 }
        let output = try await TreatyProcess.run(arguments)
        let text = output.standardOutput + output.standardError
        #expect(output.status == 2, "\(text)")
        #expect(text.contains(example.says), "\(text)")
        #expect(!text.contains("NSCocoaErrorDomain") && !text.contains("Foundation."), "\(text)")
    }
}
