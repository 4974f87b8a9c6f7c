/// One query over one resource: the shape every filter syntax compiles to.
///
/// A `Query` is plain data. Dialect parsers, ``ConditionText`` and the Swift builder
/// (``Field``) produce it; ``CompiledQuery`` checks it against a ``QuerySchema`` and evaluates it.
///
/// ```swift
/// let query = Query("posts", where: Field("views") > 100 && Field("title").startsWith("A"))
///     .ordered(by: "views", flags: .descending)
/// ```
public struct Query: Sendable, Hashable {
    /// The resource whose records are searched.
    public var resource: String
    /// The condition a record must meet; `nil` matches every record.
    public var `where`: Expr?
    /// The ordering keys, applied in order; the evaluator appends `id` ascending.
    public var order: [OrderKey]
    /// How many matching records to skip (0 skips none).
    public var offset: Int
    /// How many matching records to return at most; 0 returns all.
    public var limit: Int

    /// Creates a query.
    ///
    /// - Parameters:
    ///   - resource: The resource whose records are searched.
    ///   - where: The condition a record must meet; `nil` matches every record.
    ///   - order: The ordering keys, applied in order.
    ///   - offset: How many matching records to skip.
    ///   - limit: How many records to return at most; 0 returns all.
    public init(_ resource: String, where: Expr? = nil, order: [OrderKey] = [], offset: Int = 0, limit: Int = 0) {
        self.resource = resource
        self.where = `where`
        self.order = order
        self.offset = offset
        self.limit = limit
    }
}
