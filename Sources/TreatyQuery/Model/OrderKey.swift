/// One ordering key of a ``Query``.
///
/// Defaults follow ObjectBox: ascending, strings ASCII case-insensitive, nulls first, signed.
public struct OrderKey: Sendable, Hashable {
    /// What the records are ordered by.
    public enum Key: Sendable, Hashable {
        /// A field, or a path through to-one relations (a to-many relation uses its first
        /// related record).
        case path(FieldPath)
        /// The order records were inserted in.
        case insertionOrder
        /// A shuffle that depends only on the seed and each record's id.
        case random(seed: UInt64)
    }

    /// Where null values go.
    public enum Nulls: String, Sendable, Hashable, CaseIterable {
        /// Before every value, whatever the direction.
        case first
        /// After every value, whatever the direction.
        case last
        /// As the kind's zero value (`0`, `""`, `false`, the epoch), ordered with the rest.
        case zero
    }

    /// What the records are ordered by.
    public var key: Key
    /// Whether larger values come first.
    public var descending: Bool
    /// Whether strings order by byte ("Z" before "a") rather than ASCII case-insensitively.
    public var caseSensitive: Bool
    /// Where null values go.
    public var nulls: Nulls
    /// Whether integers order as unsigned (negative values after every positive one).
    public var unsigned: Bool
    /// For a path through relations: the join (see ``Link/join``) of its last hop. When the
    /// query's expression uses that join, the value is read from the record chosen by the first
    /// choice that satisfies the expression (related records are tried in their stored order),
    /// as SQL sorts a `LEFT JOIN`ed column of the row its `WHERE` kept; otherwise, and by
    /// default (`nil`), from the first related record of each hop.
    public var join: String?

    /// Creates an order key.
    ///
    /// - Parameters:
    ///   - key: What the records are ordered by.
    ///   - descending: Whether larger values come first.
    ///   - caseSensitive: Whether strings order by byte.
    ///   - nulls: Where null values go.
    ///   - unsigned: Whether integers order as unsigned.
    public init(
        _ key: Key, descending: Bool = false, caseSensitive: Bool = false, nulls: Nulls = .first,
        unsigned: Bool = false
    ) {
        self.key = key
        self.descending = descending
        self.caseSensitive = caseSensitive
        self.nulls = nulls
        self.unsigned = unsigned
    }

    /// Creates an order key on a field path.
    ///
    /// - Parameters:
    ///   - path: The field, or a path through relations.
    ///   - descending: Whether larger values come first.
    ///   - caseSensitive: Whether strings order by byte.
    ///   - nulls: Where null values go.
    ///   - unsigned: Whether integers order as unsigned.
    public init(
        _ path: FieldPath, descending: Bool = false, caseSensitive: Bool = false, nulls: Nulls = .first,
        unsigned: Bool = false
    ) {
        self.init(.path(path), descending: descending, caseSensitive: caseSensitive, nulls: nulls, unsigned: unsigned)
    }

    /// The field path, when the key is one.
    public var path: FieldPath? {
        if case .path(let path) = key { return path }
        return nil
    }
}
