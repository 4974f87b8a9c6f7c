/// A compiled expression; conditions live in ``CompiledQuery``'s flat list so parameters can
/// replace their operands without rebuilding the tree.
indirect enum CompiledNode: Sendable {
    case all([CompiledNode])
    case any([CompiledNode])
    case not(CompiledNode)
    /// The condition at this position of the flat list.
    case cond(Int)
    case link(CompiledLink)
}

/// A compiled ``Link``: the relation resolved against the schema.
struct CompiledLink: Sendable {
    let step: RelationStep
    let quantifier: Quantifier
    let emptyMatches: EmptyMatch
    let body: CompiledNode
}
