import Foundation
import Testing
import TreatyCore
import TreatyDialect

@Suite struct FixtureDirectoryTests {
    /// A new directory holding `files` (relative name → text); the caller removes it.
    func directory(_ files: [String: String]) throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("treaty-walker-\(UUID().uuidString)").path
        for (name, text) in files {
            let file = path + "/" + name
            try FileManager.default.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("files are listed sorted, by extension, hidden ones skipped, named folders walked one level down")
    func listing() throws {
        let path = try directory([
            "b.json": "[]", "a.yaml": "[]", "c.txt": "x", ".hidden.json": "[]", "Main/d.json": "[]",
            "Other/e.json": "[]", "Main/.f.json": "[]",
        ])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let walker = FixtureDirectory(path: path, extensions: [".json", ".yaml"], folders: ["Main"], fix: "fix it")
        let listing = walker.list()
        #expect(listing.diagnostics.isEmpty)
        #expect(listing.files.map(\.relativePath) == ["Main/d.json", "a.yaml", "b.json"])
        #expect(listing.files.map(\.stem) == ["Main/d", "a", "b"])
        #expect(listing.files.map(\.fileExtension) == [".json", ".yaml", ".json"])
        #expect(listing.files.map(\.path) == [path + "/Main/d.json", path + "/a.yaml", path + "/b.json"])
    }

    @Test("an unreadable directory is one located error carrying the caller's fix")
    func unreadable() throws {
        let walker = FixtureDirectory(path: "/nonexistent/fixtures", fix: "pass --fixtures")
        let listing = walker.list()
        #expect(listing.files.isEmpty)
        let diagnostic = try #require(listing.diagnostics.first)
        #expect(listing.diagnostics.count == 1)
        #expect(diagnostic.rule == "unreadable-file")
        #expect(diagnostic.message == "cannot read the fixture directory: it does not exist")
        #expect(diagnostic.location == SourceLocation(file: "/nonexistent/fixtures"))
        #expect(diagnostic.fix == "pass --fixtures")
    }

    @Test("a file over the size limit is refused, located, before it is read")
    func sizeLimit() throws {
        let path = try directory(["big.json": String(repeating: "x", count: 100), "small.json": "[]"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let walker = FixtureDirectory(path: path, maxFileSize: 10, fix: "")
        let files = walker.list().files
        #expect(files.count == 2)
        guard case .refused(let diagnostic) = walker.read(files[0]) else {
            Issue.record("a 100-byte file passed a 10-byte limit")
            return
        }
        #expect(diagnostic.rule == "file-too-large")
        #expect(diagnostic.message == "the fixture file has 100 bytes, more than the limit of 10 bytes")
        #expect(diagnostic.location == SourceLocation(file: path + "/big.json"))
        guard case .bytes(let bytes) = walker.read(files[1]) else {
            Issue.record("a small file was refused")
            return
        }
        #expect(bytes == Array("[]".utf8))
    }

    @Test("a link leading out of the directory is refused")
    func linkOut() throws {
        let outside = try directory(["secret.json": "[]"])
        let path = try directory([:])
        defer {
            try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: outside)
        }
        try FileManager.default.createSymbolicLink(
            atPath: path + "/x.json", withDestinationPath: outside + "/secret.json")
        let listing = FixtureDirectory(path: path, fix: "").list()
        #expect(listing.files.isEmpty)
        #expect(listing.diagnostics.map(\.rule) == ["path-outside-directory"])
    }
}
