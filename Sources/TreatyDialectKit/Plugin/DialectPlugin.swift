internal import TreatyCore

/// A dialect as Treaty's tools take it: what it is and offers (``DialectDescription``) and the
/// decoder of its schema (``DialectSchemaDecoding``), whose value makes the backend, checks
/// payloads and generates suites (``DialectSchema``).
///
/// A dialect module (`TreatyREST`, `TreatyPocketBase`, …) declares one conforming type and the
/// registry lists it; nothing outside the module names the dialect. `treaty lint`, `check`,
/// `serve`, `verify`, the simulator and `TreatyTesting` are loops over the values these small
/// protocols return — as swift-log's `Logger` never names a `LogHandler`. Every plugin passes the
/// shared dialect conformance suite (`TreatyTesting`'s `DialectConformanceSuite`).
///
/// Conformers must guarantee what each protocol states: constant descriptions, located
/// diagnostics instead of thrown or printed errors, a backend only without errors, failures in
/// the dialect's error format, and suites that pass against the dialect's own backend and fail,
/// naming the rule, against a broken one.
public protocol DialectPlugin: DialectDescription, DialectSchemaDecoding {}

extension DialectPlugin {
    /// Decodes ``BackendSetup/contract`` and makes its backend: for a tool that needs the
    /// backend alone (`treaty serve`, a fake backend).
    ///
    /// - Parameter setup: The contract (or none), the fixtures, the options and the seed.
    /// - Returns: The backend, or the diagnostics of the schema and the fixtures that prevent it.
    public func loadBackend(_ setup: BackendSetup) -> BackendLoadResult {
        let decoded = decodeSchema(of: setup.contract)
        guard let schema = decoded.schema else {
            return BackendLoadResult(backend: nil, diagnostics: decoded.diagnostics)
        }
        var result = schema.makeBackend(setup)
        result.diagnostics = decoded.diagnostics + result.diagnostics
        return result
    }
}
