import Foundation
import Testing
import TreatyTestSupport

/// Runs the built `treaty` executable as a user would, from the repository root.
struct TreatyProcess {
    struct Output {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    static var root: String { DemoFiles.root }

    /// The `treaty` binary next to the test bundle.
    static let executable: URL = {
        let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return bundleDirectory.appendingPathComponent("treaty")
    }()

    /// Runs `treaty arguments…` with `input` on standard input.
    static func run(
        _ arguments: [String], input: Data = Data(), directory: String = root, environment: [String: String] = [:]
    ) async throws -> Output {
        try await command(executable.path, arguments, input: input, directory: directory, environment: environment)
    }

    /// Whether `program arguments…` exits 0: for `.enabled(if:)` checks, which cannot await.
    static func succeeds(_ program: String, _ arguments: [String]) -> Bool {
        guard let process = try? ChildProcess(program, arguments, output: .null, error: .null) else { return false }
        return process.wait() == 0
    }

    /// Runs `program` (a path, or a name looked up in `PATH`) with `input` on standard input,
    /// collecting output through temporary files (pipes could fill up and block the child).
    /// `TREATY_TARGET` and `TREATY_TOKEN` are not passed on. The wait holds no thread of the
    /// cooperative pool (see ``ChildProcess/exited()``).
    static func command(
        _ program: String, _ arguments: [String], input: Data = Data(), directory: String = root,
        environment: [String: String] = [:]
    ) async throws -> Output {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("treaty-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inURL = scratch.appendingPathComponent("stdin")
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        try input.write(to: inURL)
        var inherited = ProcessInfo.processInfo.environment
        inherited["TREATY_TARGET"] = nil
        inherited["TREATY_TOKEN"] = nil
        let process = try ChildProcess(
            program, arguments, environment: inherited.merging(environment) { $1 }, directory: directory,
            input: .file(inURL.path), output: .file(outURL.path), error: .file(errURL.path))
        let status = await process.exited()
        return Output(
            status: status,
            standardOutput: try String(contentsOf: outURL, encoding: .utf8),
            standardError: try String(contentsOf: errURL, encoding: .utf8))
    }
}

/// `treaty serve …` running from the repository root, its standard error discarded, until
/// ``stop(_:)`` — call it in a `defer`, which also keeps the value alive to the end of the
/// test (deinit kills the server too, but ARC may end a value's life after its last use).
final class ServeProcess {
    let process: ChildProcess
    /// The line `treaty serve` printed first (`treaty: serving … at URL`), or what it printed
    /// before it exited.
    let banner: String

    /// Starts `treaty serve arguments…`, with `environment` added to this process's and its
    /// standard error written to the file `errorLog` (discarded when `nil`).
    init(_ arguments: [String], environment: [String: String] = [:], errorLog: String? = nil) throws {
        let output = Pipe()
        process = try ChildProcess(
            TreatyProcess.executable.path, ["serve"] + arguments,
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, directory: TreatyProcess.root,
            output: .descriptor(output.fileHandleForWriting.fileDescriptor), error: errorLog.map { .file($0) } ?? .null)
        try output.fileHandleForWriting.close()
        banner = nextLine(from: output.fileHandleForReading.fileDescriptor)
    }

    /// The base URL from the banner (the word after ` at `), when it has one.
    var url: String? {
        guard banner.hasPrefix("treaty: serving "), let at = banner.range(of: " at http://") else { return nil }
        return banner[banner.index(at.lowerBound, offsetBy: 4)...].split(separator: " ").first.map(String.init)
    }

    /// Sends `signal` and returns the exit status.
    @discardableResult
    func stop(_ signal: Int32 = SIGKILL) -> Int32 {
        process.send(signal)
        return process.wait()
    }

    deinit {
        stop()
    }
}

/// Golden files under `Tests/TreatyCLITests/Snapshots/`; set `TREATY_RECORD_SNAPSHOTS=1` to rewrite them.
enum Snapshot {
    static func assert(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = TreatyProcess.root + "/Tests/TreatyCLITests/Snapshots/\(name)"
        if ProcessInfo.processInfo.environment["TREATY_RECORD_SNAPSHOTS"] == "1" {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == expected, "snapshot \(name) differs", sourceLocation: sourceLocation)
    }
}
