public import TreatyJSON
public import TreatyRules

/// What the payloads `treaty check` reads are.
public enum PayloadSubject: Sendable, Hashable {
    /// Answers of an endpoint: a template (`GET /projects/{project_id}/tasks`) or a concrete
    /// request (`GET /api/collections/posts/records?filter=…`).
    case endpoint(String)
    /// Bare records of a resource, collection or record type.
    case records(String)
}

/// Limits of a payload check.
public struct PayloadCheckOptions: Sendable {
    /// Parser limits (size, depth).
    public var parser: JSONParser.Options
    /// The most violations kept per payload.
    public var maxViolationsPerPayload: Int
    /// Threads that may check one large list.
    public var threads: Int

    /// Creates options.
    public init(
        parser: JSONParser.Options = .init(), maxViolationsPerPayload: Int = 1000,
        threads: Int = PayloadCheck.defaultThreads
    ) {
        self.parser = parser
        self.maxViolationsPerPayload = maxViolationsPerPayload
        self.threads = threads
    }
}

/// Checks recorded payloads, one after another, against a dialect's rules.
///
/// Use one checker for a sequence of payloads so rules that span payloads see them all.
public protocol PayloadChecker {
    /// What the payloads are checked as, e.g. `GET /projects/{project_id}/tasks`.
    var contextDescription: String { get }

    /// Checks one payload.
    ///
    /// - Parameters:
    ///   - bytes: The payload's UTF-8 JSON text.
    ///   - name: The file name (or `<stdin>`) used in findings.
    /// - Returns: The violations, or why the payload could not be checked.
    mutating func check(_ bytes: UnsafeBufferPointer<UInt8>, name: String) -> PayloadResult
}

extension PayloadCheck: PayloadChecker {
    /// What the plan checks payloads as.
    public var contextDescription: String { plan.contextDescription }
}
