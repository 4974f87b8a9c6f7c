import Foundation
import Testing
import TreatyTestSupport

@testable import TreatyReports

/// Paths, files and processes the report tests share.
enum TestSupport {
    /// `Tests/TreatyReportsTests`, found from this file, never from the working directory.
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path

    /// The schema copies checked in next to the tests (the repository is cloned alone in CI).
    static func schema(_ name: String) -> String {
        testsDirectory + "/Schemas/" + name
    }

    /// A fresh, empty temporary directory.
    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "treaty-reports-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The absolute path of an executable on `PATH`, or `nil`.
    static func executable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Whether python3 can import junitparser.
    static let hasJunitparser: Bool = {
        guard let python = executable("python3"),
            let result = try? run(python, ["-c", "import junitparser"])
        else { return false }
        return result.status == 0
    }()

    struct ProcessResult {
        var status: Int32
        var output: String
    }

    /// Runs a program to completion; standard output and error are returned together.
    static func run(_ program: String, _ arguments: [String]) throws -> ProcessResult {
        let outputFile = NSTemporaryDirectory() + "treaty-reports-out-" + UUID().uuidString
        _ = FileManager.default.createFile(atPath: outputFile, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: outputFile) }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: outputFile))
        let process = try ChildProcess(
            program, arguments, output: .descriptor(handle.fileDescriptor), error: .descriptor(handle.fileDescriptor))
        let status = process.wait()
        try handle.close()
        let output = try String(contentsOfFile: outputFile, encoding: .utf8)
        return ProcessResult(status: status, output: output)
    }
}

/// Golden files under `Tests/TreatyReportsTests/Snapshots/`; set `TREATY_RECORD_SNAPSHOTS=1` to rewrite them.
enum Snapshot {
    static func assert(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = TestSupport.testsDirectory + "/Snapshots/\(name)"
        if ProcessInfo.processInfo.environment["TREATY_RECORD_SNAPSHOTS"] == "1" {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == expected, "snapshot \(name) differs", sourceLocation: sourceLocation)
    }
}

extension [UInt8] {
    /// The bytes as UTF-8 text.
    var text: String { String(decoding: self, as: UTF8.self) }
}
