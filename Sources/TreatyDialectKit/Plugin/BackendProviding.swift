/// Makes the backend the simulator serves from a decoded schema.
///
/// Conformers must guarantee that ``makeBackend(_:)`` returns a backend only when its
/// diagnostics hold no error, and that the dialect it makes answers every failure (unknown
/// routes, oversized bodies, injected faults) in the dialect's own error format, which
/// ``PayloadJudging/checkErrorBody(_:status:)`` accepts.
public protocol BackendProviding: Sendable {
    /// Builds what the simulator serves: the dialect, the contract its store follows and the
    /// records it starts with (and is reset to).
    ///
    /// - Parameter setup: The fixture directory, the dialect's options and the seed (the
    ///   schema already holds the contract).
    /// - Returns: The backend, or the diagnostics that prevent it.
    func makeBackend(_ setup: BackendSetup) -> BackendLoadResult
}
