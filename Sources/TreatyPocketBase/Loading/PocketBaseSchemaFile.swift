import TreatyCore

/// The exported collections file a PocketBase contract names (`collections: pb_schema.json`).
///
/// ``PocketBaseSchemaFile/decode(from:)`` reads the contract's `collections:` section: the file
/// must exist, stay inside the contract's directory and hold JSON collections;
/// ``PocketBaseSchemaLoader`` reads the collections in it with their own locations.
struct PocketBaseSchemaFile: Sendable, Hashable {
    /// The path as written in the contract, e.g. `pb_schema.json`.
    var reference: String
    /// The path to open: ``reference`` resolved against the contract file's directory.
    var path: String
    /// Where the contract names the file.
    var location: SourceLocation

    /// Creates a reference.
    ///
    /// - Parameters:
    ///   - reference: The path as written.
    ///   - path: The path to open.
    ///   - location: Where the contract names it.
    init(reference: String, path: String, location: SourceLocation) {
        self.reference = reference
        self.path = path
        self.location = location
    }
}
