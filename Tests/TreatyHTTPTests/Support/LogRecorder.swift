import Logging
import Synchronization

/// Keeps every log event of the loggers it makes, for assertions.
final class LogRecorder: Sendable {
    struct Entry: Sendable {
        var level: Logger.Level
        var message: String
        var metadata: String
    }

    private let recorded = Mutex<[Entry]>([])

    var entries: [Entry] { recorded.withLock { $0 } }

    /// Every message with its metadata, one per line.
    var text: String {
        entries.map { "\($0.level) \($0.message) \($0.metadata)" }.joined(separator: "\n")
    }

    /// A logger that records here at `level` and above.
    func logger(level: Logger.Level = .trace) -> Logger {
        var logger = Logger(label: "treaty-http-tests") { _ in Handler(recorder: self) }
        logger.logLevel = level
        return logger
    }

    fileprivate func record(_ event: LogEvent) {
        let metadata = (event.metadata ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        recorded.withLock {
            $0.append(Entry(level: event.level, message: "\(event.message)", metadata: metadata.joined(separator: " ")))
        }
    }

    private struct Handler: LogHandler {
        let recorder: LogRecorder
        var logLevel: Logger.Level = .trace
        var metadata: Logger.Metadata = [:]

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            recorder.record(event)
        }
    }
}
