/// Where generated suites will run, and what they may read to log in.
public struct VerificationEnvironment: Sendable {
    /// Whether the target is a live server (credentials come from ``variables``); against the
    /// in-process simulator, suites use the simulator's own defaults.
    public var isLive: Bool
    /// The environment variables (the process's, or a test's own).
    public var variables: [String: String]

    /// Creates an environment.
    public init(isLive: Bool, variables: [String: String] = [:]) {
        self.isLive = isLive
        self.variables = variables
    }

    /// The value of `name`, or `nil` when it is unset or empty.
    public func value(_ name: String) -> String? {
        variables[name].flatMap { $0.isEmpty ? nil : $0 }
    }
}
