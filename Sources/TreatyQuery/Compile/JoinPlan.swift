/// How a query with joins is evaluated: its top-level conjunction split into groups that share
/// no join, so each group tries only its own joins' choices.
///
/// Conjuncts that share no join (counting the joins their joins hang from) are independent:
/// some choice satisfies them all exactly when each group has a satisfying choice of its own.
/// `tags.name ?= "a" && comments_via_post.text ?= "b"` then costs |tags| + |comments| choices per
/// record, not |tags| × |comments|. The first satisfying choice of the whole expression (in
/// stored order, what ``OrderKey/join`` reads) is the first of each group, put together.
struct JoinPlan: Sendable {
    struct Group: Sendable {
        /// Conjuncts tested together.
        let conjuncts: [CompiledNode]
        /// The joins they use, parents first.
        let joins: [Int]
    }

    /// Conjuncts that use no join.
    let free: [CompiledNode]
    let groups: [Group]

    init(root: CompiledNode, joins: [CompiledJoin], conditions: [CompiledCondition]) {
        var conjuncts: [CompiledNode] = []
        Self.flatten(root, into: &conjuncts)
        var free: [CompiledNode] = []
        var groups: [(conjuncts: [CompiledNode], joins: Set<Int>)] = []
        for conjunct in conjuncts {
            var used = Set<Int>()
            Self.collect(conjunct, conditions: conditions, into: &used)
            for join in used {
                var parent = joins[join].parent
                while let next = parent {
                    used.insert(next)
                    parent = joins[next].parent
                }
            }
            guard !used.isEmpty else {
                free.append(conjunct)
                continue
            }
            var merged = (conjuncts: [conjunct], joins: used)
            groups.removeAll { group in
                guard !group.joins.isDisjoint(with: merged.joins) else { return false }
                merged.conjuncts = group.conjuncts + merged.conjuncts
                merged.joins.formUnion(group.joins)
                return true
            }
            groups.append(merged)
        }
        self.free = free
        self.groups = groups.map { Group(conjuncts: $0.conjuncts, joins: $0.joins.sorted()) }
    }

    private static func flatten(_ node: CompiledNode, into conjuncts: inout [CompiledNode]) {
        if case .all(let nodes) = node {
            for node in nodes { flatten(node, into: &conjuncts) }
        } else {
            conjuncts.append(node)
        }
    }

    private static func collect(_ node: CompiledNode, conditions: [CompiledCondition], into used: inout Set<Int>) {
        switch node {
        case .all(let nodes), .any(let nodes):
            for node in nodes { collect(node, conditions: conditions, into: &used) }
        case .not(let node):
            collect(node, conditions: conditions, into: &used)
        case .cond(let index):
            if let join = conditions[index].join { used.insert(join) }
            if case .field(let operand) = conditions[index].operand, case .join(let join) = operand.record {
                used.insert(join)
            }
        case .link(let link):
            if let join = link.join { used.insert(join) }
            collect(link.body, conditions: conditions, into: &used)
        }
    }
}
