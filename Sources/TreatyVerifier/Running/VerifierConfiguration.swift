public import TreatyHTTP

/// How a run selects and sends its cases.
public struct VerifierConfiguration: Sendable {
    /// Run only cases that never write (everything else is reported as skipped).
    public var readOnly: Bool
    /// Run only this shard of the cases.
    public var shard: Shard?
    /// Run only cases whose suite or name contains this text.
    public var filter: String?
    /// The HTTP client's settings (CA certificates, timeouts, HTTP version).
    public var http: HTTPClientConfiguration
    /// Secret values to mask in everything the run reports, besides credential headers.
    public var secrets: [String]
    /// Stop at the first case that does not pass (the rest are left out of the run), as a
    /// mutation run does: one failure kills the mutant.
    public var stopsAtFirstFailure = false

    /// Creates a configuration.
    public init(
        readOnly: Bool = false,
        shard: Shard? = nil,
        filter: String? = nil,
        http: HTTPClientConfiguration = HTTPClientConfiguration(),
        secrets: [String] = []
    ) {
        self.readOnly = readOnly
        self.shard = shard
        self.filter = filter
        self.http = http
        self.secrets = secrets
    }
}

/// One of `count` deterministic parts of a run, for CI jobs that split the cases: case `k` (in
/// suite order, counting from 0) belongs to shard `k % count + 1`.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// The 1-based shard index.
    public var index: Int
    /// The number of shards.
    public var count: Int

    /// Parses `i/n`, e.g. `2/4`; `nil` unless `1 ≤ i ≤ n`.
    public init?(_ text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index)
        else { return nil }
        self.index = index
        self.count = count
    }

    /// `i/n`.
    public var description: String { "\(index)/\(count)" }

    /// Whether the case at `position` (0-based, over the whole run) belongs to this shard.
    public func contains(position: Int) -> Bool {
        position % count == index - 1
    }
}
