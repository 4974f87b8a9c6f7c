public import Foundation
public import TreatyCore

/// One contract's mutation run: every mutant's outcome, and the score.
///
/// The score is the share of mutants the suites kill among those not accepted:
/// `killed / (mutants - accepted)`. A survivor is a plausible backend bug the contract's suites
/// let through; the run ``succeeded`` when every survivor is accepted by the contract.
public struct MutationRun: Sendable, Hashable {
    /// The contract's API name.
    public var api: String
    /// The contract's dialect.
    public var dialect: DialectID
    /// When the run started.
    public var startedAt: Date
    /// How long the whole run took, baseline included.
    public var durationMilliseconds: Int
    /// Every mutant's result, sorted by id.
    public var results: [MutantResult]

    /// Creates a run.
    public init(api: String, dialect: DialectID, startedAt: Date, durationMilliseconds: Int, results: [MutantResult]) {
        self.api = api
        self.dialect = dialect
        self.startedAt = startedAt
        self.durationMilliseconds = durationMilliseconds
        self.results = results
    }

    /// The number of distinct operators among the mutants.
    public var operators: Int { Set(results.map(\.operatorName)).count }
    /// The mutants the suites killed (failed, hung or crashed).
    public var killed: [MutantResult] { results.filter(\.outcome.isKilled) }
    /// The survivors the contract does not accept.
    public var survivors: [MutantResult] { results.filter { $0.outcome == .survived } }
    /// The survivors the contract accepts.
    public var accepted: [MutantResult] {
        results.filter { if case .accepted = $0.outcome { true } else { false } }
    }

    /// `killed / (mutants - accepted)` in percent, one decimal; 100 when nothing is left to kill.
    public var score: Double {
        let counted = results.count - accepted.count
        guard counted > 0 else { return 100 }
        return (Double(killed.count) * 1000 / Double(counted)).rounded() / 10
    }

    /// Whether every survivor is accepted by the contract.
    public var succeeded: Bool { survivors.isEmpty }
}
