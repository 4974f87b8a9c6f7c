import Testing
import TreatyTesting

/// Every case of the notes contract is its own test: the shape of every GET endpoint and the
/// sync round trips (PATCH missing/null, client ids, scope, tombstones). Set TREATY_TARGET (and
/// TREATY_TOKEN) to run the same tests against staging.
@Suite struct NotesContractTests {
    @Test("the backend honours the notes contract", arguments: try ContractCases.load(contract: "Contracts/notes/contract.yaml"))
    func notesContract(_ contractCase: ContractCase) async throws {
        try await contractCase.verify()
    }
}
