/// Checks a ``Query``'s expression against the schema and turns it into ``CompiledNode``s.
struct Compiler {
    let schema: QuerySchema
    var conditions: [CompiledCondition] = []
    /// The join names met so far, parents before children.
    var joins: [CompiledJoin] = []

    /// Where the link being compiled sits, for joined links.
    private enum Enclosure {
        /// At the top, or inside joined links only; the innermost join, if any.
        case joined(Int?)
        /// Inside an ordinary link, where a joined link has no record to share.
        case unjoined
    }

    private var enclosure = Enclosure.joined(nil)
    /// The resource the query lists, which ``FieldPath/Root/base`` operands read.
    private let base: ResourceSchema?

    init(schema: QuerySchema, base: ResourceSchema? = nil) {
        self.schema = schema
        self.base = base
    }

    mutating func compile(_ expr: Expr, in resource: ResourceSchema, prefix: [String]) throws(QueryError)
        -> CompiledNode
    {
        switch expr {
        case .all(let operands):
            var nodes: [CompiledNode] = []
            for operand in operands { nodes.append(try compile(operand, in: resource, prefix: prefix)) }
            return .all(nodes)
        case .any(let operands):
            var nodes: [CompiledNode] = []
            for operand in operands { nodes.append(try compile(operand, in: resource, prefix: prefix)) }
            return .any(nodes)
        case .not(let operand):
            return .not(try compile(operand, in: resource, prefix: prefix))
        case .link(let link):
            return .link(try compile(link, in: resource, prefix: prefix))
        case .cond(let condition):
            if condition.path.root == .record, condition.path.components.count > 1,
                let first = condition.path.components.first
            {
                var rest = condition
                rest.path.components.removeFirst()
                let link = Link(first, where: .cond(rest))
                return .link(try compile(link, in: resource, prefix: prefix))
            }
            return .cond(try compile(condition, in: resource, prefix: prefix))
        }
    }

    private mutating func compile(_ link: Link, in resource: ResourceSchema, prefix: [String]) throws(QueryError)
        -> CompiledLink
    {
        let step = try step(for: link, from: resource)
        let target = try schema.resource(step.target)
        let name: String
        switch link.direction {
        case .forward: name = link.relation
        case .backlink(let from): name = "\(from)_via_\(link.relation)"
        case .collection: name = "@collection.\(link.relation)"
        }
        let outer = enclosure
        defer { enclosure = outer }
        var join: Int?
        if let joinName = link.join {
            guard case .joined(let parent) = outer else {
                throw QueryError(
                    .unsupported, "the joined link '\(joinName)' sits inside an unjoined link; join the outer link too")
            }
            join = try register(joinName, .relation(step), parent: parent)
            enclosure = .joined(join)
        } else {
            enclosure = .unjoined
        }
        let body = try compile(link.where, in: target, prefix: prefix + [name])
        return CompiledLink(
            step: step, quantifier: link.quantifier, emptyMatches: link.emptyMatches, join: join, body: body)
    }

    /// The position of join `name`, registered on first use; every use must take the same hop
    /// from the same place.
    private mutating func register(_ name: String, _ source: CompiledJoin.Source, parent: Int?) throws(QueryError)
        -> Int
    {
        if let known = joins.firstIndex(where: { $0.name == name }) {
            let same: Bool
            switch (joins[known].source, source) {
            case (.relation(let a), .relation(let b)): same = a == b
            case (.elements(let a, _), .elements(let b, _)): same = a == b
            default: same = false
            }
            guard same, joins[known].parent == parent else {
                throw QueryError(
                    .unsupported, "the join '\(name)' is used for two different hops; give each hop its own join name")
            }
            return known
        }
        joins.append(CompiledJoin(name: name, source: source, parent: parent))
        return joins.count - 1
    }

    /// The hop a link takes from `resource`.
    func step(for link: Link, from resource: ResourceSchema) throws(QueryError) -> RelationStep {
        switch link.direction {
        case .forward:
            let kind = try schema.kind(of: link.relation, in: resource)
            guard case .relation(let targetName, let many) = kind else {
                throw QueryError(
                    .typeMismatch, "'\(link.relation)' of '\(resource.name)' is a \(kind) field, not a relation")
            }
            let target = try schema.resource(targetName)
            return RelationStep(
                source: resource.name, sourceIDField: resource.idField, field: link.relation, target: targetName,
                targetIDField: target.idField, direction: .forward(many: many))
        case .backlink(let from):
            let target = try schema.resource(from)
            let kind = try schema.kind(of: link.relation, in: target)
            guard case .relation(let pointsTo, let many) = kind, pointsTo == resource.name else {
                throw QueryError(
                    .typeMismatch, "'\(link.relation)' of '\(from)' is not a relation to '\(resource.name)'")
            }
            return RelationStep(
                source: resource.name, sourceIDField: resource.idField, field: link.relation, target: from,
                targetIDField: target.idField, direction: .backlink(many: many))
        case .collection:
            let target = try schema.resource(link.relation)
            return RelationStep(
                source: resource.name, sourceIDField: resource.idField, field: "", target: target.name,
                targetIDField: target.idField, direction: .collection)
        }
    }

