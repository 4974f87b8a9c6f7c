/// How ``JSONValue/serialized(options:)`` writes JSON.
///
/// The default is compact output with keys in their stored order. Output is deterministic:
/// the same value and options always give the same bytes.
public struct JSONWriteOptions: Sendable, Hashable {
    /// Whether to write one member or element per line, indented by two spaces, with
    /// `"key": value`; otherwise nothing is written between tokens.
    public var pretty: Bool = false

    /// Whether to write object members sorted by the byte-wise (UTF-8) order of their keys;
    /// otherwise they are written in their stored order.
    public var sortedKeys: Bool = false

    /// Creates write options.
    ///
    /// - Parameters:
    ///   - pretty: Whether to indent, one member or element per line.
    ///   - sortedKeys: Whether to sort object keys byte-wise.
    public init(pretty: Bool = false, sortedKeys: Bool = false) {
        self.pretty = pretty
        self.sortedKeys = sortedKeys
    }
}
