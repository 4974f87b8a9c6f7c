public import HTTPTypes
public import TreatyCore
public import TreatyDialect
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
    /// The records the simulator starts from (and is reset to before each suite).
    public var fixtures: FixtureSet
    /// Makes the dialect the simulator serves; by default the contract's own. Tests pass a
    /// deliberately broken dialect here to prove the verifier catches it.
    public var makeDialect: @Sendable (Contract) throws -> any Dialect
    /// How the simulator listens and logs.
    public var simulator: SimulatorConfiguration

    /// Creates a mock target.
    public init(
        fixtures: FixtureSet = FixtureSet(),
        simulator: SimulatorConfiguration = SimulatorConfiguration(),
        makeDialect: @escaping @Sendable (Contract) throws -> any Dialect = { try Simulator.dialect(for: $0) }
    ) {
        self.fixtures = fixtures
        self.simulator = simulator
        self.makeDialect = makeDialect
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
        headers.filter { Redactor.isSecretHeader($0.name.rawName) }.flatMap { field in
            [field.value] + field.value.split(separator: " ").dropFirst().map(String.init)
        }
    }
}
