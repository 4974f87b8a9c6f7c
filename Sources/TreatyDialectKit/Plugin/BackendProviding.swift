internal import TreatyCore

/// Makes the backend the simulator serves from a decoded schema.
///
/// Conformers must guarantee that ``makeBackend(_:options:)`` returns a backend only when its
/// diagnostics hold no error, and that the dialect it makes answers every failure (unknown
/// routes, oversized bodies, injected faults) in the dialect's own error format, which
/// ``PayloadJudging/checkErrorBody(_:status:)`` accepts.
public protocol BackendProviding: Sendable {
    /// The dialect's own `treaty serve` options (its plugin's
    /// ``DialectDescription/ServeOptions``).
    associatedtype ServeOptions: DialectOptions = NoDialectOptions

    /// Builds what the simulator serves: the dialect, the contract its store follows and the
    /// records it starts with (and is reset to).
    ///
    /// - Parameters:
    ///   - setup: The fixture directory and the seed (the schema already holds the contract).
    ///   - options: The dialect's own options, parsed and checked.
    /// - Returns: The backend, or the diagnostics that prevent it (a file an option names that
    ///   cannot be used, too).
    func makeBackend(_ setup: BackendSetup, options: ServeOptions) -> BackendLoadResult
}

extension BackendProviding {
    /// Builds the backend with the dialect's default options (``DialectOptions/defaults()``).
    ///
    /// - Parameter setup: The fixture directory and the seed.
    /// - Returns: The backend, or the diagnostics that prevent it (an options type that requires
    ///   an option, too).
    public func makeBackend(_ setup: BackendSetup) -> BackendLoadResult {
        do {
            return makeBackend(setup, options: try ServeOptions.defaults())
        } catch {
            return .failure(error.message, file: setup.contract?.file ?? "options")
        }
    }
}
