import TreatyTesting
import XCTest

/// The same contract from XCTest: one test method runs every case and reports each failure.
final class NotesContractXCTests: XCTestCase {
    func testNotesContract() async throws {
        for contractCase in try ContractCases.load(contract: "Contracts/notes/contract.yaml") {
            do {
                try await contractCase.verify()
            } catch {
                XCTFail("\(contractCase): \(error)")
            }
        }
    }
}
