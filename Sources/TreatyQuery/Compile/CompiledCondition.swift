import TreatyJSON

/// How a compiled condition or order key reads its value.
enum ValueAccess: Sendable, Hashable {
    /// A field of the record, with its declared kind.
    case field(String, kind: FieldKind, modifier: PathModifier?)
    /// A value of the request context.
    case request([String], modifier: PathModifier?)
    /// A clock macro: a calendar number, or a date, read through a reading when it has one.
    case macro(DateMacro, reading: FieldRead?)
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
    case field(FieldOperand)
    /// A clock macro, read through the condition's path reading when it has one.
    case macro(DateMacro, reading: FieldRead?)
    case unbound(String)
    /// `near`: within `metres` of a point, on the Earth's surface.
    case near(GeoPoint, metres: Double)
}

/// A field operand: how it is read, and from which record.
struct FieldOperand: Sendable {
    /// The record a field operand is read from.
    enum Record: Sendable {
        /// The record the condition tests.
        case current
        /// The record the query tests (``FieldPath/Root/base``).
        case base
        /// The record a join chose (``FieldPath/Root/joined(_:)``).
        case join(Int)
    }

    let access: ValueAccess
    let record: Record
}

/// Where field operands other than the tested record's are found while compiling.
struct OperandScope: Sendable {
    /// The resource the query lists.
    let base: ResourceSchema
    /// The joins registered so far.
    let joins: [CompiledJoin]
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
    /// The position of its join in ``CompiledQuery``'s join list, for a joined condition.
    var join: Int?
}
