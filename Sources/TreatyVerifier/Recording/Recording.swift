public import TreatyDialect
public import TreatyJSON

/// The records a ``Recorder`` read from a live backend.
public struct Recording: Sendable {
    /// The canonical records by resource, in the order the target listed them.
    public var records: [String: [JSONObject]]
    /// The resources in the order the reader met them.
    public var resources: [String]
    /// What was left out, and why (one line each).
    public var skipped: [String]
    /// How many requests the recording sent.
    public var requests: Int

    /// Creates a recording.
    public init(records: [String: [JSONObject]], resources: [String], skipped: [String] = [], requests: Int = 0) {
        self.records = records
        self.resources = resources
        self.skipped = skipped
        self.requests = requests
    }

    /// How many records the recording holds.
    public var count: Int { records.values.reduce(0) { $0 + $1.count } }

    /// The records as a fixture set a backend starts from.
    public var fixtures: FixtureSet { FixtureSet(records: records) }
}
