import TreatyCore
import TreatyDialect
import TreatyPocketBase

extension ServeCommand {
    /// `--dialect pocketbase --fixtures DIR`: the `<collection>.json` record files, checked
    /// through the dialect's field semantics, and the contract whose store starts with them.
    func loadPocketBaseFixtures(_ configuration: PocketBaseDialectConfiguration) throws -> (
        contract: Contract, fixtures: FixtureSet
    ) {
        guard let fixtures else { return (PocketBaseDialect.emptyContract, FixtureSet()) }
        let loader = PocketBaseRecordLoader(collections: configuration.collections, seed: configuration.seed)
        let result = loader.load(directory: fixtures)
        Console.standardError.write(DiagnosticRenderer().render(result.diagnostics))
        guard !result.hasErrors else {
            Console.standardError.write("error: the records in \(fixtures) have errors; fix them first\n")
            throw Status.unusableInput
        }
        return (result.contract(collections: loader.collections), result.fixtures)
    }
}
