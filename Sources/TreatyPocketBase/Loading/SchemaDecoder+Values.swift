internal import TreatyCore
internal import TreatyJSON

extension SchemaDecoder {
    /// How a value is described in "expected …, found …" messages.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): "\(flag)"
        case .number(let number): number.text
        case .string(let text): "string \"\(text.count > 40 ? String(text.prefix(40)) + "…" : text)\""
        case .array: "a list"
        case .object: "an object"
        }
    }

    mutating func mismatch(_ key: String, expected: String, found: JSONValue, at pointer: JSONPointer) {
        issues.append(
            SchemaIssue(
                kind: .malformed, rule: "pocketbase-type-mismatch", pointer: pointer.appending(key),
                message: "'\(key)' must be \(expected), found \(Self.describe(found))",
                fix: "write \(expected) (PocketBase refuses the whole document otherwise)"))
    }

    /// A string prop; missing or `null` gives `fallback`.
    mutating func string(_ key: String, in object: JSONObject, at pointer: JSONPointer, default fallback: String = "")
        -> String
    {
        switch object[key] {
        case nil, .null?: return fallback
        case .string(let text)?: return text
        case let other?:
            mismatch(key, expected: "a string", found: other, at: pointer)
            return fallback
        }
    }

    /// A rule: a string, or `null`/missing for a locked rule.
    mutating func rule(_ key: String, in object: JSONObject, at pointer: JSONPointer) -> String? {
        switch object[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case let other?:
            mismatch(key, expected: "a string or null", found: other, at: pointer)
            return nil
        }
    }

    mutating func bool(_ key: String, in object: JSONObject, at pointer: JSONPointer, default fallback: Bool = false)
        -> Bool
    {
        switch object[key] {
        case nil, .null?: return fallback
        case .bool(let flag)?: return flag
        case let other?:
            mismatch(key, expected: "true or false", found: other, at: pointer)
            return fallback
        }
    }

    mutating func int(_ key: String, in object: JSONObject, at pointer: JSONPointer, default fallback: Int = 0) -> Int {
        switch object[key] {
        case nil, .null?: return fallback
        case .number(let number)?:
            if let value = number.int64Value { return Int(value) }
            let double = number.doubleValue
            if double.rounded() == double, double.magnitude < 9.2e18 { return Int(double) }
            mismatch(key, expected: "a whole number", found: .number(number), at: pointer)
            return fallback
        case let other?:
            mismatch(key, expected: "a whole number", found: other, at: pointer)
            return fallback
        }
    }

    mutating func double(_ key: String, in object: JSONObject, at pointer: JSONPointer) -> Double? {
        switch object[key] {
        case nil, .null?: return nil
        case .number(let number)?: return number.doubleValue
        case let other?:
            mismatch(key, expected: "a number or null", found: other, at: pointer)
            return nil
        }
    }

    mutating func strings(_ key: String, in object: JSONObject, at pointer: JSONPointer) -> [String] {
        switch object[key] {
        case nil, .null?: return []
        case .array(let elements)?:
            var result: [String] = []
            for (index, element) in elements.enumerated() {
                guard case .string(let text) = element else {
                    mismatch(String(index), expected: "a string", found: element, at: pointer.appending(key))
                    continue
                }
                result.append(text)
            }
            return result
        case let other?:
            mismatch(key, expected: "a list of strings", found: other, at: pointer)
            return []
        }
    }

    /// A nested object; missing or `null` gives an empty one.
    mutating func object(_ key: String, in object: JSONObject, at pointer: JSONPointer) -> JSONObject {
        switch object[key] {
        case nil, .null?: return JSONObject()
        case .object(let nested)?: return nested
        case let other?:
            mismatch(key, expected: "an object", found: other, at: pointer)
            return JSONObject()
        }
    }

    /// Warns about keys outside `known`, suggesting the closest known key.
    mutating func checkKeys(of object: JSONObject, known: [String], in place: String, at pointer: JSONPointer) {
        for key in object.keys where !known.contains(key) {
            var issue = SchemaIssue(
                kind: .unknownKey, rule: "pocketbase-unknown-key", pointer: pointer.appending(key),
                message: "unknown key '\(key)' in \(place); PocketBase ignores it")
            if let suggestion = Suggestion.closest(to: key, among: known) {
                issue.details = ["did you mean '\(suggestion)'?"]
                issue.fix = "rename it to '\(suggestion)'"
            } else {
                issue.fix = "remove it"
            }
            issues.append(issue)
        }
    }
}
