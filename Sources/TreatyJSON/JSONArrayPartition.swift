/// A run of consecutive elements of a document's top-level array, found without building any
/// value by ``JSONParser/partitionTopLevelArray(_:into:)``, so that several threads can parse
/// one large array.
public struct JSONArrayPartition: Sendable, Hashable {
    /// The bytes of the partition: its elements and the whitespace and commas between them. The
    /// first partition starts after `[`, later ones after the comma that ends the previous one.
    public let range: Range<Int>
    /// The index of the partition's first element in the whole array.
    public let firstIndex: Int
    /// Whether the partition ends the array: it then also covers the closing `]` and whatever
    /// follows, which its parse checks.
    public let isLast: Bool
    /// The line (1-based) at `range.lowerBound`.
    public let line: Int
    /// The offset where the line of `range.lowerBound` starts.
    public let lineStart: Int
}
