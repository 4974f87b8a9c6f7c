internal import TreatyJSON

/// The conversions PocketBase applies to submitted values (Go's `spf13/cast` and PocketBase's
/// `list.ToUniqueStringSlice`), over ``JSONValue``s as they arrive in a JSON body.
enum GoCast {
    /// `cast.ToString`: strings as they are, numbers in plain decimal (`1e21` →
    /// `1000000000000000000000`), booleans as `true`/`false`, anything else `""`.
    static func string(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): text
        case .number(let number): GoNumberFormat.plain(number.doubleValue)
        case .bool(let flag): flag ? "true" : "false"
        case .null, .array, .object: ""
        }
    }

    /// `cast.ToFloat64`: numbers, numeric strings (Go syntax, no spaces), `true` as 1; anything
    /// else 0.
    static func double(_ value: JSONValue) -> Double {
        switch value {
        case .number(let number): number.doubleValue
        case .string(let text): GoNumberFormat.parse(text) ?? 0
        case .bool(let flag): flag ? 1 : 0
        case .null, .array, .object: 0
        }
    }

    /// `cast.ToBool`: booleans, non-zero numbers, and the strings Go's `strconv.ParseBool`
    /// accepts as true (`1`, `t`, `T`, `TRUE`, `true`, `True`); anything else false.
    static func bool(_ value: JSONValue) -> Bool {
        switch value {
        case .bool(let flag): flag
        case .number(let number): number.doubleValue != 0
        case .string(let text): ["1", "t", "T", "TRUE", "true", "True"].contains(text)
        case .null, .array, .object: false
        }
    }

    /// `list.ToUniqueStringSlice`: `null` and `""` give `[]`; a string holding `[` is read as a
    /// JSON array of strings when it is one; an array's elements are cast to strings; numbers
    /// and booleans give one element; empty strings and repeats are dropped.
    static func uniqueStrings(_ value: JSONValue) -> [String] {
        var raw: [String]
        switch value {
        case .null, .object:
            raw = []
        case .string(let text):
            if text.isEmpty {
                raw = []
            } else if text.contains("["), case .array(let elements)? = try? JSONParser().parse(text),
                let strings = elements.allStrings
            {
                raw = strings
            } else {
                raw = [text]
            }
        case .array(let elements):
            raw = elements.map(string)
        case .number, .bool:
            raw = [string(value)]
        }
        var seen = Set<String>()
        return raw.filter { !$0.isEmpty && seen.insert($0).inserted }
    }
}

extension [JSONValue] {
    /// The elements as strings when every one is a string.
    fileprivate var allStrings: [String]? {
        var result: [String] = []
        for element in self {
            guard case .string(let text) = element else { return nil }
            result.append(text)
        }
        return result
    }
}
