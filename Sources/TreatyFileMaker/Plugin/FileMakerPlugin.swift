public import TreatyCore
public import TreatyDialectKit
public import TreatyJSON
internal import TreatyRules

/// The FileMaker Data API dialect as Treaty's tools use it (`shared/dialects/filemaker.md`).
///
/// A contract declares its hosted files under `databases:` — accounts, layouts (fields with
/// result types, portals, value lists) and scripts. Fixtures are `<Layout>.json` arrays of
/// `fieldData` records. Payloads are checked with the `FM-*` rules; generated suites log in and
/// create, read, find, edit (with `modId`), duplicate and delete records on every layout.
public struct FileMakerPlugin: DialectPlugin {
    /// Creates the plugin.
    public init() {}

    public var id: DialectID { .fileMaker }

    public var summary: String {
        "the FileMaker Data API (FileMaker Server 19–21): sessions, layouts, records with portals and modId, _find, scripts"
    }

    public var sectionKeys: [String] { ["databases"] }

    /// `--session-idle` and `--max-sessions`.
    public typealias ServeOptions = FileMakerServeOptions

    /// `--database`.
    public typealias VerifyOptions = FileMakerVerifyOptions

    public var environmentVariables: [EnvironmentVariable] {
        [
            EnvironmentVariable(name: "TREATY_FM_USER", meaning: "the account the suites log in with on a live server"),
            EnvironmentVariable(name: "TREATY_FM_PASSWORD", meaning: "its password (never reported)"),
            EnvironmentVariable(
                name: "TREATY_FM_DATABASE",
                meaning: "the hosted file to verify (default: the contract's first database)"),
        ]
    }

    /// Reads the contract's `databases:` section once; without a contract there is nothing
    /// to serve.
    /// The databases' layouts as the Data API (sessions, records, `_find`).
    public func openAPIDocument(of contract: Contract) -> JSONValue? {
        guard let schema = decodeSchema(of: contract).schema as? FileMakerContractSchema else { return nil }
        return FileMakerOpenAPIExporter(api: contract.api, schema: schema.schema).document()
    }

    public func decodeSchema(of contract: Contract?) -> DecodedSchema {
        guard let contract else {
            return .failure(
                "the filemaker dialect serves the databases a contract declares and cannot start without one",
                file: "filemaker", fix: "pass --contract FILE")
        }
        let decoded = FileMakerSchemaDecoder().decode(contract)
        return DecodedSchema(
            schema: decoded.schema.map { FileMakerContractSchema(contract: contract, schema: $0) },
            diagnostics: decoded.diagnostics)
    }
}
