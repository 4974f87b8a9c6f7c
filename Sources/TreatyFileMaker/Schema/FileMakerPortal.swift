import TreatyCore

/// A portal on a layout: rows of a related table occurrence, matched by a key pair.
struct FileMakerPortal: Sendable, Hashable {
    /// The portal's object name (the key of `portalData`), e.g. `Albums`.
    var name: String
    /// The related table (occurrence) whose records are the rows; row keys are qualified by it
    /// (`Albums::title`).
    var table: String
    /// The parent's field the relationship matches on (`id`).
    var parentKey: String
    /// The related table's field that holds the parent's key (`artist_id`).
    var childKey: String
    /// The related fields the portal shows, unqualified.
    var fields: [String]
    /// Where the contract declares it.
    var location: SourceLocation?

    /// Creates a portal.
    init(
        name: String, table: String, parentKey: String, childKey: String, fields: [String],
        location: SourceLocation? = nil
    ) {
        self.name = name
        self.table = table
        self.parentKey = parentKey
        self.childKey = childKey
        self.fields = fields
        self.location = location
    }

    /// `table::field`, as rows and find criteria name a related field.
    func qualified(_ field: String) -> String {
        "\(table)::\(field)"
    }
}
