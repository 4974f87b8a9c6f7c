extension Field {
    /// Some record related through this relation passes `body` (ObjectBox `link`).
    ///
    /// ```swift
    /// Field("tags").any { $0.name == "swift" }
    /// ```
    ///
    /// - Parameter body: The test each related record takes.
    /// - Returns: The link.
    public func any(_ body: (RelatedFields) -> Expr) -> Expr {
        link(.any, body(RelatedFields()))
    }

    /// Every record related through this relation passes `body`; a record without related
    /// records passes.
    ///
    /// - Parameter body: The test each related record takes.
    /// - Returns: The link.
    public func all(_ body: (RelatedFields) -> Expr) -> Expr {
        link(.all, body(RelatedFields()))
    }

    /// No record related through this relation passes `body`.
    ///
    /// - Parameter body: The test each related record takes.
    /// - Returns: The link.
    public func none(_ body: (RelatedFields) -> Expr) -> Expr {
        link(.none, body(RelatedFields()))
    }

    private func link(_ quantifier: Quantifier, _ body: Expr) -> Expr {
        var expr = Expr.link(Link(path.field, quantifier: quantifier, where: body))
        for relation in path.components.dropLast().reversed() {
            expr = .link(Link(relation, where: expr))
        }
        return expr
    }
}

/// The records of another resource that point at this one, for the builder.
///
/// ```swift
/// // users with at least one open task assigned
/// Backlink("tasks", via: "assignee").any { $0.done == false }
/// ```
public struct Backlink: Sendable {
    /// The resource whose records point here.
    public var resource: String
    /// Its relation field.
    public var field: String

    /// Creates a backlink.
    ///
    /// - Parameters:
    ///   - resource: The resource whose records point here.
    ///   - field: Its relation field.
    public init(_ resource: String, via field: String) {
        self.resource = resource
        self.field = field
    }

    /// Some pointing record passes `body`.
    public func any(_ body: (RelatedFields) -> Expr) -> Expr { link(.any, body) }

    /// Every pointing record passes `body`; a record nothing points at passes.
    public func all(_ body: (RelatedFields) -> Expr) -> Expr { link(.all, body) }

    /// No pointing record passes `body`.
    public func none(_ body: (RelatedFields) -> Expr) -> Expr { link(.none, body) }

    private func link(_ quantifier: Quantifier, _ body: (RelatedFields) -> Expr) -> Expr {
        .link(Link(field, direction: .backlink(from: resource), quantifier: quantifier, where: body(RelatedFields())))
    }
}
