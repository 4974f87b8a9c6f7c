public import TreatyCore
public import TreatyDialectKit
public import TreatyJSON
internal import TreatyRules

/// The rest-sync dialect as Treaty's tools use it: plain JSON over HTTP following the sync
/// contract (`shared/dialects/rest-sync.md`), with the `RS-*` and `TR-*` rules of
/// `TreatyRules`.
///
/// Contracts declare `resources:` and `endpoints:`; fixtures are `<resource>.json|yaml` files;
/// generated suites check every readable endpoint's shape and run the semantic round trips
/// (missing/null/`[]` in PATCH, create authority, scope, ordering, metadata, tombstones,
/// incremental sync).
public struct RESTSyncPlugin: DialectPlugin {
    /// Creates the plugin.
    public init() {}

    public var id: DialectID { .restSync }

    public var summary: String {
        "plain REST following the sync contract: resources, endpoints, tombstones and incremental sync"
    }

    public var sectionKeys: [String] { [] }

    /// Records endpoints and the batch upload (`kind: sync_upload`).
    public var endpointKinds: Set<Endpoint.Kind> { [.syncUpload] }

    public var environmentVariables: [EnvironmentVariable] { [] }

    /// `treaty import openapi`: a draft contract from an OpenAPI 3.0 or 3.1 document.
    public var importers: [any ContractImporter] { [OpenAPIImporter()] }

    /// The contract's resources and records endpoints as OpenAPI 3.1 (``RESTOpenAPIExporter``).
    public func openAPIDocument(of contract: Contract) -> JSONValue? {
        RESTOpenAPIExporter().document(of: contract)
    }

    /// The contract itself: rest-sync declares everything in `resources:` and `endpoints:`,
    /// which the core has decoded and linted; without a contract there is nothing to serve.
    public func decodeSchema(of contract: Contract?) -> DecodedSchema {
        guard let contract else {
            return .failure(
                "the rest-sync dialect serves a contract's resources and cannot start without one", file: "rest-sync",
                fix: "pass --contract FILE")
        }
        return DecodedSchema(schema: RESTSyncSchema(contract: contract))
    }
}
