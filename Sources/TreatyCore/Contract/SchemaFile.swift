/// A file a contract takes its schema from instead of declaring resources, such as PocketBase's
/// exported collections (`collections: pb_schema.json`).
///
/// The loader checks that the file exists and holds JSON; the dialect that reads it (for
/// PocketBase, `PocketBaseSchemaLoader`) reports anything further with its own locations.
public struct SchemaFile: Sendable, Hashable {
    /// The path as written in the contract, e.g. `pb_schema.json`.
    public var reference: String
    /// The path to open: ``reference`` resolved against the contract file's directory.
    public var path: String
    /// Where the contract names the file.
    public var location: SourceLocation

    /// Creates a reference.
    ///
    /// - Parameters:
    ///   - reference: The path as written.
    ///   - path: The path to open.
    ///   - location: Where the contract names it.
    public init(reference: String, path: String, location: SourceLocation) {
        self.reference = reference
        self.path = path
        self.location = location
    }
}
