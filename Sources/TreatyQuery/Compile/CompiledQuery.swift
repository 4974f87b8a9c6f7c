/// A ``Query`` checked against a ``QuerySchema``, ready to evaluate many times.
///
/// Compiling resolves every path, converts every literal to its field's type and compiles
/// patterns once. Operands can then change without recompiling (see
/// ``setParameter(_:to:)``), and the same compiled query runs against any ``QueryDataSource``.
///
/// ```swift
/// var query = try CompiledQuery(Query("posts", where: "minViews" .= Field("views") > 10), schema: schema)
/// let popular = try query.find(in: store)
/// try query.setParameter("minViews", to: 1000)
/// let viral = try query.count(in: store)
/// ```
public struct CompiledQuery: Sendable {
    /// The schema the query was checked against.
    public let schema: QuerySchema
    /// The resource's schema.
    public let resource: ResourceSchema
    /// The query as written, before parameters replaced operands.
    let original: Query
    var conditions: [CompiledCondition]
    /// The join names of joined links (see ``Link/join``), parents first.
    let joins: [CompiledJoin]
    /// How the expression is evaluated when it has joins.
    let joinPlan: JoinPlan?
    let root: CompiledNode?
    let order: [CompiledOrderKey]

    /// Compiles `query` against `schema`.
    ///
    /// - Parameters:
    ///   - query: The query.
    ///   - schema: The resources and field types.
    /// - Throws: ``QueryError`` for an unknown resource or field, a literal of the wrong type
    ///   (``QueryError/Kind/typeMismatch``), an operator the field's type does not take, or an
    ///   operand of the wrong shape.
    public init(_ query: Query, schema: QuerySchema) throws(QueryError) {
        self.schema = schema
        original = query
        let resource = try schema.resource(query.resource)
        self.resource = resource
        guard query.offset >= 0, query.limit >= 0 else {
            throw QueryError(.invalidPage, "offset and limit must not be negative (\(query.offset), \(query.limit))")
        }
        var compiler = Compiler(schema: schema, base: resource)
        var root: CompiledNode?
        if let expr = query.where { root = try compiler.compile(expr, in: resource, prefix: []) }
        self.root = root
        conditions = compiler.conditions
        joins = compiler.joins
        if let root, !compiler.joins.isEmpty {
            joinPlan = JoinPlan(root: root, joins: compiler.joins, conditions: compiler.conditions)
        } else {
            joinPlan = nil
        }
        var keys: [CompiledOrderKey] = []
        for key in query.order { keys.append(try CompiledOrderKey(key, compiler: compiler, resource: resource)) }
        order = keys
    }

    /// The query with the operands parameters have set.
    public var query: Query {
        var result = original
        var index = 0
        result.where = original.where.map { replacingConditions($0, from: &index) }
        return result
    }

    private func replacingConditions(_ expr: Expr, from index: inout Int) -> Expr {
        switch expr {
        case .all(let operands): return .all(operands.map { replacingConditions($0, from: &index) })
        case .any(let operands): return .any(operands.map { replacingConditions($0, from: &index) })
        case .not(let operand): return .not(replacingConditions(operand, from: &index))
        case .link(var link):
            link.where = replacingConditions(link.where, from: &index)
            return .link(link)
        case .cond(let original):
            defer { index += 1 }
            guard conditions.indices.contains(index) else { return .cond(original) }
            var condition = conditions[index].source
            condition.path = original.path
            return .cond(condition)
        }
    }
}

extension Query {
    /// This query compiled against `schema`.
    ///
    /// - Parameter schema: The resources and field types.
    /// - Returns: The compiled query.
    /// - Throws: ``QueryError`` as ``CompiledQuery/init(_:schema:)`` does.
    public func compiled(with schema: QuerySchema) throws(QueryError) -> CompiledQuery {
        try CompiledQuery(self, schema: schema)
    }
}
