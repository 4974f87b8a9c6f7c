public import TreatyJSON

/// How a parameter's value says which way it goes, so ``MutationOperator/sortInverted`` and
/// ``MutationOperator/filterBoundaryFlipped`` can turn it the other way: a sort's direction, a
/// filter's inclusive or exclusive boundaries.
///
/// The dialect tells the syntax; the operators apply it to every value the parameter carries.
public enum ParameterInversion: Sendable, Hashable {
    /// A comma-separated list of keys, each one descending with `prefix` before it and ascending
    /// without or with `+` (`-year,title` turns into `year,-title`).
    case signPrefix(String)
    /// Comparison operators in expression text, `>` ↔ `>=` and `<` ↔ `<=`, outside quoted
    /// literals; applied to every text the value holds (an expression, or each criterion of a
    /// list of objects).
    case comparisonText
    /// In each object of the value (a list of objects, one object, or the JSON text of either),
    /// member `member` swapped for its counterpart in `swaps` (both ways); an object without the
    /// member is taken as holding `absent`, when given.
    case member(String, swaps: [JSONValue: JSONValue], absent: JSONValue? = nil)

    /// `value` turned the other way.
    ///
    /// - Parameter value: The parameter's value (a query item's text, or a body member).
    /// - Returns: The value with each direction or boundary flipped; unchanged when it holds none.
    public func inverted(_ value: JSONValue) -> JSONValue {
        switch self {
        case .signPrefix(let prefix):
            guard let text = value.stringValue else { return value }
            return .string(Self.flippingSigns(text, prefix: prefix))
        case .comparisonText:
            return Self.mappingTexts(value, Self.flippingComparisons)
        case .member(let member, let swaps, let absent):
            if let text = value.stringValue, let json = try? JSONParser().parse(text),
                json.arrayValue != nil || json.objectValue != nil
            {
                return .string(String(decoding: inverted(json).serializedBytes(), as: UTF8.self))
            }
            return Self.mappingObjects(value) { object in
                var copy = object
                guard let current = object[member] ?? absent else { return object }
                copy[member] = swaps[current] ?? swaps.first { $0.value == current }?.key ?? current
                return copy
            }
        }
    }

    /// `text`'s comma-separated keys with `prefix` added where it was missing and removed where
    /// it was there.
    static func flippingSigns(_ text: String, prefix: String) -> String {
        text.split(separator: ",", omittingEmptySubsequences: false).map { item in
            var key = item.trimmingPrefix(while: \.isWhitespace)
            guard !key.isEmpty else { return String(item) }
            if key.hasPrefix(prefix) { return String(key.dropFirst(prefix.count)) }
            if key.first == "+" { key = key.dropFirst() }
            return prefix + key
        }.joined(separator: ",")
    }

    /// `text` with `>` and `>=`, `<` and `<=` swapped outside quoted literals.
    static func flippingComparisons(_ text: String) -> String {
        var result = ""
        var quote: Character?
        var escaped = false
        var characters = text[...]
        while let character = characters.popFirst() {
            if let open = quote {
                result.append(character)
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == open {
                    quote = nil
                }
                continue
            }
            switch character {
            case "'", "\"":
                quote = character
                result.append(character)
            case ">", "<":
                result.append(character)
                if characters.first == "=" { characters.removeFirst() } else { result.append("=") }
            default:
                result.append(character)
            }
        }
        return result
    }

    /// `value` with every text in it (not member names) passed through `transform`.
    static func mappingTexts(_ value: JSONValue, _ transform: (String) -> String) -> JSONValue {
        switch value {
        case .string(let text): .string(transform(text))
        case .array(let items): .array(items.map { mappingTexts($0, transform) })
        case .object(let object):
            .object(JSONObject(object.members.map { .init(key: $0.key, value: mappingTexts($0.value, transform)) }))
        default: value
        }
    }

    /// `value` with each object of it (the value itself, or the elements of a list) passed
    /// through `transform`.
    static func mappingObjects(_ value: JSONValue, _ transform: (JSONObject) -> JSONObject) -> JSONValue {
        switch value {
        case .object(let object): .object(transform(object))
        case .array(let items): .array(items.map { $0.objectValue.map { .object(transform($0)) } ?? $0 })
        default: value
        }
    }
}
