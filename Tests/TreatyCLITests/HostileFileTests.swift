import Foundation
import Testing

/// Hostile files are refused with a located error and exit 2 (1 for `treaty lint`'s findings),
/// before they cost the time or memory their size or shape would: huge files by their size
/// alone, deep nesting and alias bombs by their limits, invalid UTF-8 and control characters
/// at their byte, duplicate keys, and paths that leave the project, by `..` or by a link.
@Suite final class HostileFileTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("treaty-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    func write(_ name: String, _ text: String) throws -> String {
        let file = path(name)
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    func writeBytes(_ name: String, _ bytes: [UInt8]) throws -> String {
        let file = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// A file of `size` bytes that takes no disk space (a sparse file): only its size is read.
    func sparse(_ name: String, size: UInt64) throws -> String {
        let file = path(name)
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: file, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        try handle.truncate(atOffset: size)
        try handle.close()
        return file
    }

    func link(_ name: String, to target: String) throws -> String {
        let file = path(name)
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: target)
        return file
    }

    static let demo = try! String(contentsOfFile: TreatyProcess.root + "/Contracts/demo/contract.yaml", encoding: .utf8)

    /// Runs `arguments` and expects `status` with `rule` in a line that names `file` with a line
    /// and column when `located`.
    func expectRefused(
        _ arguments: [String], status: Int32 = 2, rule: String, file: String, located: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let output = try await TreatyProcess.run(arguments)
        let text = output.standardOutput + output.standardError
        #expect(output.status == status, "\(text)", sourceLocation: sourceLocation)
        let line = text.split(separator: "\n").first { $0.contains("[\(rule)]") }
        #expect(line?.hasPrefix(file) == true, "no [\(rule)] error naming \(file):\n\(text)", sourceLocation: sourceLocation)
        if located {
            #expect(
                line.map { $0.dropFirst(file.count).hasPrefix(":") } == true, "not located: \(line ?? "")",
                sourceLocation: sourceLocation)
        }
    }

    @Test("a 100 MB contract is refused by its size")
    func hugeContract() async throws {
        let file = try sparse("huge/contract.yaml", size: 100_000_000)
        try await expectRefused(["lint", file], rule: "file-too-large", file: file, located: false)
    }

    @Test("deep nesting, an alias bomb, invalid UTF-8, a NUL byte and a duplicate key in a contract")
    func shapes() async throws {
        let deep = try write("deep.yaml", "api: x\ndialect: rest-sync\nresources:\n  a: " + String(repeating: "[", count: 100_000) + "\n")
        try await expectRefused(["lint", deep], rule: "too-deep", file: deep)
        var bomb = "api: x\ndialect: rest-sync\na: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
        var previous = "a"
        for letter in "bcdefghij" {
            bomb += "\(letter): &\(letter) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",") + "]\n"
            previous = String(letter)
        }
        let bombFile = try write("bomb.yaml", bomb + "resources: *j\n")
        try await expectRefused(["lint", bombFile], rule: "too-many-nodes", file: bombFile)
        let invalid = Array("api: d".utf8) + [0xFF] + Array("mo".utf8)
        let utf8 = try writeBytes("utf8.yaml", Array(Self.demo.utf8).replacing(Array("api: demo".utf8), with: invalid))
        try await expectRefused(["lint", utf8], rule: "invalid-utf8", file: utf8)
        let nul = try writeBytes("nul.yaml", Array(Self.demo.utf8).replacing(Array("api: demo".utf8), with: Array("api: de\u{0}mo".utf8)))
        try await expectRefused(["lint", nul], rule: "yaml-syntax", file: nul)
        let duplicate = try write("dup.yaml", Self.demo.replacingOccurrences(of: "api: demo", with: "api: demo\napi: other"))
        try await expectRefused(["lint", duplicate], rule: "duplicate-key", file: duplicate)
    }

    @Test("a contract naming a file outside its directory, by .. or by a link, is refused")
    func pathsLeavingTheProject() async throws {
        let traversal = try write("pb/contract.yaml", "api: blog\ndialect: pocketbase\ncollections: ../../../../../etc/passwd\n")
        try await expectRefused(["lint", traversal], status: 1, rule: "path-outside-contract", file: traversal)
        _ = try link("pb2/schema.json", to: "/etc/passwd")
        let linked = try write("pb2/contract.yaml", "api: blog\ndialect: pocketbase\ncollections: schema.json\n")
        try await expectRefused(["lint", linked], status: 1, rule: "path-outside-contract", file: linked)
    }

    @Test("fixtures: a link out of the directory, 100 MB, and deep nesting, each stops serve")
    func fixtures() async throws {
        let contract = ["serve", "--contract", "Contracts/demo/contract.yaml", "--port", "0", "--fixtures"]
        let linked = try link("links/user.json", to: "/etc/passwd")
        try await expectRefused(contract + [path("links")], rule: "path-outside-directory", file: linked, located: false)
        let huge = try sparse("huge-fixtures/task.json", size: 100_000_000)
        try await expectRefused(contract + [path("huge-fixtures")], rule: "file-too-large", file: huge, located: false)
        let deep = try write("deep-fixtures/task.json", String(repeating: "[", count: 100_000))
        try await expectRefused(contract + [path("deep-fixtures")], rule: "json.too-deep", file: deep)
        let pocketBase = try link("pb-links/posts.json", to: "/etc/passwd")
        try await expectRefused(
            ["serve", "--contract", "Contracts/blog/", "--port", "0", "--fixtures", path("pb-links")],
            rule: "path-outside-directory", file: pocketBase, located: false)
    }

    @Test("a 100 MB PocketBase schema is refused by its size")
    func hugeSchema() async throws {
        let schema = try sparse("schema/pb_schema.json", size: 100_000_000)
        try await expectRefused(
            ["serve", "--dialect", "pocketbase", "--collections", schema, "--port", "0"], rule: "file-too-large",
            file: schema, located: false)
    }
}
