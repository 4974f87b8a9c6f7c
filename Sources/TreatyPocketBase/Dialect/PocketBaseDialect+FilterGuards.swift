import TreatyJSON
import TreatyQuery

extension PocketBaseDialect {
    /// A non-superuser's filter with PocketBase's guards on what it reaches.
    ///
    /// - A hop into another collection joins only the records the caller may view: the joined
    ///   collection's view rule is added to the test (a locked rule matches nothing), so a
    ///   guest's `author.name = "Alice"` matches nothing when `users` needs auth.
    /// - `email` of an auth collection is tested only on records with `emailVisibility` true,
    ///   even for the owner (PocketBase ANDs `emailVisibility = TRUE` onto the comparison).
    ///
    /// - Parameters:
    ///   - expr: The parsed filter.
    ///   - collection: The collection it filters.
    ///   - scope: The schema and environment the rules are parsed against.
    /// - Returns: The guarded expression.
    func guardedFilter(_ expr: Expr, in collection: PocketBaseCollection, scope: PocketBaseQueryScope) -> Expr {
        switch expr {
        case .all(let operands): return .all(operands.map { guardedFilter($0, in: collection, scope: scope) })
        case .any(let operands): return .any(operands.map { guardedFilter($0, in: collection, scope: scope) })
        case .not(let operand): return .not(guardedFilter(operand, in: collection, scope: scope))
        case .cond(let condition):
            guard collection.type == .auth, condition.path.root == .record, condition.path.components == ["email"]
            else { return expr }
            let visible = Condition(FieldPath(["emailVisibility"]), .eq, true)
            return .all([expr, .cond(visible)])
        case .link(var link):
            guard let target = linkTarget(link, from: collection) else { return .false }
            let rule = target.rules.view.map { ruleExpr($0, target, scope: scope) } ?? .false
            link.where = .all([guardedFilter(link.where, in: target, scope: scope), rule])
            return .link(link)
        }
    }

    /// The collection a link's records come from.
    private func linkTarget(_ link: Link, from collection: PocketBaseCollection) -> PocketBaseCollection? {
        let all = collections
        switch link.direction {
        case .forward:
            guard let field = collection.fields.first(where: { $0.name == link.relation }),
                case .relation(let relation) = field.options
            else { return nil }
            return all.first { $0.id == relation.collectionId }
        case .backlink(let from): return all.first { $0.name == from }
        case .collection: return all.first { $0.name == link.relation }
        }
    }
}
