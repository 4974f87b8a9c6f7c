internal import TreatyDialectKit

/// What happened to one mutant: the suites killed it (a case failed, hung or crashed), or it
/// survived — then the contract may accept it with a reason.
public enum MutantOutcome: Sendable, Hashable {
    /// A case failed against the mutant: `case` names it, `reason` gives its first finding.
    case killed(case: String, reason: String)
    /// The run outlasted the mutant's time limit (a hang): killed, with that reason.
    case timedOut(seconds: Int)
    /// Every case passed against the mutant.
    case survived
    /// Every case passed, and the contract accepts the survivor for `reason`.
    case accepted(reason: String)

    /// Whether the suites told the mutant apart from the real backend.
    public var isKilled: Bool {
        switch self {
        case .killed, .timedOut: true
        case .survived, .accepted: false
        }
    }
}

/// One mutant's identity and outcome.
public struct MutantResult: Sendable, Hashable {
    /// The mutant's id.
    public var id: String
    /// Its operator's name.
    public var operatorName: String
    /// The behaviour it breaks.
    public var behaviour: String
    /// The spec clause of that behaviour.
    public var clause: String
    /// What the suites did to it.
    public var outcome: MutantOutcome
    /// How long its run took.
    public var durationMilliseconds: Int

    /// Creates a result.
    public init(
        id: String, operatorName: String, behaviour: String, clause: String, outcome: MutantOutcome,
        durationMilliseconds: Int
    ) {
        self.id = id
        self.operatorName = operatorName
        self.behaviour = behaviour
        self.clause = clause
        self.outcome = outcome
        self.durationMilliseconds = durationMilliseconds
    }

    /// The result of `mutant` with `outcome`.
    init(_ mutant: Mutant, outcome: MutantOutcome, durationMilliseconds: Int) {
        self.init(
            id: mutant.id, operatorName: mutant.operatorName, behaviour: mutant.behaviour, clause: mutant.clause,
            outcome: outcome, durationMilliseconds: durationMilliseconds)
    }
}
