public import TreatyJSON

/// The records a store starts from — the "provider state" of a suite — by resource name.
public struct FixtureSet: Sendable {
    /// Records by resource name, in file order.
    public var records: [String: [JSONObject]]

    /// Creates a fixture set.
    public init(records: [String: [JSONObject]] = [:]) {
        self.records = records
    }

    /// How many records the set holds.
    public var count: Int { records.values.reduce(0) { $0 + $1.count } }
}
