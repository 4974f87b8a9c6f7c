/// The type of a field, which decides which operators it takes and how literals convert.
public indirect enum FieldKind: Sendable, Hashable, CustomStringConvertible {
    /// Text.
    case string
    /// A whole number (`Int64`).
    case integer
    /// A floating-point number.
    case float
    /// A point in time, stored as RFC 3339 text or epoch milliseconds, compared at millisecond
    /// precision.
    case date
    /// `true` or `false`.
    case bool
    /// Bytes, stored as base64 text or an array of numbers 0–255, compared in byte order.
    case bytes
    /// A geographic point (`near`); stored as `{"latitude", "longitude"}`.
    case location
    /// Any JSON; values compare only with values of the same JSON kind.
    case json
    /// A list of values of one kind; operators test elements under a ``Quantifier``.
    case list(of: FieldKind)
    /// The id (to-one) or ids (to-many) of records of another resource.
    case relation(to: String, many: Bool)

    public var description: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .float: "float"
        case .date: "date"
        case .bool: "bool"
        case .bytes: "bytes"
        case .location: "location"
        case .json: "json"
        case .list(let element): "list of \(element)"
        case .relation(let target, let many): many ? "to-many relation to '\(target)'" : "relation to '\(target)'"
        }
    }

    /// The kind with an indefinite article, as messages use it: `an integer`, `a string`.
    package var withArticle: String {
        let text = description
        return ("aeiou".contains(text.first ?? "x") ? "an " : "a ") + text
    }

    /// Whether the field holds several values (a list or a to-many relation).
    public var isMultiValued: Bool {
        switch self {
        case .list: true
        case .relation(_, let many): many
        default: false
        }
    }
}
