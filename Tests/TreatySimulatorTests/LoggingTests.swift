import HTTPTypes
import Logging
import NIOHTTP1
import Synchronization
import Testing
import TreatyDialect
import TreatySimulator

@Suite struct LoggingTests {
    @Test("each request is logged at debug with method, path, status and duration, and no secrets")
    func debugLine() async throws {
        let sink = LogSink()
        var logger = Logger(label: "test", factory: { _ in sink })
        logger.logLevel = .debug
        let configuration = SimulatorConfiguration(logger: logger)
        try await Simulator.withRunning(dialect: EchoDialect(), store: try TestStore.make(), configuration: configuration) {
            url in
            let headers = [("Authorization", "Bearer s3cret"), ("X-Session-Token", "s3cret")]
            _ = try await TestClient.send(TestRequest(.POST, "/things?token=s3cret", headers: headers, text: "s3cret"), to: url)
        }
        let lines = sink.lines
        let line = try #require(lines.first { $0.level == .debug && $0.message.hasPrefix("POST /things") })
        #expect(line.message == "POST /things -> 200")
        #expect(line.metadata["method"] == "POST")
        #expect(line.metadata["path"] == "/things")
        #expect(line.metadata["status"] == "200")
        #expect(line.metadata["duration_us"] != nil)
        #expect(!lines.contains { "\($0.message) \($0.metadata)".contains("s3cret") })
    }
}

/// A log handler that keeps what it is given, for assertions.
final class LogSink: LogHandler, @unchecked Sendable {
    // `logLevel` and `metadata` are set once while configuring the logger; `recorded` is behind a mutex.
    struct Line: Sendable {
        var level: Logger.Level
        var message: String
        var metadata: [String: String]
    }

    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]
    private let recorded = Mutex<[Line]>([])

    var lines: [Line] { recorded.withLock { $0 } }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let values = (event.metadata ?? [:]).mapValues { "\($0)" }
        recorded.withLock { $0.append(Line(level: event.level, message: "\(event.message)", metadata: values)) }
    }
}
