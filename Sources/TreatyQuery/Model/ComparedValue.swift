public import TreatyJSON

/// One side of a comparison handed to ``ComparisonSemantics``: a value as stored, with how the
/// path reads it.
public struct ComparedValue: Sendable, Hashable {
    /// The stored value; `nil` when the key is missing or null.
    public var value: JSONValue?
    /// The field's declared kind; `nil` when the side is not a record field (a request value).
    public var kind: FieldKind?
    /// The path's modifier, which the semantics applies (``PathModifier/length``,
    /// ``PathModifier/lowercased``, …).
    public var modifier: PathModifier?

    /// Creates one side of a comparison.
    ///
    /// - Parameters:
    ///   - value: The stored value; `nil` for null.
    ///   - kind: The field's kind; `nil` when the side is not a record field.
    ///   - modifier: The path's modifier.
    public init(value: JSONValue? = nil, kind: FieldKind? = nil, modifier: PathModifier? = nil) {
        self.value = value
        self.kind = kind
        self.modifier = modifier
    }
}
