public import HTTPTypes
public import TreatyDialectKit
internal import TreatySecrets
public import TreatySimulator

/// Where a verification run sends its requests.
public enum VerificationTarget: Sendable {
    /// The in-process simulator, started on a loopback port for the run and reset to its
    /// fixtures before every suite. Requests go over real HTTP, exactly as to a live server.
    case mock(MockTarget)
    /// A running server, such as staging.
    case live(LiveTarget)

    /// `mock`, or the live base URL.
    public var description: String {
        switch self {
        case .mock: "mock"
        case .live(let live): live.baseURL
        }
    }
}

/// The in-process simulator a run verifies against.
public struct MockTarget: Sendable {
    /// What the simulator serves: the dialect, the store's contract and the records it starts
    /// from (and is reset to before each suite). A dialect's plugin builds it
    /// (``TreatyDialectKit/BackendProviding/makeBackend(_:)``); tests pass a deliberately broken
    /// dialect here to prove the verifier catches it.
    public var backend: SimulatedBackend
    /// How the simulator listens and logs.
    public var simulator: SimulatorConfiguration

    /// Creates a mock target.
    public init(backend: SimulatedBackend, simulator: SimulatorConfiguration = SimulatorConfiguration()) {
        self.backend = backend
        self.simulator = simulator
    }
}

/// A running server a run verifies against.
public struct LiveTarget: Sendable {
    /// The base URL, e.g. `https://staging.example.com/api`.
    public var baseURL: String
    /// Headers sent with every request: credentials such as `Authorization: Bearer …`.
    public var headers: HTTPFields

    /// Creates a live target.
    public init(baseURL: String, headers: HTTPFields = [:]) {
        self.baseURL = baseURL
        self.headers = headers
    }

    /// The secret values in ``headers``, for redaction.
    var secrets: [String] {
        headers.filter { SecretPolicy.isSecretHeader($0.name.rawName) }.flatMap { field in
            [field.value] + field.value.split(separator: " ").dropFirst().map(String.init)
        }
    }
}
