public import TreatyCore

/// What a `filemaker` contract declares: its hosted databases with their accounts, layouts and
/// scripts (the contract's `databases:` section).
public struct FileMakerSchema: Sendable, Hashable {
    /// The databases, in order.
    public var databases: [FileMakerDatabase]

    /// Creates a schema.
    public init(databases: [FileMakerDatabase]) {
        self.databases = databases
    }

    /// The database named `name` (FileMaker file names compare case-insensitively).
    public func database(named name: String) -> FileMakerDatabase? {
        databases.first { $0.name.lowercased() == name.lowercased() }
    }
}
