/// A node of a YAML or JSON source document with its position, before it is decoded.
///
/// The loader reads contracts into this tree first so every decoding finding can name the line
/// and column of the offending key or value.
struct SourceNode: Sendable {
    enum Value: Sendable {
        /// A scalar; `isPlain` is false for quoted and block scalars, which are always strings.
        case scalar(String, isPlain: Bool)
        case sequence([SourceNode])
        case mapping([Entry])
    }

    struct Entry: Sendable {
        var key: String
        var keyLine: Int
        var keyColumn: Int
        var value: SourceNode
    }

    var value: Value
    var line: Int
    var column: Int

    /// How the node is described in "expected …, found …" messages.
    var kindDescription: String {
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
