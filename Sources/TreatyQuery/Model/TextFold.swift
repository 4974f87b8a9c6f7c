/// How strings are folded when a condition or order key ignores case.
public enum TextFold: String, Sendable, Hashable, CaseIterable {
    /// `A`–`Z` fold to `a`–`z`; everything else compares as is (as SQL and ObjectBox do).
    case ascii
    /// Unicode case and diacritics fold (`É` equals `e`), as token search usually does.
    case unicode
}
