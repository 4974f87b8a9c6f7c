public import TreatyJSON

/// How values read in "found …" texts: `null`, `missing`, or a short quotation.
public enum ValueDescription {
    /// "missing" for `nil`, "null" for null, otherwise the kind and a quotation of at most 60
    /// characters: `string "ab12"`, `number 42`, `an object`, `an array of 3`.
    public static func describe(_ value: JSONValue?) -> String {
        guard let value else { return "missing (the key is absent)" }
        switch value {
        case .null: return "null"
        case .bool(let flag): return "boolean \(flag)"
        case .number(let number): return "number \(number.text)"
        case .string(let text): return "string \(quote(text))"
        case .array(let elements): return elements.isEmpty ? "an empty array" : "an array of \(elements.count)"
        case .object: return "an object"
        }
    }

    /// The string in double quotes, cut to 60 characters.
    public static func quote(_ text: String) -> String {
        let shown = text.count > 60 ? String(text.prefix(57)) + "..." : text
        return JSONValue.string(shown).serialized()
    }
}
