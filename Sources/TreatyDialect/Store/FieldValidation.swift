internal import Foundation
import TreatyCore
import TreatyJSON
import TreatyRules

/// Checks written values against their fields' declared types and value rules.
enum FieldValidation {
    /// Why `value` cannot be stored in `field` of type `type`, or `nil` when it can. `null` is
    /// judged by the caller.
    static func problem(_ value: JSONValue, field: Field, type: FieldType) -> String? {
        if let typeProblem = typeProblem(value, type) { return typeProblem }
        let constraints = field.constraints
        switch value {
        case .string(let raw):
            if let allowed = constraints.allowed, !allowed.contains(raw) {
                return "must be one of: \(allowed.joined(separator: ", "))"
            }
            let text = constraints.trim ? raw.trimmingCharacters(in: .whitespacesAndNewlines) : raw
            if let minimum = constraints.minLength, text.count < minimum {
                return minimum == 1 && constraints.trim
                    ? "must not be blank" : "must have at least \(minimum) characters"
            }
            if let maximum = constraints.maxLength, text.count > maximum {
                return "must have at most \(maximum) characters"
            }
        case .number(let number):
            if let minimum = constraints.minimum, number.doubleValue < minimum { return "must be at least \(minimum)" }
            if let maximum = constraints.maximum, number.doubleValue > maximum { return "must be at most \(maximum)" }
        default:
            break
        }
        return nil
    }

    static func typeProblem(_ value: JSONValue, _ type: FieldType) -> String? {
        let fits: Bool
        switch (type, value) {
        case (.json, _): fits = true
        case (.string, .string): fits = true
        case (.int, .number(let number)): fits = number.isInteger && number.int64Value != nil
        case (.number, .number): fits = true
        case (.bool, .bool): fits = true
        case (.datetime, .string(let text)): fits = ValueFormats.isTimestamp(text)
        case (.date, .string(let text)): fits = ValueFormats.isDate(text)
        case (.uuid, .string(let text)): fits = ValueFormats.isUUID(text)
        case (.stringList, .array(let elements)): fits = elements.allSatisfy { $0.stringValue != nil }
        default: fits = false
        }
        return fits ? nil : "must be \(type.expectation)"
    }

    /// Whether `value` is a valid id of `type`.
    static func isID(_ value: JSONValue, _ type: IdentityType) -> Bool {
        switch (type, value) {
        case (.uuid, .string(let text)): ValueFormats.isUUID(text)
        case (.string, .string(let text)): !text.isEmpty
        case (.int, .number(let number)): number.isInteger
        default: false
        }
    }
}
