public import TreatyCore

/// What ``DialectSchemaDecoding/decodeSchema(of:)`` gave: the typed schema and the findings.
public struct DecodedSchema: Sendable {
    /// The schema, or `nil` when the diagnostics hold an error.
    public var schema: (any DialectSchema)?
    /// Every finding, in file order.
    public var diagnostics: [Diagnostic]

    /// Creates a result.
    ///
    /// - Parameters:
    ///   - schema: The schema, or `nil` when the diagnostics hold an error.
    ///   - diagnostics: Every finding.
    public init(schema: (any DialectSchema)?, diagnostics: [Diagnostic] = []) {
        self.schema = schema
        self.diagnostics = diagnostics
    }

    /// A result that failed with one error not tied to a place in a file.
    public static func failure(_ message: String, file: String, fix: String? = nil) -> DecodedSchema {
        DecodedSchema(
            schema: nil, diagnostics: [.error("invalid-setup", message, at: SourceLocation(file: file), fix: fix)])
    }
}
