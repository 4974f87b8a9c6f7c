public import TreatyCore

/// Decodes a contract into the dialect's typed schema, once.
///
/// Every tool starts from the value this returns: `treaty lint` prints its diagnostics, and
/// `serve`, `check`, `verify`, `rules` and `TreatyTesting` use its ``DecodedSchema/schema`` for the
/// backend, the payload checker and the suites — the dialect's files (a schema export, layouts)
/// are read here and nowhere else.
///
/// Conformers must guarantee that problems with the contract's sections or the files they name
/// come back as located ``TreatyCore/Diagnostic``s (file, line, column, rule and fix), never
/// thrown or printed, and that ``DecodedSchema/schema`` is `nil` exactly when the diagnostics
/// hold an error.
public protocol DialectSchemaDecoding: Sendable {
    /// Decodes the dialect's schema of `contract`.
    ///
    /// - Parameter contract: A contract of this dialect that loaded without errors, or `nil`
    ///   for a backend served without one (`treaty serve --dialect`).
    /// - Returns: The schema, and every finding (warnings too).
    func decodeSchema(of contract: Contract?) -> DecodedSchema
}
