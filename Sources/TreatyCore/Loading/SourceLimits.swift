/// Limits that keep loading hostile or accidental input bounded in time and memory.
public struct SourceLimits: Sendable, Hashable {
    /// The largest file accepted, in bytes (default 4 MiB; contracts are small).
    public var maxFileSize: Int
    /// The deepest nesting accepted (default 64).
    public var maxDepth: Int
    /// The most nodes a document may expand to, counting every alias use (default 200,000);
    /// this is what stops "billion laughs" alias bombs.
    public var maxNodes: Int

    /// Creates limits.
    public init(maxFileSize: Int = 4 * 1024 * 1024, maxDepth: Int = 64, maxNodes: Int = 200_000) {
        self.maxFileSize = maxFileSize
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
    }
}
