public import TreatyJSON

/// What a ``Condition`` compares its field with.
///
/// Literal values are JSON; ``CompiledQuery`` converts them to the field's ``FieldKind`` or
/// fails with ``QueryError/Kind/typeMismatch``.
public enum Operand: Sendable, Hashable {
    /// No operand (`isNull`, `isNotNull`).
    case none
    /// One value.
    case value(JSONValue)
    /// Several values (`in`, `notIn`).
    case list([JSONValue])
    /// Two bounds, both included, in either order (`between`).
    case range(JSONValue, JSONValue)
    /// A value and a tolerance: `eq` means between(value − tolerance, value + tolerance).
    case tolerance(JSONValue, JSONValue)
    /// A value supplied later through ``CompiledQuery/setParameter(_:to:)`` (`$alias`).
    case parameter(String)
    /// Another field of the same record, or a request value (`@request.auth.id`).
    case field(FieldPath)
    /// A date or clock macro resolved at evaluation time against ``QueryEnvironment/now``.
    case macro(DateMacro)
}
