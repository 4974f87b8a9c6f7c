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

    /// Decodes ``BackendSetup/contract`` and makes its backend with the dialect's own options, as
    /// a test or `TreatyTesting` builds one in code.
    ///
    /// - Parameters:
    ///   - setup: The contract (or none), the fixtures and the seed.
    ///   - options: The dialect's typed options, e.g. from ``DialectOptions/defaults()`` with
    ///     properties changed.
    /// - Returns: The backend, or the diagnostics of the schema and the fixtures that prevent it.
    public func loadBackend(_ setup: BackendSetup, options: ServeOptions) -> BackendLoadResult {
        let decoded = decodeSchema(of: setup.contract)
        guard let schema = decoded.schema else {
            return BackendLoadResult(backend: nil, diagnostics: decoded.diagnostics)
        }
        var result = makeBackend(of: schema, setup, options: options)
        result.diagnostics = decoded.diagnostics + result.diagnostics
        return result
    }

    /// Parses the dialect's own options from `arguments`, then decodes ``BackendSetup/contract``
    /// and makes its backend with them, as `treaty serve` does.
    ///
    /// - Parameters:
    ///   - setup: The contract (or none), the fixtures and the seed.
    ///   - arguments: The dialect's own command-line options, e.g. `["--collections", "pb_schema.json"]`.
    /// - Returns: The backend, or the diagnostics of the schema and the fixtures that prevent it.
    /// - Throws: ``DialectSetupError`` naming the dialect, with ArgumentParser's message, when
    ///   `arguments` are not its ``DialectDescription/ServeOptions`` or a value is unusable;
    ///   before any file is read.
    public func loadBackend(_ setup: BackendSetup, arguments: [String]) throws(DialectSetupError)
        -> BackendLoadResult
    {
        let options: ServeOptions
        do {
            options = try ServeOptions.parsing(arguments)
        } catch {
            throw DialectSetupError("the \(id) dialect: \(error.message)")
        }
        return loadBackend(setup, options: options)
    }

    /// Makes `schema`'s backend with this plugin's options.
    ///
    /// The schema's type is its module's own (erased in ``DecodedSchema``), so its
    /// ``BackendProviding/ServeOptions`` is known only at run time; the conformance suite checks
    /// that it is this plugin's (``declaresOptions(of:)``), which makes the cast succeed.
    private func makeBackend<Schema: DialectSchema>(of schema: Schema, _ setup: BackendSetup, options: ServeOptions)
        -> BackendLoadResult
    {
        guard let own = options as? Schema.ServeOptions else {
            return .failure(
                "the \(id) schema takes \(Schema.ServeOptions.self), not the plugin's \(ServeOptions.self)",
                file: setup.contract?.file ?? id.rawValue)
        }
        return schema.makeBackend(setup, options: own)
    }

    /// Whether `schema` takes this plugin's ``DialectDescription/ServeOptions`` and
    /// ``DialectDescription/VerifyOptions`` — what the tools parse and the help texts list are
    /// what the schema receives. The shared conformance suite checks it.
    ///
    /// - Parameter schema: A schema this plugin decoded.
    /// - Returns: `true` when both option types are the plugin's.
    public func declaresOptions<Schema: DialectSchema>(of schema: Schema) -> Bool {
        Schema.ServeOptions.self == ServeOptions.self && Schema.VerifyOptions.self == VerifyOptions.self
    }
}
