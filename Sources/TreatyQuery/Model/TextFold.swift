/// How strings are folded when a condition or order key ignores case.
public enum TextFold: String, Sendable, Hashable, CaseIterable {
    /// `A`–`Z` fold to `a`–`z`; everything else compares as is (SQLite, ObjectBox).
    case ascii
    /// Unicode case and diacritics fold (`É` equals `e`), as CloudKit's token operators do.
    case unicode
}
