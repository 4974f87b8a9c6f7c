import CLibXML2

/// Collects libxml2's structured errors as `source:line: message` lines.
///
/// Not `Sendable`: a collector lives for one synchronous libxml2 call.
final class XMLErrorCollector {
    let source: String
    private(set) var messages: [String] = []

    init(source: String) {
        self.source = source
    }

    /// Adds a message of our own.
    func append(_ message: String) {
        messages.append(message)
    }

    /// Calls `body` with a C error handler and the user-data pointer to register it with; errors
    /// reported while `body` runs are collected.
    func withHandler<Result>(_ body: (xmlStructuredErrorFunc, UnsafeMutableRawPointer) -> Result) -> Result {
        let handler: xmlStructuredErrorFunc = { userData, error in
            guard let userData, let error else { return }
            Unmanaged<XMLErrorCollector>.fromOpaque(userData).takeUnretainedValue().record(error.pointee)
        }
        return withExtendedLifetime(self) {
            body(handler, Unmanaged.passUnretained(self).toOpaque())
        }
    }

    private func record(_ error: xmlError) {
        let line = Int(error.line)
        messages.append("\(source)\(line > 0 ? ":\(line)" : ""): \(LibXML.message(of: error))")
    }
}
