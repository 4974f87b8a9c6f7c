/// Who is reading a record, which decides what PocketBase shows of it.
enum PocketBaseViewer: Sendable, Hashable {
    /// No valid token.
    case guest
    /// A record of an auth collection.
    case record(collectionId: String, id: String)
    /// A `_superusers` record: sees hidden fields and every email.
    case superuser
}
