extension ContractDecoder {
    /// Decodes the `mutation:` section: `accepted:`, a list of `{mutant: ID, reason: TEXT}`.
    mutating func decodeMutation(_ node: SourceNode) -> [AcceptedMutant] {
        guard let mapping = context.mapping(node, allowed: ["accepted"], in: "'mutation'") else { return [] }
        guard let list = mapping["accepted"] else { return [] }
        guard case .sequence(let items) = list.value else {
            context.report(
                "invalid-value", "'accepted' must be a list, found \(list.kindDescription)", at: list,
                fix: "write '- { mutant: <id>, reason: <why> }' entries")
            return []
        }
        return items.compactMap { item in
            guard let entry = context.mapping(item, allowed: ["mutant", "reason"], in: "an accepted mutant") else {
                return nil
            }
            let fix = "write '{ mutant: <id>, reason: <why no client can tell> }'"
            let mutant = requiredString(entry, "mutant", in: "an accepted mutant", fix: fix)
            let reason = requiredString(entry, "reason", in: "an accepted mutant", fix: fix)
            guard let mutant, let reason else { return nil }
            if reason.allSatisfy(\.isWhitespace) {
                context.report("invalid-value", "the reason of '\(mutant)' is empty", at: item, fix: fix)
                return nil
            }
            return AcceptedMutant(mutant: mutant, reason: reason, location: context.location(of: item))
        }
    }
}
