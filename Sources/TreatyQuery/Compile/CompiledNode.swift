import TreatyJSON

/// A compiled expression; conditions live in ``CompiledQuery``'s flat list so parameters can
/// replace their operands without rebuilding the tree.
indirect enum CompiledNode: Sendable {
    case all([CompiledNode])
    case any([CompiledNode])
    case not(CompiledNode)
    /// The condition at this position of the flat list.
    case cond(Int)
    case link(CompiledLink)
}

/// A compiled ``Link``: the relation resolved against the schema.
struct CompiledLink: Sendable {
    let step: RelationStep
    let quantifier: Quantifier
    let emptyMatches: EmptyMatch
    let body: CompiledNode
}

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

/// How a compiled condition or order key reads its value.
enum ValueAccess: Sendable, Hashable {
    /// A field of the record, with its declared kind.
    case field(String, kind: FieldKind, modifier: PathModifier?)
    /// A value of the request context.
    case request([String], modifier: PathModifier?)
}

/// How the values a condition tests are laid out.
enum ValueShape: Sendable, Hashable {
    /// One value.
    case scalar
    /// The elements of a list (or the ids of a to-many relation), under the quantifier.
    case elements
}

/// A compiled operand: literals converted to the field's kind, folded and pre-compiled.
enum CompiledOperand: Sendable {
    case none
    /// One value; `nil` is a null operand, which matches nothing.
    case one(Scalar?)
    /// Inclusive bounds, low first.
    case range(Scalar, Scalar)
    /// A bound was null: matches nothing.
    case nothing
    /// The values of `in`/`notIn` (nulls dropped).
    case set([Scalar])
    case pattern(LikePattern)
    case tokens(Set<String>)
    /// Another field or a request value, read per record.
    case field(ValueAccess)
    case macro(DateMacro)
    case unbound(String)
    /// `near`: modelled, not evaluated.
    case unevaluated(JSONValue)
}

/// A compiled ``Condition``.
struct CompiledCondition: Sendable {
    /// The condition as it is now (operands replaced by parameters included).
    var source: Condition
    /// The dotted path from the query's resource, used to set parameters by path.
    let qualifiedPath: String
    /// The resource the condition tests.
    let resource: String
    let access: ValueAccess
    let kind: ScalarKind
    let shape: ValueShape
    var operand: CompiledOperand
}
