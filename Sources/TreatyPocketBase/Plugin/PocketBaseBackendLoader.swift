internal import TreatyCore
internal import TreatyDialect
internal import TreatyDialectKit

/// Builds a PocketBase backend from a decoded schema and a setup: the superuser and the
/// collections (the `--collections` option, else the schema's), then the fixture records, each
/// checked as a superuser's create.
struct PocketBaseBackendLoader {
    let schema: PocketBaseContractSchema
    let setup: BackendSetup
    let options: PocketBaseServeOptions

    func load() -> BackendLoadResult {
        var configuration = PocketBaseDialectConfiguration()
        var diagnostics: [Diagnostic] = []
        if let superuser = options.superuser {
            configuration.superuserEmail = superuser.email
            configuration.superuserPassword = superuser.password
        }
        if let file = options.collections {
            let result = PocketBaseSchemaLoader().load(fileAt: file)
            diagnostics += result.diagnostics
            guard !result.hasErrors else { return BackendLoadResult(backend: nil, diagnostics: diagnostics) }
            configuration.collections = result.collections
        } else if schema.file != nil {
            configuration.collections = schema.collections
        }
        var contract = schema.contract ?? PocketBaseDialect.emptyContract
        // The store's resources are the configured collections, fixtures or not, so a
        // `--persist` directory made with fixtures is read back (without them) under the same
        // record shapes; with fixtures, their collections come first.
        contract.resources = configuration.collections.map(\.storeResource)
        var fixtures = FixtureSet()
        if let directory = setup.fixtures {
            var loader = PocketBaseRecordLoader(collections: configuration.collections, seed: setup.seed)
            loader.maxFileSize = setup.maxFixtureFileSize
            let result = loader.load(directory: directory)
            diagnostics += result.diagnostics
            guard !result.hasErrors else { return BackendLoadResult(backend: nil, diagnostics: diagnostics) }
            let loaded = result.contract(collections: loader.collections).resources
            contract.resources = loaded + contract.resources.filter { resource in !loaded.contains { $0.name == resource.name } }
            fixtures = result.fixtures
        }
        let settings = configuration
        let writer = PocketBaseFixtureWriter(collections: configuration.collections)
        let backend = SimulatedBackend(contract: contract, fixtures: fixtures, exportFixtures: { writer.files(of: $0) }) {
            PocketBaseDialect(configuration: settings)
        }
        return BackendLoadResult(backend: backend, diagnostics: diagnostics)
    }
}
