import Foundation
import TreatyTestSupport

/// A Python test server from `Servers/`, listening on an ephemeral port of 127.0.0.1.
struct TestServer: Sendable {
    /// The scripts beside the tests.
    enum Script: String {
        /// `http_server.py`: HTTP/1.1, or HTTPS with `--cert`/`--key`.
        case http = "http_server.py"
        /// `h2_server.py`: HTTP/2 over TLS; needs Python's `h2` package.
        case h2 = "h2_server.py"
    }

    let port: Int
    let scheme: String

    /// The absolute URL of `path` on this server.
    func url(_ path: String) -> String {
        "\(scheme)://127.0.0.1:\(port)\(path)"
    }

    static let serversDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Servers")

    /// Whether Python can import `h2`, so ``Script/h2`` can run.
    static let hasPythonH2: Bool = {
        guard let process = try? ChildProcess("python3", ["-c", "import h2"], output: .null, error: .null) else {
            return false
        }
        return process.wait() == 0
    }()
}

struct TestServerDidNotStart: Error, CustomStringConvertible {
    var description: String
}

/// Starts a server, runs `body` with it, and stops the server however `body` ends.
func withTestServer<T>(
    _ script: TestServer.Script = .http,
    arguments: [String] = [],
    _ body: (TestServer) async throws -> T
) async throws -> T {
    let running = try await offload { try RunningServer(script: script, arguments: arguments) }
    do {
        let result = try await body(running.server)
        await offload { running.stop() }
        return result
    } catch {
        await offload { running.stop() }
        throw error
    }
}

/// A started server process.
///
/// `@unchecked Sendable` because `Pipe` is not `Sendable`: the value is created on one Dispatch
/// thread and stopped on another, never used by two threads at once.
private final class RunningServer: @unchecked Sendable {
    let server: TestServer
    private let process: ChildProcess
    private let lifeline: Pipe
    private let errorLog: URL

    init(script: TestServer.Script, arguments: [String]) throws {
        let output = Pipe()
        // The server exits when this pipe closes: in stop(), or if the test process dies.
        lifeline = Pipe()
        errorLog = FileManager.default.temporaryDirectory.appendingPathComponent("treaty-http-\(UUID().uuidString).log")
        process = try ChildProcess(
            "python3", [TestServer.serversDirectory.appendingPathComponent(script.rawValue).path] + arguments,
            input: .descriptor(lifeline.fileHandleForReading.fileDescriptor),
            output: .descriptor(output.fileHandleForWriting.fileDescriptor), error: .file(errorLog.path))
        try lifeline.fileHandleForReading.close()
        try output.fileHandleForWriting.close()
        let line = nextLine(from: output.fileHandleForReading.fileDescriptor)
        guard line.hasPrefix("PORT "), let port = Int(line.dropFirst(5)) else {
            let log = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
            try? lifeline.fileHandleForWriting.close()
            process.wait()
            throw TestServerDidNotStart(description: "\(script.rawValue) did not start: \(line) \(log)")
        }
        server = TestServer(port: port, scheme: arguments.contains("--cert") ? "https" : "http")
    }

    func stop() {
        try? lifeline.fileHandleForWriting.close()
        process.send(SIGTERM)
        process.wait()
        try? FileManager.default.removeItem(at: errorLog)
    }
}
