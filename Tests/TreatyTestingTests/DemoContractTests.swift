import Testing
import TreatyTesting
import TreatyVerifier

/// Runs the demo contract's cases the way an app's test target would: one test per case.
@Suite struct DemoContractTests {
    static let environment: [String: String] = [:]

    @Test("every demo contract case passes against the simulator", arguments: try ContractCases.load(contract: "Contracts/demo/contract.yaml", environment: environment))
    func demoCase(_ contractCase: ContractCase) async throws {
        try await contractCase.verify()
    }

    @Test("the cases cover shapes and every round-trip family of the demo contract")
    func coverage() throws {
        let cases = try ContractCases.load(contract: "Contracts/demo/contract.yaml", environment: Self.environment)
        let names = cases.map(\.name)
        #expect(cases.filter { $0.suite == "demo.shapes" }.count == 7)
        for rule in ["RS-NL-2", "RS-NL-3", "RS-NL-4", "RS-CR-1", "RS-CR-2", "RS-ID-4", "RS-MD-2", "RS-IN-2", "RS-OR-1"] {
            #expect(names.contains { $0.contains(rule) }, "no case proves \(rule)")
        }
    }

    @Test("a contract with errors is refused with its diagnostics")
    func brokenContract() throws {
        let error = try #require(throws: ContractCaseFailure.self) {
            try ContractCases.load(contract: "Contracts/missing/contract.yaml", environment: Self.environment)
        }
        #expect(error.description.contains("Contracts/missing/contract.yaml"))
        #expect(error.description.contains("cannot read file"))
    }

    @Test("TREATY_TARGET switches the cases to a live server, with the token redacted from failures")
    func liveSwitch() async throws {
        let cases = try ContractCases.load(
            contract: "Contracts/demo/contract.yaml",
            environment: ["TREATY_TARGET": "http://127.0.0.1:9", "TREATY_TOKEN": "very-secret-token"])
        let first = try #require(cases.first)
        let error = try await #require(throws: ContractCaseFailure.self) { try await first.verify() }
        #expect(error.description.contains("unreachable"))
        #expect(!error.description.contains("very-secret-token"))
    }
}

/// `ContractCases.load` works the same for every dialect: the blog contract's PocketBase cases,
/// named by the contract's directory, pass against its simulator.
@Suite struct BlogContractTests {
    @Test("every blog contract case passes against the PocketBase simulator",
          arguments: try ContractCases.load(contract: "Contracts/blog/", environment: [:]))
    func blogCase(_ contractCase: ContractCase) async throws {
        try await contractCase.verify()
    }
}
