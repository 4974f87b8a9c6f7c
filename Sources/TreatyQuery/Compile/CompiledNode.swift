import TreatyJSON

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
    /// The position of its join in ``CompiledQuery``'s join list, for a joined link.
    let join: Int?
    let body: CompiledNode
}

/// A join name of the query (see ``Link/join`` and ``Condition/join``): what it chooses from,
/// and the join whose chosen record it starts from (`nil`: the record being tested). A parent
/// always comes before its children in the list.
struct CompiledJoin: Sendable {
    enum Source: Sendable {
        /// One related record through the hop.
        case relation(RelationStep)
        /// One element of a list field.
        case elements(ValueAccess, ScalarKind)
    }

    let name: String
    let source: Source
    let parent: Int?
}

/// What a join chose for one evaluation.
enum JoinChoice: Sendable {
    /// A related record; empty when there is none.
    case record(JSONObject)
    /// A list element; `nil` when the list is empty.
    case element(Scalar?)

    var record: JSONObject {
        if case .record(let record) = self { return record }
        return JSONObject()
    }
}
