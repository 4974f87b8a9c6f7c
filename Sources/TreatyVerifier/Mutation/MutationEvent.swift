/// Progress of a mutation run, in order.
public enum MutationEvent: Sendable {
    /// The unmutated backend passed the suites; `mutants` mutants follow.
    case baselinePassed(mutants: Int)
    /// One mutant finished (`finished` of `total`).
    case mutantFinished(MutantResult, finished: Int, total: Int)
}
