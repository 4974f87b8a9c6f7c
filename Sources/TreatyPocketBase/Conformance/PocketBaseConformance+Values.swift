import TreatyCore
import TreatyJSON
import TreatyRules

extension PocketBaseConformance {
    /// Checks one field value (`PB-TYPE-1`, and `PB-DATE-1` for dates).
    ///
    /// - Parameters:
    ///   - value: The value in the record.
    ///   - field: Its field.
    ///   - collection: The record's collection (for messages).
    ///   - pointer: Where the value is.
    /// - Returns: The violations.
    func checkValue(
        _ value: JSONValue, of field: PocketBaseField, in collection: PocketBaseCollection, at pointer: JSONPointer
    )
        -> [RuleViolation]
    {
        let place = "\(collection.name).\(field.name)"
        if case .null = value, field.type != .json {
            return [
                violation(
                    .pocketBaseType, pointer, "\(place) is null", expected: Self.emptyDescription(field), found: value,
                    fix: "PocketBase sends a \(field.type) field's empty value, never null")
            ]
        }
        let expected = Self.expectedKind(field)
        if let expected, value.kind != expected {
            return [
                violation(
                    .pocketBaseType, pointer, "\(place) is \(Self.article(value.kind)), not \(Self.article(expected))",
                    expected: "\(Self.article(expected)) (a \(field.isMultiple ? "multiple " : "")\(field.type) field)",
                    found: value,
                    fix:
                        "send a \(field.type) field as \(Self.article(expected)), or fix the field's type in the schema"
                )
            ]
        }
        switch field.type {
        case .number where value.numberValue?.isInteger == false && Self.onlyInt(field):
            return [
                violation(
                    .pocketBaseType, pointer, "\(place) is not an integer", expected: "an integer (onlyInt)",
                    found: value,
                    fix: "send whole numbers for an onlyInt number field")
            ]
        case .date, .autodate:
            guard let text = value.stringValue, !(text.isEmpty && field.type == .date) else { return [] }
            guard Self.isPocketBaseDate(text) else {
                return [
                    violation(
                        .pocketBaseDate, pointer, "\(place) is not a PocketBase datetime",
                        expected:
                            "UTC with milliseconds, e.g. \"2006-01-02 15:04:05.000Z\"\(field.type == .date ? " or \"\"" : "")",
                        found: value, fix: "format datetimes as 'YYYY-MM-DD HH:MM:SS.mmmZ' in UTC (a space, not 'T')")
                ]
            }
            return []
        default:
            guard field.isMultiple, let items = value.arrayValue else { return [] }
            return items.enumerated().compactMap { index, item in
                item.kind == .string
                    ? nil
                    : violation(
                        .pocketBaseType, pointer.appending(index: index),
                        "\(place)[\(index)] is \(Self.article(item.kind))",
                        expected: "a string", found: item, fix: "a multiple \(field.type) field holds strings")
            }
        }
    }

    /// The JSON kind a field's values have; `nil` for json fields (any kind).
    static func expectedKind(_ field: PocketBaseField) -> JSONValue.Kind? {
        switch field.type {
        case .json: nil
        case .number: .number
        case .bool: .boolean
        case .geoPoint: .object
        case .select, .relation, .file: field.isMultiple ? .array : .string
        default: .string
        }
    }

    static func emptyDescription(_ field: PocketBaseField) -> String {
        switch field.type {
        case .number: "a number (0 when empty)"
        case .bool: "a boolean (false when empty)"
        case .geoPoint: "an object {lon, lat}"
        case .select, .relation, .file: field.isMultiple ? "an array ([] when empty)" : "a string (\"\" when empty)"
        default: "a string (\"\" when empty)"
        }
    }

    static func onlyInt(_ field: PocketBaseField) -> Bool {
        if case .number(let options) = field.options { return options.onlyInt }
        return false
    }

    static func article(_ kind: JSONValue.Kind) -> String {
        switch kind {
        case .null: "null"
        case .boolean: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Whether `text` is `YYYY-MM-DD HH:MM:SS.mmmZ`.
    static func isPocketBaseDate(_ text: String) -> Bool {
        let pattern = Array("dddd-dd-dd dd:dd:dd.dddZ")
        let bytes = Array(text)
        guard bytes.count == pattern.count else { return false }
        return zip(bytes, pattern).allSatisfy { character, expected in
            expected == "d" ? character.isASCII && character.isNumber : character == expected
        }
    }
}
