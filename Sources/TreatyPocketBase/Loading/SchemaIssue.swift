internal import TreatyCore
internal import TreatyJSON

/// A problem the schema decoder found, before it is turned into a located ``Diagnostic`` (for
/// files) or an error reply (for `POST /api/collections` bodies).
struct SchemaIssue: Sendable {
    /// What kind of problem it is, which decides how each entry point treats it.
    enum Kind: Sendable {
        /// A value of the wrong JSON type or an unknown field type: PocketBase cannot even load
        /// the body ("Failed to load the submitted data due to invalid formatting.").
        case malformed
        /// The pre-0.23 shape (`schema`, nested `options`), which PocketBase 0.40 silently ignores.
        case legacyShape
        /// A key PocketBase does not know, which it ignores.
        case unknownKey
        /// Something PocketBase accepts silently but that is wrong in a file (a missing
        /// collection id, an unreadable date limit).
        case incomplete
    }

    var kind: Kind
    var rule: RuleID
    var pointer: JSONPointer
    var message: String
    var details: [String] = []
    var fix: String?

    /// Whether the issue makes a loaded file unusable (everything but unknown keys).
    var isError: Bool { kind != .unknownKey }
}
