import TreatyCore

/// One hosted FileMaker file: its accounts, layouts and scripts.
struct FileMakerDatabase: Sendable, Hashable {
    /// An account that may open a session.
    struct Account: Sendable, Hashable {
        /// The account name.
        var username: String
        /// The password (never reported).
        var password: String

        /// Creates an account.
        init(username: String, password: String) {
            self.username = username
            self.password = password
        }
    }

    /// The file's name, e.g. `Music`.
    var name: String
    /// The accounts.
    var accounts: [Account]
    /// The layouts, in order.
    var layouts: [FileMakerLayout]
    /// The scripts, in order.
    var scripts: [FileMakerScript]
    /// Tables that only portals show (known from imported layout metadata), with the fields the
    /// portals place.
    var relatedTables: [FileMakerTable] = []

    /// Creates a database.
    init(name: String, accounts: [Account], layouts: [FileMakerLayout], scripts: [FileMakerScript] = []) {
        self.name = name
        self.accounts = accounts
        self.layouts = layouts
        self.scripts = scripts
    }

    /// The layout named `name`.
    func layout(named name: String) -> FileMakerLayout? {
        layouts.first { $0.name == name }
    }

    /// The script named `name`.
    func script(named name: String) -> FileMakerScript? {
        scripts.first { $0.name == name }
    }

    /// The tables its layouts show, each with the union of the fields the layouts of that table
    /// place (in first-seen order).
    var tables: [FileMakerTable] {
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
    func table(named name: String) -> FileMakerTable? {
        tables.first { $0.name == name }
    }
}

/// A table: every field some layout of it shows.
struct FileMakerTable: Sendable, Hashable {
    /// The table's name.
    var name: String
    /// Its fields.
    var fields: [FileMakerField]

    /// The field named `name`.
    func field(named name: String) -> FileMakerField? {
        fields.first { $0.name == name }
    }
}
