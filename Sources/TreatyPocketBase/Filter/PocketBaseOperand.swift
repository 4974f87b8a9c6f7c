import TreatyJSON
import TreatyQuery

/// One side of a PocketBase comparison, resolved against the schema.
struct PocketBaseOperand {
    enum Side {
        case literal(JSONValue)
        case macro(DateMacro)
        case placeholder(String)
        case request(FieldPath)
        case record(PocketBasePath)
    }

    let side: Side
    let token: ConditionToken
}

/// A record path: the relation hops from the filtered collection, then one field.
struct PocketBasePath {
    /// One hop through a relation.
    struct Hop {
        let relation: String
        let direction: Link.Direction
        let multi: Bool
        /// The alias of `@collection.<name>:<alias>`: conditions with the same alias share one
        /// joined record, and each alias joins on its own.
        var alias: String?
    }

    /// How a `:modifier` changes the field.
    enum Modifier: String, CaseIterable {
        case lower, length, each
    }

    var hops: [Hop]
    /// The resource that holds ``field``.
    var resource: ResourceSchema
    var field: String
    var kind: FieldKind
    var modifier: Modifier?
}
