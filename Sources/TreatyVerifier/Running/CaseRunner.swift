internal import TreatyCore
internal import TreatyDialectKit
internal import TreatySecrets

/// Runs one case in a fresh context and turns how it ended into a ``CaseResult``.
struct CaseRunner {
    let contract: Contract
    let connection: TargetConnection
    let isLive: Bool
    let readOnly: Bool
    let dialect: (any DialectSchema)?

    func run(_ verificationCase: VerificationCase) async -> CaseResult {
        let clock = ContinuousClock()
        let start = clock.now
        func result(_ outcome: CaseOutcome, _ exchanges: [Exchange] = []) -> CaseResult {
            let elapsed = clock.now - start
            let milliseconds = Int(elapsed.components.seconds) * 1000 + Int(elapsed.components.attoseconds / 1_000_000_000_000_000)
            return CaseResult(
                suite: verificationCase.suite, name: verificationCase.name, rules: verificationCase.rules,
                location: verificationCase.location, outcome: outcome, durationMilliseconds: max(0, milliseconds),
                exchanges: exchanges)
        }
        if readOnly && verificationCase.writes {
            return result(.skipped("read-only run: the case writes"))
        }
        let context = CaseContext(contract: contract, connection: connection, isLive: isLive, dialect: dialect)
        var skipReason: String?
        do {
            try await verificationCase.run(context)
        } catch is CaseContext.Stop {
        } catch let skip as CaseContext.Skip {
            skipReason = skip.reason
        } catch {
            context.record(Finding(category: .harnessError, summary: connection.redactor.redact("the case failed to run: \(error)")))
        }
        await context.cleanUp()
        let findings = context.findings
        if let skipReason, findings.isEmpty { return result(.skipped(skipReason), context.exchanges) }
        if findings.isEmpty { return result(.passed, context.exchanges) }
        let unverifiable = findings.first { $0.category == .transportError || $0.category == .harnessError }
        if let unverifiable, findings.allSatisfy({ $0.category == .transportError || $0.category == .harnessError }) {
            return result(.errored(unverifiable), context.exchanges)
        }
        return result(.failed(findings), context.exchanges)
    }
}
