import TreatyVerifier

extension MutationRun {
    /// The run as console text: the tally and score, then each survivor with the behaviour it
    /// breaks and the spec clause, each accepted one with its reason, and each hang.
    var consoleText: String {
        var lines = [
            "\(api) (\(dialect)): \(operators) operators, \(results.count) mutants, \(killed.count) killed, "
                + "\(survivors.count) survivors, \(accepted.count) accepted — score \(score)%"
        ]
        for result in survivors {
            lines.append("  survivor \(result.id)")
            lines.append("    breaks: \(result.behaviour) (\(result.clause))")
        }
        for result in accepted {
            guard case .accepted(let reason) = result.outcome else { continue }
            lines.append("  accepted \(result.id): \(reason)")
        }
        for result in results {
            guard case .timedOut(let seconds) = result.outcome else { continue }
            lines.append("  killed \(result.id): timed out after \(seconds) s")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
