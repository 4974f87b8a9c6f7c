/// One hop from a record to its related records, resolved against the schema; what
/// ``QueryDataSource/relatedRecords(of:through:)`` is asked for.
public struct RelationStep: Sendable, Hashable {
    /// Where the related records come from.
    public enum Direction: Sendable, Hashable {
        /// `field` of the record holds the related ids (an array when `many`).
        case forward(many: Bool)
        /// `field` of each related record holds the record's id (an array when `many`).
        case backlink(many: Bool)
        /// Every record of `target`.
        case collection
    }

    /// The resource of the record the hop starts from.
    public let source: String
    /// The key holding each `source` record's id.
    public let sourceIDField: String
    /// The relation field: on `source` for forward hops, on `target` for backlinks; empty for
    /// collections.
    public let field: String
    /// The resource of the related records.
    public let target: String
    /// The key holding each `target` record's id.
    public let targetIDField: String
    /// Where the related records come from.
    public let direction: Direction

    /// Creates a step.
    ///
    /// - Parameters:
    ///   - source: The resource the hop starts from.
    ///   - sourceIDField: The id key of `source` records.
    ///   - field: The relation field.
    ///   - target: The resource of the related records.
    ///   - targetIDField: The id key of `target` records.
    ///   - direction: Where the related records come from.
    public init(
        source: String, sourceIDField: String, field: String, target: String, targetIDField: String,
        direction: Direction
    ) {
        self.source = source
        self.sourceIDField = sourceIDField
        self.field = field
        self.target = target
        self.targetIDField = targetIDField
        self.direction = direction
    }
}
