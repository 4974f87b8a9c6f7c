/// A field in the Swift query builder, in ObjectBox's spirit.
///
/// Comparison operators and methods on a field make ``Expr``s, which `&&`, `||` and `!`
/// combine:
///
/// ```swift
/// let expr = Field("views") > 100 && Field("title").startsWith("A")
/// let recent = Field("published").between("2025-01-01", "2025-06-30") || !Field("draft").isNull()
/// let tagged = Field("tags").any { $0.name == "swift" }       // some related tag
/// let labelled = Field("labels").every == "done"              // every element of a list field
/// let query = Query("posts", where: expr).ordered(by: "views", flags: .descending)
/// ```
public struct Field: Sendable {
    /// The path the conditions test.
    public var path: FieldPath
    /// How a list field's elements combine in the conditions made from this field.
    public var quantifier: Quantifier

    /// Creates a field.
    ///
    /// - Parameters:
    ///   - path: A field name, or a dotted path through to-one relations (`"author.name"`).
    ///   - quantifier: How a list field's elements combine; `any` by default, as ObjectBox matches
    ///     arrays.
    public init(_ path: FieldPath, quantifier: Quantifier = .any) {
        self.path = path
        self.quantifier = quantifier
    }

    /// The same list field, with conditions that every element must pass.
    public var every: Field { Field(path, quantifier: .all) }

    /// The same list field, with conditions that no element may pass.
    public var noElement: Field { Field(path, quantifier: .none) }

    /// The element count of a list or to-many relation, or the length of a string.
    public var length: Field { Field(path.modified(.length), quantifier: quantifier) }

    /// The string in ASCII lower case.
    public var lowercased: Field { Field(path.modified(.lowercased), quantifier: quantifier) }

    /// A condition on this field.
    func condition(_ op: QueryOperator, _ operand: Operand, caseSensitive: Bool = true) -> Expr {
        .cond(Condition(path, op, operand, caseSensitive: caseSensitive, quantifier: quantifier))
    }
}

/// The fields of a related record, for the closures of ``Field/any(_:)``,
/// ``Field/all(_:)`` and ``Field/none(_:)``: `$0.name` is `Field("name")`.
@dynamicMemberLookup
public struct RelatedFields: Sendable {
    /// The field called `name`.
    public subscript(dynamicMember name: String) -> Field { Field(FieldPath(name)) }

    /// The field at `path`.
    public subscript(_ path: FieldPath) -> Field { Field(path) }
}
