public import HTTPTypes

/// A fault to inject: which requests it applies to, how often, and what it does.
///
/// A rule applies to a request when its ``method`` (if any) equals the request's and its
/// ``path`` glob matches the request's path; it then fires with ``probability``, drawn from the
/// simulator's seeded generator so that a run is reproducible. When several rules apply they
/// are tried in order: every latency that fires adds up, and the first status, reset or rate
/// limit that fires decides the answer.
///
/// ```swift
/// FaultRule(method: .patch, path: "/projects/*/tasks/*", probability: 0.1, action: .status(.serviceUnavailable))
/// FaultRule(path: "/**", action: .latency(milliseconds: 20...80))
/// ```
public struct FaultRule: Sendable, Hashable {
    /// The method the rule applies to; `nil` for every method.
    public var method: HTTPRequest.Method?
    /// The paths the rule applies to.
    public var path: PathPattern
    /// How likely the rule fires on a request it applies to, from 0 (never) to 1 (always).
    public var probability: Double
    /// What the rule does when it fires.
    public var action: FaultAction

    /// Creates a rule.
    ///
    /// - Parameters:
    ///   - method: The method the rule applies to; `nil` (the default) for every method.
    ///   - path: The paths the rule applies to (default: every path).
    ///   - probability: From 0 to 1 (default 1, always); values outside are clamped.
    ///   - action: What the rule does when it fires.
    public init(
        method: HTTPRequest.Method? = nil,
        path: PathPattern = .any,
        probability: Double = 1,
        action: FaultAction
    ) {
        self.method = method
        self.path = path
        self.probability = probability.isNaN ? 0 : min(1, max(0, probability))
        self.action = action
    }

    /// Whether the rule applies to a request with this method and path.
    public func applies(method: HTTPRequest.Method, path: String) -> Bool {
        (self.method == nil || self.method == method) && self.path.matches(path)
    }
}
