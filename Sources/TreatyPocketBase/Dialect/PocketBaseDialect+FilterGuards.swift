import Foundation
import TreatyJSON
import TreatyQuery

extension PocketBaseDialect {
    /// A non-superuser's filter with PocketBase's guards on what it reaches.
    ///
    /// - A hop into another collection joins only the records the caller may list: the joined
    ///   collection's list rule is added to the test, so a guest's `author.name = "Alice"`
    ///   matches nothing when `users` needs auth. A locked (`null`) list rule makes the filter
    ///   a 400, as PocketBase refuses to join a superuser-only collection.
    /// - `email` of an auth collection is tested only on records with `emailVisibility` true,
    ///   even for the owner (PocketBase ANDs `emailVisibility = TRUE` onto the comparison).
    ///
    /// - Parameters:
    ///   - expr: The parsed filter.
    ///   - collection: The collection it filters.
    ///   - scope: The schema and environment the rules are parsed against.
    /// - Returns: The guarded expression.
    func guardedFilter(_ expr: Expr, in collection: PocketBaseCollection, scope: PocketBaseQueryScope)
        throws(PocketBaseErrorResponse) -> Expr
    {
        switch expr {
        case .all(let operands):
            return .all(try operands.map { operand throws(PocketBaseErrorResponse) in
                try guardedFilter(operand, in: collection, scope: scope)
            })
        case .any(let operands):
            return .any(try operands.map { operand throws(PocketBaseErrorResponse) in
                try guardedFilter(operand, in: collection, scope: scope)
            })
        case .not(let operand): return .not(try guardedFilter(operand, in: collection, scope: scope))
        case .cond(let condition):
            guard collection.type == .auth, condition.path.root == .record, condition.path.components == ["email"]
            else { return expr }
            let visible = Condition(FieldPath(["emailVisibility"]), .eq, true)
            return .all([expr, .cond(visible)])
        case .link(var link):
            guard let target = linkTarget(link, from: collection) else { return .false }
            let rule = try joinRule(target, scope: scope)
            link.where = .all([try guardedFilter(link.where, in: target, scope: scope), rule])
            return .link(link)
        }
    }

    /// What a non-superuser's `sort=` through relations adds to the list's filter: PocketBase
    /// joins each relation of a sort path and, for a caller who is not a superuser, keeps only
    /// the rows whose joined record is missing or passes its collection's list rule — so a guest
    /// sorting posts by `author.name` sees only posts without an author when `users` hides its
    /// records (checked against the real server).
    ///
    /// - Parameters:
    ///   - order: The parsed sort.
    ///   - collection: The collection listed.
    ///   - scope: The schema and environment the rules are parsed against.
    /// - Returns: The condition, or `nil` when the sort goes through no guarded relation.
    /// - Throws: 400 when a sort path joins a collection whose list rule is locked.
    func sortGuard(_ order: [OrderKey], in collection: PocketBaseCollection, scope: PocketBaseQueryScope)
        throws(PocketBaseErrorResponse) -> Expr?
    {
        var guards: [Expr] = []
        for key in order {
            guard let path = key.path, path.components.count > 1 else { continue }
            if let guarded = try joinGuard(Array(path.components.dropLast()), from: collection, scope: scope) {
                guards.append(guarded)
            }
        }
        return guards.isEmpty ? nil : .all(guards)
    }

    /// The guard of a chain of forward relations: each joined record missing, or passing its
    /// collection's list rule (and, through it, the next hop's guard).
    private func joinGuard(_ hops: [String], from collection: PocketBaseCollection, scope: PocketBaseQueryScope)
        throws(PocketBaseErrorResponse) -> Expr?
    {
        guard let relation = hops.first else { return nil }
        guard let target = linkTarget(Link(relation, where: .true), from: collection) else { return nil }
        let rule = try joinRule(target, scope: scope)
        let inner = try joinGuard(Array(hops.dropFirst()), from: target, scope: scope)
        if target.rules.list?.trimmingCharacters(in: .whitespaces).isEmpty == true, inner == nil { return nil }
        return .link(Link(relation, quantifier: .any, emptyMatches: .always, where: .all([rule] + (inner.map { [$0] } ?? []))))
    }

    /// The list rule of a joined collection; a locked one refuses the join.
    private func joinRule(_ target: PocketBaseCollection, scope: PocketBaseQueryScope)
        throws(PocketBaseErrorResponse) -> Expr
    {
        guard let rule = target.rules.list else { throw .badRequest }
        return ruleExpr(rule, target, scope: scope)
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
