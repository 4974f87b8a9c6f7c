/// The field types of PocketBase 0.40, named as the `type` key names them.
enum PocketBaseFieldType: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case text, number, bool, email, url, date, autodate, select, json, file, relation, password, editor
    /// A `{"lon", "lat"}` point (PocketBase 0.26 and later).
    case geoPoint

    var description: String { rawValue }
}
