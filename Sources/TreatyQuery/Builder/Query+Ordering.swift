/// Ordering options for ``Query/ordered(by:flags:)``, as ObjectBox's order flags.
public struct OrderFlags: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Larger values first.
    public static let descending = OrderFlags(rawValue: 1 << 0)
    /// Strings by byte ("Z" before "a") instead of ASCII case-insensitively.
    public static let caseSensitive = OrderFlags(rawValue: 1 << 1)
    /// Nulls after every value.
    public static let nullsLast = OrderFlags(rawValue: 1 << 2)
    /// Nulls as the kind's zero value.
    public static let nullsAsZero = OrderFlags(rawValue: 1 << 3)
    /// Integers as unsigned.
    public static let unsigned = OrderFlags(rawValue: 1 << 4)
}

extension Query {
    /// The query with one more order key.
    ///
    /// ```swift
    /// Query("posts").ordered(by: "views", flags: .descending).ordered(by: "title")
    /// ```
    ///
    /// - Parameters:
    ///   - path: The field, or a path through to-one relations.
    ///   - flags: Direction, case, null placement and signedness.
    /// - Returns: The query with the key appended.
    public func ordered(by path: FieldPath, flags: OrderFlags = []) -> Query {
        var copy = self
        let nulls: OrderKey.Nulls = flags.contains(.nullsAsZero) ? .zero : flags.contains(.nullsLast) ? .last : .first
        copy.order.append(
            OrderKey(
                path, descending: flags.contains(.descending), caseSensitive: flags.contains(.caseSensitive),
                nulls: nulls, unsigned: flags.contains(.unsigned)))
        return copy
    }

    /// The query with an offset and a limit.
    ///
    /// - Parameters:
    ///   - offset: How many matching records to skip.
    ///   - limit: How many records to return at most; 0 for all.
    /// - Returns: The query with the page set.
    public func paged(offset: Int = 0, limit: Int) -> Query {
        var copy = self
        copy.offset = offset
        copy.limit = limit
        return copy
    }
}
