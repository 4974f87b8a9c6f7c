/// How a test over several values (list elements or related records) combines their results.
public enum Quantifier: String, Sendable, Hashable, CaseIterable {
    /// Some value must match (ObjectBox arrays and links).
    case any
    /// Every value must match.
    case all
    /// No value may match.
    case none

    /// What an empty set of values gives when nothing else is said: `false` for `any`, `true`
    /// (vacuously) for `all` and `none`.
    public var defaultEmptyMatch: EmptyMatch {
        self == .any ? .never : .always
    }
}

/// What a quantified test gives when there are no values to test.
public enum EmptyMatch: String, Sendable, Hashable, CaseIterable {
    /// An empty set matches.
    case always
    /// An empty set does not match.
    case never
    /// An empty set behaves like one empty (null) value: the test runs once on it.
    ///
    /// This is SQL's `LEFT JOIN` rule, where no related rows yield one row of nulls: `tags.id = ""` finds posts without tags and `tags.name != "x"` includes them.
    case asOneEmptyValue
}
