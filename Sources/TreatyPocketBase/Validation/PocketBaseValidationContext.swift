public import TreatyJSON

/// What field validation needs to know beyond the value: the record before the write, and
/// whether related records exist.
public struct PocketBaseValidationContext: Sendable {
    /// The stored record before this write, or `nil` when the record is being created.
    public var original: JSONObject?
    /// Whether every id exists in the collection with the given id; `nil` skips the check
    /// (relation fields then never fail with `validation_missing_rel_records`).
    public var relationExists: (@Sendable (_ collectionId: String, _ ids: [String]) -> Bool)?

    /// Creates a context.
    ///
    /// - Parameters:
    ///   - original: The record before the write; `nil` for a create.
    ///   - relationExists: Answers whether related ids exist; `nil` to skip that check.
    public init(
        original: JSONObject? = nil,
        relationExists: (@Sendable (_ collectionId: String, _ ids: [String]) -> Bool)? = nil
    ) {
        self.original = original
        self.relationExists = relationExists
    }

    /// Whether the record is being created.
    public var isNew: Bool { original == nil }
}
