import Logging

extension Logger {
    /// A logger that drops everything, for tests that don't look at logs.
    static let quiet = Logger(label: "treaty-http-tests") { _ in SwiftLogNoOpLogHandler() }
}
