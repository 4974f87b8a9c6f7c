import TreatyCore

/// What a `filemaker` contract declares: its hosted databases with their accounts, layouts and
/// scripts (the contract's `databases:` section).
struct FileMakerSchema: Sendable, Hashable {
    /// The databases, in order.
    var databases: [FileMakerDatabase]

    /// Creates a schema.
    init(databases: [FileMakerDatabase]) {
        self.databases = databases
    }

    /// The database named `name` (FileMaker file names compare case-insensitively).
    func database(named name: String) -> FileMakerDatabase? {
        databases.first { $0.name.lowercased() == name.lowercased() }
    }
}
