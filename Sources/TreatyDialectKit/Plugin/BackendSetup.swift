public import TreatyCore

/// What a tool asks a dialect to serve: `treaty serve`, the verifier's mock target and
/// `TreatyTesting`'s fake backend all build their backend from one. The dialect's own options
/// travel beside it, typed (``BackendProviding/makeBackend(_:options:)``).
public struct BackendSetup: Sendable {
    /// The contract ``DialectPlugin/loadBackend(_:)`` decodes, or `nil` for a dialect served
    /// without one (`treaty serve --dialect`); ``BackendProviding/makeBackend(_:)`` uses the
    /// schema's own.
    public var contract: Contract?
    /// The fixture directory, or `nil` to start with no records.
    public var fixtures: String?
    /// The seed of generated ids and secrets.
    public var seed: UInt64
    /// The largest fixture file accepted, in bytes.
    public var maxFixtureFileSize: Int

    /// Creates a setup.
    public init(
        contract: Contract?, fixtures: String? = nil, seed: UInt64 = 0,
        maxFixtureFileSize: Int = FixtureLimits.defaultMaxFileSize
    ) {
        self.contract = contract
        self.fixtures = fixtures
        self.seed = seed
        self.maxFixtureFileSize = maxFixtureFileSize
    }
}

/// What ``BackendProviding/makeBackend(_:)`` gave: the backend, and every diagnostic of the files
/// it read (warnings too).
public struct BackendLoadResult: Sendable {
    /// The backend, or `nil` when the diagnostics hold an error.
    public var backend: SimulatedBackend?
    /// The findings, in file order.
    public var diagnostics: [Diagnostic]

    /// Creates a result.
    public init(backend: SimulatedBackend?, diagnostics: [Diagnostic] = []) {
        self.backend = backend
        self.diagnostics = diagnostics
    }

    /// A result that failed with one error not tied to a place in a file.
    public static func failure(_ message: String, file: String, fix: String? = nil) -> BackendLoadResult {
        BackendLoadResult(
            backend: nil, diagnostics: [.error("invalid-setup", message, at: SourceLocation(file: file), fix: fix)])
    }
}
