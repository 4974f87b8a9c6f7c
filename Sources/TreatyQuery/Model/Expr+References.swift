extension Expr {
    /// Every `@request.*` path the expression reads, in order, so a dialect can refuse them.
    public var requestPaths: [FieldPath] {
        var paths: [FieldPath] = []
        for condition in conditions {
            if condition.path.root == .request { paths.append(condition.path) }
            if case .field(let path) = condition.operand, path.root == .request { paths.append(path) }
        }
        return paths
    }

    /// The resources the expression reads through ``Link/Direction/collection`` links, in
    /// order, without repeats.
    public var referencedCollections: [String] {
        var names: [String] = []
        func visit(_ expr: Expr) {
            switch expr {
            case .all(let operands), .any(let operands): operands.forEach(visit)
            case .not(let operand): visit(operand)
            case .cond: break
            case .link(let link):
                if link.direction == .collection, !names.contains(link.relation) { names.append(link.relation) }
                visit(link.where)
            }
        }
        visit(self)
        return names
    }
}
