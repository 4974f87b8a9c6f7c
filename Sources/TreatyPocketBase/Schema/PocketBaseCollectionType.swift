/// The kinds of PocketBase collection.
enum PocketBaseCollectionType: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Plain records.
    case base
    /// Records that can sign in (`users`, `_superusers`).
    case auth
    /// Read-only records computed by an SQL `viewQuery`.
    case view

    var description: String { rawValue }
}
