internal import Crypto
internal import Foundation
internal import TreatyCore
internal import TreatyDialect
internal import TreatyDialectKit
internal import TreatyJSON

/// The backend of a ``CloudKitContractSchema``: the contract's container (or the one
/// `--container` names), the serve options' tokens and keys, and the fixtures.
struct CloudKitBackendLoader {
    let contractSchema: CloudKitContractSchema
    let setup: BackendSetup
    let options: CloudKitServeOptions

    func load() -> BackendLoadResult {
        var diagnostics: [Diagnostic] = []
        var schema: CloudKitSchema
        if let declared = contractSchema.schema {
            schema = declared
            if let container = options.container, container != schema.container {
                return .failure(
                    "--container \(container) is not the contract's container \(schema.container)", file: "cloudkit",
                    fix: "leave --container out, or name the contract's container")
            }
        } else {
            guard let container = options.container else {
                return .failure(
                    "the cloudkit dialect without a contract needs --container iCloud.…", file: "cloudkit",
                    fix: "pass --container iCloud.com.example.App --api-token TOKEN")
            }
            guard container.hasPrefix("iCloud.") else {
                return .failure("--container must start with 'iCloud.', found '\(container)'", file: "cloudkit")
            }
            schema = CloudKitSchema(container: container)
        }
        if let token = options.apiToken, !schema.apiTokens.contains(token) { schema.apiTokens.append(token) }
        guard !schema.apiTokens.isEmpty else {
            return .failure(
                "no API token: the container would refuse every request", file: "cloudkit",
                fix: "pass --api-token TOKEN, or list api_tokens under container:")
        }
        if let token = options.webAuthToken, !schema.users.contains(where: { $0.webAuthToken == token }) {
            schema.users.append(.derived(fromToken: token))
        }
        var configuration = CloudKitDialectConfiguration(schema: schema, serverKeys: schema.serverKeys, seed: setup.seed)
        if let window = options.signatureWindow {
            configuration.signatureWindowSeconds = window.seconds
        }
        if let serverKey = options.serverKey {
            let keyID = serverKey.keyID
            let path = serverKey.publicKeyFile
            guard let pem = try? String(contentsOfFile: path, encoding: .utf8) else {
                return .failure("cannot read the public key file '\(path)'", file: path)
            }
            guard let key = try? P256.Signing.PublicKey(pemRepresentation: pem) else {
                return .failure(
                    "'\(path)' is not the PEM of a P-256 public key", file: path,
                    fix: "export it with: openssl ec -in key.pem -pubout -out public.pem")
            }
            configuration.serverKeys[keyID] = Array(key.x963Representation)
        }
        var fixtures = CloudKitFixtureLoader.startZones(schema)
        if let directory = setup.fixtures {
            var loader = CloudKitFixtureLoader(schema: schema)
            loader.maxFileSize = setup.maxFixtureFileSize
            let loaded = loader.load(directory: directory)
            diagnostics += loaded.diagnostics
            guard let records = loaded.records else { return BackendLoadResult(backend: nil, diagnostics: diagnostics) }
            fixtures.records[CloudKitStoreModel.records] = records
        }
        let contract = contractSchema.contract
        var storeContract = CloudKitStoreModel.contract(api: contract?.api ?? "cloudkit", file: contract?.file)
        if let contract { storeContract.sections = contract.sections }
        let settings = configuration
        // Records, zones and assets live in the store, and names the server chooses come from
        // the store's generator (`RecordStore.uuid()`): persisting the store persists it all.
        let writer = CloudKitFixtureWriter(schema: schema)
        let backend = SimulatedBackend(contract: storeContract, fixtures: fixtures, exportFixtures: { writer.files(of: $0) }) {
            CloudKitDialect(configuration: settings)
        }
        return BackendLoadResult(backend: backend, diagnostics: diagnostics)
    }
}
