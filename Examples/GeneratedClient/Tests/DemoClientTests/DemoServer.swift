import Foundation

/// `treaty serve` of the demo contract on an ephemeral loopback port, run from the built `treaty`
/// binary (`$TREATY_BINARY`, else the repository's `.build/debug/treaty`) until ``stop()``.
final class DemoServer {
    struct NotStarted: Error, CustomStringConvertible {
        let description: String
    }

    let process = Process()
    /// The base URL the server printed.
    let url: URL

    /// Starts the server and waits for the line that names its URL.
    init() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let binary =
            ProcessInfo.processInfo.environment["TREATY_BINARY"]
            ?? root.appendingPathComponent(".build/debug/treaty").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw NotStarted(description: "no treaty binary at \(binary); run 'swift build' in \(root.path) first")
        }
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [
            "serve", "--contract", root.appendingPathComponent("Contracts/demo").path, "--fixtures",
            root.appendingPathComponent("Fixtures/demo").path, "--port", "0",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first line: "treaty: serving demo (rest-sync) at http://127.0.0.1:PORT - …".
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let start = text.range(of: "http://"),
            let url = URL(string: String(text[start.lowerBound...].prefix { $0 != " " && $0 != "\n" }))
        else {
            process.terminate()
            throw NotStarted(description: "treaty serve printed no URL: \(text)")
        }
        self.url = url
    }

    /// Stops the server (SIGTERM) and waits for it.
    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}
