/// A test of the records related to a record.
///
/// `where` runs on each related record; ``quantifier`` combines the results, and
/// ``emptyMatches`` says what a record without related records gives.
///
/// ```swift
/// // task → tags (to-many): some tag is named "urgent"
/// Link("tags", where: .cond(Condition("name", .eq, "urgent")))
/// // user ← tasks.assignee (backlink): every task assigned to the user is done
/// Link("assignee", direction: .backlink(from: "tasks"), quantifier: .all, where: Field("done") == true)
/// ```
public struct Link: Sendable, Hashable {
    /// Where the related records come from.
    public enum Direction: Sendable, Hashable {
        /// The records that the relation field ``Link/relation`` of this record names (to-one or
        /// to-many).
        case forward
        /// The records of resource `from` whose relation field ``Link/relation`` names this record.
        case backlink(from: String)
        /// Every record of the resource named ``Link/relation``, related or not.
        case collection
    }

    /// The relation field (forward and backlink), or the resource name (collection).
    public var relation: String
    /// Where the related records come from.
    public var direction: Direction
    /// How the results over the related records combine.
    public var quantifier: Quantifier
    /// What a record without related records gives.
    public var emptyMatches: EmptyMatch
    /// The test each related record takes; its paths are fields of the related resource.
    public var `where`: Expr
    /// A join name: links of one query that carry the same name share their related record.
    ///
    /// Joined links behave as SQL's `LEFT JOIN` in a `WHERE` clause: the query matches a record when **some choice** of one
    /// related record per join name — an empty record where there is none — makes the whole
    /// expression true. So `tags.name = "a" && tags.name = "b"` with both links joined as
    /// `"tags"` asks for one tag named both (nothing matches), where two unjoined links ask for
    /// some tag named "a" and some tag named "b". A joined link tests ``where`` on its chosen
    /// record; ``quantifier`` and ``emptyMatches`` do not apply. A joined link inside another
    /// joined link chooses among the related records of the outer link's choice; a joined link
    /// may not sit inside an unjoined one. `nil` (the default): an ordinary, unjoined link.
    public var join: String?

    /// Creates a link.
    ///
    /// - Parameters:
    ///   - relation: The relation field, or the resource name for ``Direction/collection``.
    ///   - direction: Where the related records come from; forward by default.
    ///   - quantifier: How the results combine; `any` by default (ObjectBox's `link`).
    ///   - emptyMatches: What no related records give; by default the quantifier's
    ///     ``Quantifier/defaultEmptyMatch``.
    ///   - join: A join name shared with the other links that choose the same related record
    ///     (see ``join``); `nil` for an ordinary link.
    ///   - where: The test each related record takes.
    public init(
        _ relation: String, direction: Direction = .forward, quantifier: Quantifier = .any,
        emptyMatches: EmptyMatch? = nil, join: String? = nil, where: Expr
    ) {
        self.relation = relation
        self.direction = direction
        self.quantifier = quantifier
        self.emptyMatches = emptyMatches ?? quantifier.defaultEmptyMatch
        self.join = join
        self.where = `where`
    }
}