    private mutating func compile(_ condition: Condition, in resource: ResourceSchema, prefix: [String])
        throws(QueryError) -> Int
    {
        let (access, kind, shape) = try resolve(condition.path, in: resource)
        guard kind.accepts(condition.op) || condition.comparison.semantics != nil else {
            throw QueryError(
                .unsupportedOperator,
                "operator '\(condition.op)' does not apply to \(kind) field '\(condition.path)'")
        }
        var compiled = CompiledCondition(
            source: condition, qualifiedPath: (prefix + [condition.path.description]).joined(separator: "."),
            resource: resource.name, access: access, kind: kind, shape: shape, operand: .none)
        compiled.operand = try compiled.prepare(
            condition.operand, schema: schema, in: resource, scope: base.map { OperandScope(base: $0, joins: joins) })
        if let joinName = condition.join {
            guard shape == .elements, case .joined(let parent) = enclosure else {
                throw QueryError(
                    .unsupported,
                    "the joined condition '\(joinName)' needs a list field outside unjoined links; '\(condition.path)' is not")
            }
            compiled.join = try register(joinName, .elements(access, kind), parent: parent)
        }
        conditions.append(compiled)
        return conditions.count - 1
    }

    /// How `path` is read in `resource`, the kind it is compared as, and its shape.
    func resolve(_ path: FieldPath, in resource: ResourceSchema) throws(QueryError)
        -> (ValueAccess, ScalarKind, ValueShape)
    {
        if case .macro(let macro) = path.root {
            switch path.modifier {
            case nil: return (.macro(macro, reading: nil), macro.isDate ? .date : .integer, .scalar)
            case .read(let read) where macro.isDate && read.reading.applies(to: .date):
                return (.macro(macro, reading: read), try scalarKind(of: read.reading.resultKind), .scalar)
            default:
                let modifier = path.modifier?.description ?? ""
                throw QueryError(.unsupported, "the macro \(macro) takes no modifier ':\(modifier)'")
            }
        }
        if path.root == .request {
            let kind: ScalarKind
            switch path.modifier {
            case nil, .jsonText: kind = .json
            case .read(let read):
                throw QueryError(.unsupported, "the modifier ':\(read)' applies to record fields, not to '\(path)'")
            case .isSet, .changed: kind = .bool
            case .lowercased: kind = .text
            case .length: kind = .integer
            }
            return (.request(path.components, modifier: path.modifier), kind, .scalar)
        }
        guard path.components.count == 1, let name = path.components.first else {
            throw QueryError(.unsupported, "the path '\(path)' goes through a relation; use a Link")
        }
        let fieldKind = try schema.kind(of: name, in: resource)
        let access = ValueAccess.field(name, kind: fieldKind, modifier: path.modifier)
        switch path.modifier {
        case nil:
            switch fieldKind {
            case .list(let element): return (access, try scalarKind(of: element), .elements)
            case .relation(_, let many): return (access, try scalarKind(of: fieldKind), many ? .elements : .scalar)
            default: return (access, try scalarKind(of: fieldKind), .scalar)
            }
        case .lowercased:
            guard fieldKind == .string else { throw modifierError(path, fieldKind) }
            return (access, .text, .scalar)
        case .length:
            guard fieldKind.isMultiValued || fieldKind == .string else { throw modifierError(path, fieldKind) }
            return (access, .integer, .scalar)
        case .jsonText:
            return (access, .text, .scalar)
        case .read(let read):
            guard read.reading.applies(to: fieldKind) else { throw modifierError(path, fieldKind) }
            return (access, try scalarKind(of: read.reading.resultKind), .scalar)
        case .isSet, .changed:
            throw QueryError(
                .unsupported, "the modifier ':\(path.modifier?.description ?? "")' applies to @request paths only")
        }
    }

    private func modifierError(_ path: FieldPath, _ kind: FieldKind) -> QueryError {
        QueryError(
            .unsupportedOperator,
            "the modifier ':\(path.modifier?.description ?? "")' does not apply to \(kind) field '\(path.field)'")
    }

    /// The kind a field's values are compared as.
    func scalarKind(of kind: FieldKind) throws(QueryError) -> ScalarKind {
        switch kind {
        case .string: return .text
        case .integer: return .integer
        case .float: return .float
        case .date: return .date
        case .bool: return .bool
        case .bytes: return .bytes
        case .location: return .location
        case .json, .list: return .json
        case .relation(let targetName, _):
            let target = try schema.resource(targetName)
            return .reference(integerIDs: target.idKind == .integer, idField: target.idField)
        }
    }
}
