import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `Tests/TreatyVerifierTests/LiveServer/server.py`: a read-only rest-sync backend in Python
/// serving the demo fixtures on an ephemeral port of 127.0.0.1 — a server Treaty did not write.
public struct LiveServer: Sendable {
    /// The port it listens on.
    public let port: Int

    /// The server's base URL.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    static let script = DemoFiles.root + "/Tests/TreatyVerifierTests/LiveServer/server.py"
}

/// The live server did not print its port.
public struct LiveServerDidNotStart: Error, CustomStringConvertible {
    public var description: String
}

/// Starts the server (requiring `Authorization: Bearer <token>` when a token is given, leaving
/// every key of `omitting` out of the tasks it serves), runs `body` with it, and terminates the
/// server however `body` ends.
public func withLiveServer<T>(
    token: String? = nil, omitting: [String] = [], _ body: (LiveServer) async throws -> T
) async throws -> T {
    let output = Pipe()
    let lifeline = Pipe()  // the server exits when this closes, even if the test process crashes
    let process = try ChildProcess(
        "python3",
        [LiveServer.script, "--fixtures", DemoFiles.fixturesPath, "--port", "0", "--lifeline"]
            + (token.map { ["--token", $0] } ?? []) + omitting.flatMap { ["--omit", $0] },
        input: .descriptor(lifeline.fileHandleForReading.fileDescriptor),
        output: .descriptor(output.fileHandleForWriting.fileDescriptor), error: .null)
    try lifeline.fileHandleForReading.close()
    try output.fileHandleForWriting.close()
    defer {
        try? lifeline.fileHandleForWriting.close()
        process.send(SIGKILL)
        process.wait()
    }
    let line = nextLine(from: output.fileHandleForReading.fileDescriptor)
    guard line.hasPrefix("PORT "), let port = Int(line.dropFirst(5)) else {
        throw LiveServerDidNotStart(description: "server.py did not start; it printed \(line.debugDescription)")
    }
    return try await body(LiveServer(port: port))
}
