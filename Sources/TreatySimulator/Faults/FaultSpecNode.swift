import TreatyJSON

/// A fault specification as read from YAML or JSON, with the line and column of each value
/// when the source was a file, so ``FaultRuleDecoder`` can point at mistakes.
struct FaultSpecNode: Sendable {
    enum Value: Sendable {
        case null
        /// A scalar's text; `quoted` is true for JSON strings and quoted YAML scalars.
        case scalar(String, quoted: Bool)
        case mapping([Member])
        case sequence([FaultSpecNode])
    }

    /// One `key: value` pair of a mapping, with the key's position.
    struct Member: Sendable {
        var key: String
        var value: FaultSpecNode
        var keyLine: Int?
        var keyColumn: Int?
    }

    var value: Value
    var line: Int?
    var column: Int?

    init(_ value: Value, line: Int? = nil, column: Int? = nil) {
        self.value = value
        self.line = line
        self.column = column
    }

    /// The node for a JSON value (no positions).
    init(json: JSONValue) {
        switch json {
        case .null: self.init(.null)
        case .bool(let flag): self.init(.scalar(flag ? "true" : "false", quoted: false))
        case .number(let number): self.init(.scalar(number.text, quoted: false))
        case .string(let text): self.init(.scalar(text, quoted: true))
        case .array(let elements): self.init(.sequence(elements.map(FaultSpecNode.init(json:))))
        case .object(let object):
            self.init(.mapping(object.members.map { Member(key: $0.key, value: FaultSpecNode(json: $0.value)) }))
        }
    }

    /// A short name of the node's kind for messages.
    var kindDescription: String {
        switch value {
        case .null: "null"
        case .scalar(let text, _): "'\(text)'"
        case .mapping: "a mapping"
        case .sequence: "a list"
        }
    }
}

extension FaultSpecNode.Member {
    /// A node standing for the key, for errors about the key itself.
    var keyNode: FaultSpecNode {
        FaultSpecNode(.scalar(key, quoted: false), line: keyLine ?? value.line, column: keyColumn ?? value.column)
    }
}
