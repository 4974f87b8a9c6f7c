internal import TreatyCore

extension SourceNode {
    /// The value under `key` when the node is a mapping.
    subscript(member key: String) -> SourceNode? {
        guard case .mapping(let entries) = value else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// The entries when the node is a mapping, else none.
    var members: [SourceNode.Entry] {
        guard case .mapping(let entries) = value else { return [] }
        return entries
    }

    /// The items when the node is a sequence, else none.
    var items: [SourceNode] {
        guard case .sequence(let items) = value else { return [] }
        return items
    }

    /// The text when the node is a scalar.
    var text: String? {
        guard case .scalar(let text, _) = value else { return nil }
        return text
    }

    /// Whether the node is the plain scalar `true`.
    var isTrue: Bool {
        guard case .scalar(let text, _) = value else { return false }
        return text == "true" || text == "True" || text == "TRUE"
    }

    /// The number when the node is a numeric scalar.
    var number: Double? { text.flatMap(Double.init) }

    /// The integer when the node is an integral scalar.
    var integer: Int? {
        guard let number, number.rounded() == number, abs(number) < 1e15 else { return nil }
        return Int(number)
    }

    /// Whether the node is a mapping.
    var isMapping: Bool {
        if case .mapping = value { return true }
        return false
    }
}
