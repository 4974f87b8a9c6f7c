public import TreatyCore
public import TreatyDialectKit
public import TreatyJSON
internal import TreatyRules

/// The PocketBase 0.40 dialect as Treaty's tools use it (`shared/dialects/pocketbase.md`).
///
/// A contract names its schema with `collections: pb_schema.json` (the admin UI's "Export
/// collections"); `treaty serve --dialect pocketbase` starts a fresh server without a contract.
/// Fixtures are `<collection>.json` arrays of records, checked as a superuser's creates.
/// Payloads are checked with the `PB-*` rules; generated suites log in as the superuser and
/// create, view, list, update and delete records in every collection.
public struct PocketBasePlugin: DialectPlugin {
    /// Creates the plugin.
    public init() {}

    public var id: DialectID { .pocketBase }

    public var summary: String {
        "the PocketBase 0.40 / BosBase records API: collections, rules, filters, expand, auth and batch"
    }

    public var sectionKeys: [String] { ["collections"] }

    /// `--collections` and `--superuser`.
    public typealias ServeOptions = PocketBaseServeOptions

    public var environmentVariables: [EnvironmentVariable] {
        [
            EnvironmentVariable(
                name: "TREATY_PB_SUPERUSER",
                meaning:
                    "email:password of the superuser the suites log in as on a live target (default admin@example.com:admin-password-123, the simulator's)"
            )
        ]
    }

    /// Reads the contract's `collections:` file once: the section's diagnostics, then the
    /// schema loader's; without a contract, a fresh server's schema (`--collections` may add
    /// one when serving).
    /// The collections as the records API (list, view, create, update, delete per collection).
    public func openAPIDocument(of contract: Contract) -> JSONValue? {
        guard let schema = decodeSchema(of: contract).schema as? PocketBaseContractSchema else { return nil }
        return PocketBaseOpenAPIExporter(api: contract.api, collections: schema.collections).document()
    }

    public func decodeSchema(of contract: Contract?) -> DecodedSchema {
        guard let contract else {
            return DecodedSchema(schema: PocketBaseContractSchema(contract: nil, file: nil, collections: []))
        }
        let named = PocketBaseSchemaFile.decode(from: contract)
        var diagnostics = named.diagnostics
        var collections: [PocketBaseCollection] = []
        if let file = named.file {
            let loaded = PocketBaseSchemaLoader().load(fileAt: file.path)
            diagnostics += loaded.diagnostics
            collections = loaded.collections
        }
        guard !diagnostics.containsErrors else { return DecodedSchema(schema: nil, diagnostics: diagnostics) }
        return DecodedSchema(
            schema: PocketBaseContractSchema(contract: contract, file: named.file, collections: collections),
            diagnostics: diagnostics)
    }
}
