/// Why a simulator could not start or serve a contract.
///
/// A struct wrapping a private enum, so that cases can be added without breaking clients.
public struct SimulatorError: Error, Sendable, CustomStringConvertible {
    private enum Reason: Sendable {
        case bindFailed(host: String, port: Int, underlying: String)
        case invalidConfiguration(String)
    }

    private let reason: Reason

    private init(_ reason: Reason) {
        self.reason = reason
    }

    static func bindFailed(host: String, port: Int, underlying: any Error) -> SimulatorError {
        SimulatorError(.bindFailed(host: host, port: port, underlying: "\(underlying)"))
    }

    static func invalidConfiguration(_ message: String) -> SimulatorError {
        SimulatorError(.invalidConfiguration(message))
    }

    /// A sentence saying what went wrong and what to do.
    public var description: String {
        switch reason {
        case .bindFailed(let host, let port, let underlying):
            "cannot listen on \(host):\(port): \(underlying); pick another --port, or 0 for a free one"
        case .invalidConfiguration(let message):
            message
        }
    }
}
