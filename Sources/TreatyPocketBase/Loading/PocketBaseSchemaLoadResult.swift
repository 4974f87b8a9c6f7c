import TreatyCore

/// What loading a PocketBase collections file produced: the collections that could be read
/// and every finding, in document order.
struct PocketBaseSchemaLoadResult: Sendable {
    /// The file as given.
    var file: String
    /// The collections read, normalized as PocketBase saves them; empty when the file could not
    /// be parsed.
    var collections: [PocketBaseCollection]
    /// Errors and warnings, located by file, line, column and JSON pointer.
    var diagnostics: [Diagnostic]

    /// Creates a result.
    init(file: String, collections: [PocketBaseCollection] = [], diagnostics: [Diagnostic] = []) {
        self.file = file
        self.collections = collections
        self.diagnostics = diagnostics
    }

    /// Whether any diagnostic is an error.
    var hasErrors: Bool { diagnostics.containsErrors }

    /// The collections, or a ``PocketBaseSchemaError`` listing the errors.
    ///
    /// - Returns: The collections, when no diagnostic is an error (warnings are allowed).
    /// - Throws: ``PocketBaseSchemaError`` with every diagnostic when one is an error.
    func get() throws(PocketBaseSchemaError) -> [PocketBaseCollection] {
        guard !hasErrors else { throw PocketBaseSchemaError(invalidFile: file, diagnostics: diagnostics) }
        return collections
    }
}
