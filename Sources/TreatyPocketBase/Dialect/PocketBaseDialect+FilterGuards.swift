import Foundation
import TreatyJSON
import TreatyQuery

extension PocketBaseDialect {
    /// A non-superuser's filter with PocketBase's guard on hidden emails: `email` of an auth
    /// collection is tested only on records with `emailVisibility` true, even for the owner
    /// (PocketBase ANDs `emailVisibility = TRUE` onto the comparison of the joined row; its
    /// every-record check of a to-many path does without).
    ///
    /// - Parameters:
    ///   - expr: The parsed filter.
    ///   - collection: The collection it filters.
    /// - Returns: The guarded expression.
    func guardingEmails(_ expr: Expr, in collection: PocketBaseCollection) -> Expr {
        switch expr {
        case .all(let operands): return .all(operands.map { guardingEmails($0, in: collection) })
        case .any(let operands): return .any(operands.map { guardingEmails($0, in: collection) })
        case .not(let operand): return .not(guardingEmails(operand, in: collection))
        case .cond(let condition):
            guard collection.type == .auth, condition.path.root == .record, condition.path.components == ["email"]
            else { return expr }
            let visible = Condition(FieldPath(["emailVisibility"]), .eq, true)
            return .all([expr, .cond(visible)])
        case .link(var link):
            guard link.join != nil, let target = linkTarget(link, from: collection) else { return expr }
            link.where = guardingEmails(link.where, in: target)
            return .link(link)
        }
    }

    /// What a non-superuser's filter and sort add to a list's conditions: PocketBase joins each
    /// relation of their paths and, for a caller who is not a superuser, keeps only the joined
    /// rows that are missing or that pass their collection's list rule — on the very row the
    /// filter tests, since joins are shared (`id='' || (RULE)` bound at the top of the query).
    /// So a guest filtering posts by `author.name = "Alice"` finds nothing when `users` needs
    /// auth, and a guest sorting by `author.name` sees only posts without an author.
    ///
    /// - Parameters:
    ///   - filter: The client's parsed filter, if any.
    ///   - order: The parsed sort.
    ///   - collection: The collection listed.
    ///   - scope: The schema and environment the rules are parsed against.
    /// - Returns: One condition per guarded join.
    /// - Throws: 400 when a path joins a collection whose list rule is locked.
    func joinGuards(
        filter: Expr?, order: [OrderKey], in collection: PocketBaseCollection, scope: PocketBaseQueryScope
    ) throws(PocketBaseErrorResponse) -> [Expr] {
        var joins: [GuardedJoin] = []
        if let filter { collectJoins(filter, from: collection, parent: nil, into: &joins) }
        for key in order {
            guard let path = key.path, path.components.count > 1 else { continue }
            var parent: Int?
            var current = collection
            var names: [String] = []
            for relation in path.components.dropLast() {
                names.append(relation)
                let link = Link(relation, join: names.joined(separator: "."), where: .true)
                guard let target = linkTarget(link, from: current) else { break }
                parent = register(link, target: target, parent: parent, into: &joins)
                current = target
            }
        }
        var guards: [Expr] = []
        for (index, join) in joins.enumerated() {
            guard let rule = join.target.rules.list else { throw .badRequest }
            guard !rule.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            let missing = Condition(FieldPath(["id"]), .eq, .value(""), emptyEqualsNull: true)
            let ruleExpr = Self.renamingJoins(ruleExpr(rule, join.target, scope: scope), prefix: join.link.join ?? "")
            guards.append(Self.reaching(index, in: joins, .any([.cond(missing), ruleExpr])))
        }
        return guards
    }

    /// A join of a filter or sort path, with the collection it reaches.
    private struct GuardedJoin {
        let link: Link
        let target: PocketBaseCollection
        let parent: Int?
    }

    /// Collects the joined links of `expr` (joins are named by their path, so a name met twice
    /// is the same join).
    private func collectJoins(
        _ expr: Expr, from collection: PocketBaseCollection, parent: Int?, into joins: inout [GuardedJoin]
    ) {
        switch expr {
        case .all(let operands), .any(let operands):
            for operand in operands { collectJoins(operand, from: collection, parent: parent, into: &joins) }
        case .not(let operand):
            collectJoins(operand, from: collection, parent: parent, into: &joins)
        case .cond:
            break
        case .link(let link):
            guard link.join != nil, let target = linkTarget(link, from: collection) else { return }
            let index = register(link, target: target, parent: parent, into: &joins)
            collectJoins(link.where, from: target, parent: index, into: &joins)
        }
    }

    /// The position of `link`'s join in `joins`, added when new.
    private func register(_ link: Link, target: PocketBaseCollection, parent: Int?, into joins: inout [GuardedJoin])
        -> Int
    {
        if let known = joins.firstIndex(where: { $0.link.join == link.join }) { return known }
        var bare = link
        bare.where = .true
        joins.append(GuardedJoin(link: bare, target: target, parent: parent))
        return joins.count - 1
    }

    /// `body` tested on the row of join `index`, reached through the joins above it.
    private static func reaching(_ index: Int, in joins: [GuardedJoin], _ body: Expr) -> Expr {
        var link = joins[index].link
        link.where = body
        guard let parent = joins[index].parent else { return .link(link) }
        return reaching(parent, in: joins, .link(link))
    }

    /// `expr` with its joins renamed under `prefix`, so a rule's own joins (PocketBase gives
    /// them a random alias suffix) never share a row with the filter's.
    static func renamingJoins(_ expr: Expr, prefix: String) -> Expr {
        switch expr {
        case .all(let operands): return .all(operands.map { renamingJoins($0, prefix: prefix) })
        case .any(let operands): return .any(operands.map { renamingJoins($0, prefix: prefix) })
        case .not(let operand): return .not(renamingJoins(operand, prefix: prefix))
        case .cond: return expr
        case .link(var link):
            link.join = link.join.map { "\(prefix)→\($0)" }
            link.where = renamingJoins(link.where, prefix: prefix)
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
