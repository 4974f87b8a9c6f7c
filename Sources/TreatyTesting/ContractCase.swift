internal import TreatyDialectKit
public import TreatyVerifier

/// One verification case as a test argument: run it with ``verify()`` inside a Swift Testing
/// parameterized test (each case is then its own test) or in an XCTest loop.
///
/// ```swift
/// import Testing
/// import TreatyTesting
///
/// @Test(arguments: try ContractCases.load(contract: "Contracts/notes/contract.yaml"))
/// func contract(_ contractCase: ContractCase) async throws {
///     try await contractCase.verify()
/// }
/// ```
public struct ContractCase: Sendable, CustomStringConvertible {
    /// The suite the case belongs to.
    public var suite: String { verificationCase.suite }
    /// The case's name.
    public var name: String { verificationCase.name }
    /// `suite › name`: how the case is listed in test output.
    public var description: String { "\(suite) › \(name)" }

    let verificationCase: VerificationCase
    let environment: ContractEnvironment

    /// Runs the case alone against the environment's target and returns its result.
    ///
    /// - Throws: ``ContractCaseFailure`` when the simulator cannot start or a live target does
    ///   not answer.
    public func run() async throws -> CaseResult {
        try await environment.run(verificationCase)
    }

    /// Runs the case and throws when it failed, so the test fails with every finding.
    ///
    /// A passed or skipped case returns normally (a skipped case says why in its result).
    ///
    /// - Throws: ``ContractCaseFailure`` listing the findings, compiler-style.
    public func verify() async throws {
        let result = try await run()
        guard result.findings.isEmpty else { throw ContractCaseFailure(result: result) }
    }
}

/// Why a contract case failed: its findings, with the requests that showed them.
public struct ContractCaseFailure: Error, Sendable, CustomStringConvertible {
    /// The case's result (`nil` when the run could not start).
    public let result: CaseResult?
    private let text: String

    init(result: CaseResult) {
        self.result = result
        let place = result.location.map { "\($0): " } ?? ""
        var lines: [String] = []
        for finding in result.findings {
            lines.append("\(place)\(finding.headline)")
            lines += finding.detail.split(separator: "\n").map { "  \($0)" }
        }
        if !result.exchanges.isEmpty {
            lines.append("requests:")
            lines += result.exchanges.flatMap { $0.transcript.split(separator: "\n").map { "  \($0)" } }
        }
        text = lines.joined(separator: "\n")
    }

    init(message: String) {
        result = nil
        text = message
    }

    /// The findings, one per line, then the redacted requests.
    public var description: String { text }
}
