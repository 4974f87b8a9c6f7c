import TreatyCore

/// A layout: the fields of one table it shows, its portals and value lists.
struct FileMakerLayout: Sendable, Hashable {
    /// The layout's name, e.g. `Artists`.
    var name: String
    /// The table (occurrence) its records come from.
    var table: String
    /// The layout folder it is listed in, if any.
    var folder: String?
    /// The field that identifies a record besides `recordId` (your primary key), if any.
    var primaryKey: String?
    /// The fields on the layout, in order.
    var fields: [FileMakerField]
    /// The portals, in order.
    var portals: [FileMakerPortal]
    /// Value lists by name, each an ordered list of values.
    var valueLists: [FileMakerValueList]
    /// Where the contract declares it.
    var location: SourceLocation?

    /// Creates a layout.
    init(
        name: String, table: String, folder: String? = nil, primaryKey: String? = nil, fields: [FileMakerField],
        portals: [FileMakerPortal] = [], valueLists: [FileMakerValueList] = [], location: SourceLocation? = nil
    ) {
        self.name = name
        self.table = table
        self.folder = folder
        self.primaryKey = primaryKey
        self.fields = fields
        self.portals = portals
        self.valueLists = valueLists
        self.location = location
    }

    /// The field named `name`, if it is on the layout.
    func field(named name: String) -> FileMakerField? {
        fields.first { $0.name == name }
    }

    /// The portal whose object name (or table) is `name`.
    func portal(named name: String) -> FileMakerPortal? {
        portals.first { $0.name == name } ?? portals.first { $0.table == name }
    }
}

/// A value list shown with fields of a layout.
struct FileMakerValueList: Sendable, Hashable {
    /// The list's name.
    var name: String
    /// The values, in order.
    var values: [String]

    /// Creates a value list.
    init(name: String, values: [String]) {
        self.name = name
        self.values = values
    }
}
