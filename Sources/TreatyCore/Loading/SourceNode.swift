/// A node of a YAML or JSON source document with its position, before it is decoded.
///
/// The loader reads contracts into this tree first so every decoding finding can name the line
/// and column of the offending key or value.
public struct SourceNode: Sendable, Hashable {
    /// What the node holds.
    public enum Value: Sendable, Hashable {
        /// A scalar; `isPlain` is false for quoted and block scalars, which are always strings.
        case scalar(String, isPlain: Bool)
        case sequence([SourceNode])
        case mapping([Entry])
    }

    /// One key of a mapping, with the position of the key itself.
    public struct Entry: Sendable, Hashable {
        /// The key.
        public var key: String
        /// The 1-based line of the key.
        public var keyLine: Int
        /// The 1-based column of the key.
        public var keyColumn: Int
        /// The value under the key.
        public var value: SourceNode
    }

    /// The node's content.
    public var value: Value
    /// The 1-based line where the node starts.
    public var line: Int
    /// The 1-based column where the node starts.
    public var column: Int

    /// Creates a node.
    public init(value: Value, line: Int, column: Int) {
        self.value = value
        self.line = line
        self.column = column
    }

    /// How the node is described in "expected …, found …" messages.
    public var kindDescription: String {
        switch value {
        case .scalar(let text, let isPlain):
            guard isPlain else { return "string '\(text)'" }
            if YAMLScalar.isNull(text) { return "null" }
            return "'\(text)'"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }
}

/// YAML 1.2 core-schema resolution of plain scalars.
enum YAMLScalar {
    static func isNull(_ text: String) -> Bool {
        ["", "~", "null", "Null", "NULL"].contains(text)
    }

    static func bool(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE": true
        case "false", "False", "FALSE": false
        default: nil
        }
    }
}
