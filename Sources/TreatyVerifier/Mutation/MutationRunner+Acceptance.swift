public import TreatyCore
public import TreatyDialectKit

extension MutationRunner {
    /// Warnings for the contract's accepted survivors that name no mutant of it (a typo, or a
    /// mutant that no longer exists), located at each entry, with the closest id.
    ///
    /// - Parameters:
    ///   - contract: The contract whose `mutation: { accepted: … }` entries to check.
    ///   - mutants: The contract's mutants.
    /// - Returns: One `unknown-mutant` warning per unknown id.
    public static func acceptanceDiagnostics(of contract: Contract, mutants: [Mutant]) -> [Diagnostic] {
        let ids = Set(mutants.map(\.id))
        return contract.acceptedMutants.filter { !ids.contains($0.mutant) }.map { entry in
            let closest = mutants.map(\.id).min { distance($0, entry.mutant) < distance($1, entry.mutant) }
            return Diagnostic(
                severity: .warning, rule: "unknown-mutant",
                message: "the accepted mutant '\(entry.mutant)' is not a mutant of '\(contract.api)'",
                location: entry.location ?? SourceLocation(file: contract.file ?? contract.api),
                details: closest.map { ["did you mean '\($0)'?"] } ?? [],
                fix: "use an id that 'treaty mutate' lists, or remove the entry")
        }
    }

    /// The number of leading and trailing characters two ids do not share: a cheap closeness.
    static func distance(_ first: String, _ second: String) -> Int {
        let prefix = zip(first, second).prefix { $0 == $1 }.count
        let suffix = zip(first.reversed(), second.reversed()).prefix { $0 == $1 }.count
        return max(first.count, second.count) - min(prefix + suffix, min(first.count, second.count))
    }
}
