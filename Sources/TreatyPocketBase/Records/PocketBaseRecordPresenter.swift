import TreatyJSON

/// Turns a stored record into the JSON PocketBase returns for it.
///
/// The reply holds `collectionId`, `collectionName` and the visible fields, keys sorted as Go
/// writes maps. Hidden fields appear only to superusers; an auth collection's `password` and
/// `tokenKey` never appear, and other password fields always read `""`; an auth record's
/// `email` appears only when `emailVisibility` is true, to the record itself, or to
/// superusers.
struct PocketBaseRecordPresenter: Sendable {
    /// The collection whose records are shown.
    var collection: PocketBaseCollection

    /// Creates a presenter.
    ///
    /// - Parameter collection: The collection whose records are shown.
    init(collection: PocketBaseCollection) {
        self.collection = collection
    }

    /// The reply for `record` as `viewer` sees it.
    ///
    /// - Parameters:
    ///   - record: The stored record.
    ///   - viewer: Who asked.
    /// - Returns: The JSON object PocketBase would send.
    func present(_ record: JSONObject, to viewer: PocketBaseViewer) -> JSONObject {
        var members = [
            JSONObject.Member(key: "collectionId", value: .string(collection.id)),
            JSONObject.Member(key: "collectionName", value: .string(collection.name)),
        ]
        for field in collection.fields where isVisible(field, of: record, to: viewer) {
            members.append(
                .init(key: field.name, value: field.type == .password ? "" : record[field.name] ?? field.emptyValue))
        }
        // Go's encoding/json orders map keys byte by byte.
        return JSONObject(members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) })
    }

    /// Whether `field` of `record` is shown to `viewer`.
    ///
    /// - Parameters:
    ///   - field: A field of the collection.
    ///   - record: The stored record.
    ///   - viewer: Who asked.
    /// - Returns: `false` for an auth collection's `password` and `tokenKey`, hidden fields
    ///   (except to superusers) and an auth record's email that is not visible to `viewer`.
    func isVisible(_ field: PocketBaseField, of record: JSONObject, to viewer: PocketBaseViewer) -> Bool {
        if collection.type == .auth, field.name == "password" || field.name == "tokenKey" { return false }
        if field.hidden { return viewer == .superuser }
        guard collection.type == .auth, field.name == "email" else { return true }
        switch viewer {
        case .superuser:
            return true
        case .record(let collectionId, let id) where collectionId == collection.id && record["id"] == .string(id):
            return true
        default:
            return record["emailVisibility"] == .bool(true)
        }
    }
}
