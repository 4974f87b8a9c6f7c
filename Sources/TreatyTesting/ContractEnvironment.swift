internal import Foundation
internal import HTTPTypes
internal import Logging
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyVerifier

/// The contract, fixtures and target a set of ``ContractCase``s run against: the in-process
/// simulator, or the live server named by `TREATY_TARGET` (with `TREATY_TOKEN` as a bearer
/// token, and `TREATY_HEADERS` as extra `Name: value` lines) when that variable is set.
struct ContractEnvironment: Sendable {
    let contract: Contract
    /// The contract's schema as its dialect decoded it.
    let schema: any DialectSchema
    /// What the in-process simulator serves (`nil` against a live target).
    let backend: SimulatedBackend?
    let target: String?
    let token: String?
    /// Extra `Name: value` headers (from `TREATY_HEADERS`, one per line).
    let headerLines: [String]

    func run(_ verificationCase: VerificationCase) async throws -> CaseResult {
        let suite = VerificationSuite(name: verificationCase.suite, file: contract.file, cases: [verificationCase])
        let destination: VerificationTarget
        var secrets: [String] = []
        if let target {
            var headers = HTTPFields()
            if let token {
                headers[.authorization] = "Bearer \(token)"
                secrets.append(token)
            }
            for line in headerLines {
                guard let colon = line.firstIndex(of: ":"),
                    let name = HTTPField.Name(line[..<colon].trimmingCharacters(in: .whitespaces))
                else { throw ContractCaseFailure(message: "TREATY_HEADERS: '\(line.prefix(40))…' is not 'Name: value'") }
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                headers[name] = value
                secrets.append(value)
            }
            destination = .live(LiveTarget(baseURL: target, headers: headers))
        } else if let backend {
            destination = .mock(MockTarget(backend: backend))
        } else {
            throw ContractCaseFailure(message: "no target: set TREATY_TARGET, or load the cases without it")
        }
        let verifier = Verifier(
            configuration: VerifierConfiguration(secrets: secrets),
            logger: Logger(label: "treaty.testing", factory: { _ in SwiftLogNoOpLogHandler() }))
        let run: VerificationRun
        do {
            run = try await verifier.run(contract: contract, suites: [suite], on: destination, dialect: schema)
        } catch {
            throw ContractCaseFailure(message: "\(error)")
        }
        guard let result = run.suites.first?.cases.first else {
            throw ContractCaseFailure(message: "the case did not run")
        }
        return result
    }
}
