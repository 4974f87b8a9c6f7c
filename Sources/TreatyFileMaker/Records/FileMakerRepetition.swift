internal import TreatyJSON

/// Repeating fields: `name(2)` names the second repetition; a field with more than one
/// repetition is stored as an array and shown as `name(1)` … `name(n)`.
enum FileMakerRepetition {
    /// `name(2)` → (`name`, 2); any other key → (key, 1).
    static func parse(_ key: String) -> (name: String, repetition: Int) {
        guard key.hasSuffix(")"), let open = key.lastIndex(of: "("),
            let number = Int(key[key.index(after: open)..<key.index(before: key.endIndex)])
        else { return (key, 1) }
        return (String(key[..<open]), number)
    }

    /// The `count` repetitions of a stored value: an array padded with `""`, or a single value as
    /// the first.
    static func values(_ stored: JSONValue?, count: Int) -> [JSONValue] {
        var values = stored?.arrayValue ?? [stored ?? ""]
        if values.count < count { values += Array(repeating: "", count: count - values.count) }
        return Array(values.prefix(max(count, 1)))
    }

    /// The `fieldData` keys of `field`: its name, or `name(1)` … `name(n)` when it repeats.
    static func keys(of field: FileMakerField) -> [String] {
        field.repetitions > 1 ? (1...field.repetitions).map { "\(field.name)(\($0))" } : [field.name]
    }
}
