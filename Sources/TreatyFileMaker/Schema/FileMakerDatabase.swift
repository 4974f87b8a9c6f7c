public import TreatyCore

/// One hosted FileMaker file: its accounts, layouts and scripts.
public struct FileMakerDatabase: Sendable, Hashable {
    /// An account that may open a session.
    public struct Account: Sendable, Hashable {
        /// The account name.
        public var username: String
        /// The password (never reported).
        public var password: String

        /// Creates an account.
        public init(username: String, password: String) {
            self.username = username
            self.password = password
        }
    }

    /// The file's name, e.g. `Music`.
    public var name: String
    /// The accounts.
    public var accounts: [Account]
    /// The layouts, in order.
    public var layouts: [FileMakerLayout]
    /// The scripts, in order.
    public var scripts: [FileMakerScript]
    /// Tables that only portals show (known from imported layout metadata), with the fields the
    /// portals place.
    public var relatedTables: [FileMakerTable] = []

    /// Creates a database.
    public init(name: String, accounts: [Account], layouts: [FileMakerLayout], scripts: [FileMakerScript] = []) {
        self.name = name
        self.accounts = accounts
        self.layouts = layouts
        self.scripts = scripts
    }

    /// The layout named `name`.
    public func layout(named name: String) -> FileMakerLayout? {
        layouts.first { $0.name == name }
    }

    /// The script named `name`.
    public func script(named name: String) -> FileMakerScript? {
        scripts.first { $0.name == name }
    }

    /// The tables its layouts show, each with the union of the fields the layouts of that table
    /// place (in first-seen order).
    public var tables: [FileMakerTable] {
        var tables: [FileMakerTable] = []
        for layout in layouts {
            if let index = tables.firstIndex(where: { $0.name == layout.table }) {
                for field in layout.fields where !tables[index].fields.contains(where: { $0.name == field.name }) {
                    tables[index].fields.append(field)
                }
            } else {
                tables.append(FileMakerTable(name: layout.table, fields: layout.fields))
            }
        }
        for related in relatedTables where !tables.contains(where: { $0.name == related.name }) {
            tables.append(related)
        }
        return tables
    }

    /// The table named `name`.
    public func table(named name: String) -> FileMakerTable? {
        tables.first { $0.name == name }
    }
}

/// A table: every field some layout of it shows.
public struct FileMakerTable: Sendable, Hashable {
    /// The table's name.
    public var name: String
    /// Its fields.
    public var fields: [FileMakerField]

    /// The field named `name`.
    public func field(named name: String) -> FileMakerField? {
        fields.first { $0.name == name }
    }
}
