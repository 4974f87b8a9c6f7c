public import TreatyCore
public import TreatyDialectKit
public import TreatyJSON
internal import TreatyRules

/// Apple's CloudKit Web Services as Treaty's tools use it (`shared/dialects/cloudkit.md`).
///
/// A contract declares its container under `container:` — identifier, API tokens, users with
/// their web-auth tokens, custom zones and record types with typed, indexed fields. Fixtures are
/// `<RecordType>.json` arrays of record dictionaries. Without a contract,
/// `treaty serve --dialect cloudkit --container iCloud.… --api-token TOKEN` serves an empty
/// container whose development environment learns record types on first save.
public struct CloudKitPlugin: DialectPlugin {
    /// Creates the plugin.
    public init() {}

    public var id: DialectID { .cloudKit }

    public var summary: String {
        "Apple CloudKit Web Services: records/modify with change tags and atomic zones, query, lookup, changes, zones, assets, signed requests"
    }

    public var sectionKeys: [String] { ["container"] }

    /// `--container`, `--api-token`, `--web-auth-token`, `--server-key` and `--signature-window`.
    public typealias ServeOptions = CloudKitServeOptions

    /// `--environment`.
    public typealias VerifyOptions = CloudKitVerifyOptions

    public var environmentVariables: [EnvironmentVariable] {
        [
            EnvironmentVariable(name: "TREATY_CK_API_TOKEN", meaning: "the API token the suites send as ckAPIToken"),
            EnvironmentVariable(
                name: "TREATY_CK_WEB_AUTH_TOKEN", meaning: "a signed-in user's web-auth token, for the private database"),
            EnvironmentVariable(name: "TREATY_CK_KEY_ID", meaning: "a server-to-server key ID, for signed requests"),
            EnvironmentVariable(
                name: "TREATY_CK_PRIVATE_KEY", meaning: "the PEM file of that key's P-256 private key (never reported)"),
            EnvironmentVariable(
                name: "TREATY_CK_ENVIRONMENT", meaning: "development (default) or production"),
        ]
    }

    /// Reads the contract's `container:` section once; without a contract, the container the
    /// serve options name is built when serving.
    /// `treaty import cloudkit`: a `container:` section from a `.ckdb` schema file.
    public var importers: [any ContractImporter] { [CloudKitSchemaImporter()] }

    /// The record types through `records/query`, `records/modify` and `records/lookup`.
    public func openAPIDocument(of contract: Contract) -> JSONValue? {
        guard let decoded = decodeSchema(of: contract).schema as? CloudKitContractSchema, let schema = decoded.schema
        else { return nil }
        return CloudKitOpenAPIExporter(api: contract.api, schema: schema).document()
    }

    public func decodeSchema(of contract: Contract?) -> DecodedSchema {
        guard let contract else { return DecodedSchema(schema: CloudKitContractSchema(contract: nil, schema: nil)) }
        let decoded = CloudKitSchemaDecoder().decode(contract)
        return DecodedSchema(
            schema: decoded.schema.map { CloudKitContractSchema(contract: contract, schema: $0) },
            diagnostics: decoded.diagnostics)
    }
}
