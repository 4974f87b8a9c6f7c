import TreatyCore
import TreatyJSON

extension ConformanceRule {
    /// TR-TYPE-1: every declared value has its declared type, and is null only where the
    /// contract allows null.
    public static let valueTypes = ConformanceRule(
        id: "TR-TYPE-1",
        requirement: "every value has its declared type and is null only where declared nullable"
    ) { plan in
        let tests = plan.keys.map(TypeTest.init)
        return StatelessChecker { record, violations in
            for index in tests.indices where tests[index] != .anything {
                guard let value = record.values[index], !tests[index].accepts(value) else { continue }
                let spec = plan.keys[index]
                guard let expectation = ValueTypeCheck.mismatch(value, spec: spec) else { continue }
                if value.isNull, record.isTombstone { continue }
                violations.append(
                    record.violation(
                        "TR-TYPE-1", key: spec.key,
                        value.isNull ? "'\(spec.key)' is null but not nullable" : "'\(spec.key)' has the wrong type",
                        expected: expectation, found: ValueDescription.describe(value),
                        fix: value.isNull
                            ? "send a value, or declare '\(spec.field?.name ?? spec.key)' nullable: true"
                            : "serialize '\(spec.key)' as \(expectation)"))
            }
        }
    }

    /// TR-VAL-1: values satisfy the declared enumerations, lengths and ranges.
    public static let valueConstraints = ConformanceRule(
        id: "TR-VAL-1",
        requirement: "values satisfy the declared enum, min_length/max_length (after trim) and minimum/maximum"
    ) { plan in
        let constrained = plan.keys.enumerated().compactMap { index, spec -> (Int, KeySpec, Constraints)? in
            guard let constraints = spec.field?.constraints, constraints != Constraints() else { return nil }
            return (index, spec, constraints)
        }
        guard !constrained.isEmpty else { return nil }
        return StatelessChecker { record, violations in
            for (index, spec, constraints) in constrained {
                guard let value = record.values[index], let problem = ValueConstraintCheck.problem(value, constraints),
                    let field = spec.field
                else { continue }
                violations.append(
                    record.violation(
                        "TR-VAL-1", key: spec.key, "'\(spec.key)' breaks its value rule",
                        expected: problem, found: ValueDescription.describe(value),
                        fix: "store only values the contract allows for '\(field.name)'"))
            }
        }
    }
}

/// What TR-TYPE-1 tests one key's value against: a plain value with no references, so the
/// per-record loop copies nothing that needs reference counting.
enum TypeTest: Equatable {
    /// Not TR-TYPE-1's concern (identity, metadata and nested relations have their own rules).
    case anything
    /// An id of a type (scope keys, to-one foreign keys).
    case id(IdentityType, nullable: Bool)
    /// An array of ids (to-many foreign keys).
    case ids(IdentityType)
    /// An attribute of a type.
    case attribute(FieldType, nullable: Bool)

    init(_ spec: KeySpec) {
        switch spec.role {
        case .identity, .createdAt, .updatedAt, .version, .tombstone:
            self = .anything
        case .scope:
            self = .id(spec.idType ?? .string, nullable: false)
        case .field:
            if let type = spec.attributeType {
                self = .attribute(type, nullable: spec.isNullable)
            } else if spec.shape == .nested {
                self = .anything
            } else if spec.isToManyForeignKey {
                self = .ids(spec.idType ?? .string)
            } else {
                self = .id(spec.idType ?? .string, nullable: spec.isNullable)
            }
        }
    }

    /// Whether `value` passes.
    func accepts(_ value: JSONValue) -> Bool {
        switch self {
        case .anything:
            return true
        case .id(let type, let nullable):
            return value.isNull ? nullable : ValueTypeCheck.idMatches(value, type)
        case .ids(let type):
            guard case .array(let members) = value else { return false }
            return members.allSatisfy { ValueTypeCheck.idMatches($0, type) }
        case .attribute(let type, let nullable):
            return value.isNull ? nullable : ValueTypeCheck.attributeMatches(value, type)
        }
    }
}

/// The type test behind TR-TYPE-1.
enum ValueTypeCheck {
    /// What was expected, if `value` does not fit `spec`; `nil` when it fits.
    ///
    /// Identity, timestamps and version have their own rules (RS-ID-1, RS-MD-1, RS-MD-3) and
    /// nested relation values are judged by the shape rules, so they pass here.
    static func mismatch(_ value: JSONValue, spec: KeySpec) -> String? {
        switch spec.role {
        case .identity, .createdAt, .updatedAt, .version, .tombstone:
            return nil
        case .scope:
            return idMatches(value, spec.idType ?? .string) ? nil : idExpectation(spec.idType ?? .string)
        case .field:
            guard let field = spec.field else { return nil }
            if value.isNull { return field.nullable ? nil : nonNullExpectation(field, spec: spec) }
            switch field.kind {
            case .attribute(let type, _):
                return attributeMatches(value, type) ? nil : type.expectation
            case .relation(let relation):
                if spec.shape == .nested { return nil }
                let type = spec.idType ?? .string
                if relation.many {
                    guard case .array(let members) = value, members.allSatisfy({ idMatches($0, type) }) else {
                        return "an array of \(idPlural(type))"
                    }
                    return nil
                }
                return idMatches(value, type) ? nil : idExpectation(type) + (field.nullable ? " or null" : "")
            }
        }
    }

    private static func nonNullExpectation(_ field: Field, spec: KeySpec) -> String {
        switch field.kind {
        case .attribute(let type, _): type.expectation + " (not null)"
        case .relation(let relation):
            relation.many ? "an array ([] for no members)" : idExpectation(spec.idType ?? .string) + " (not null)"
        }
    }

    private static func idPlural(_ type: IdentityType) -> String {
        switch type {
        case .uuid: "UUID strings"
        case .string: "non-empty strings"
        case .int: "integers"
        }
    }

    static func idExpectation(_ type: IdentityType) -> String {
        IdentityChecker.expectation(type)
    }

    static func idMatches(_ value: JSONValue, _ type: IdentityType) -> Bool {
        IdentityChecker.matches(value, type)
    }

    static func attributeMatches(_ value: JSONValue, _ type: FieldType) -> Bool {
        switch (type, value) {
        case (.json, _): true
        case (.string, .string): true
        case (.int, .number(let number)): number.isInteger
        case (.number, .number): true
        case (.bool, .bool): true
        case (.datetime, .string(let text)): ValueFormats.isTimestamp(text)
        case (.date, .string(let text)): ValueFormats.isDate(text)
        case (.uuid, .string(let text)): ValueFormats.isUUID(text)
        case (.stringList, .array(let elements)): elements.allSatisfy { $0.stringValue != nil }
        default: false
        }
    }
}

/// The value-rule test behind TR-VAL-1.
enum ValueConstraintCheck {
    /// A description of the broken rule, or `nil` when `value` satisfies `constraints`.
    static func problem(_ value: JSONValue, _ constraints: Constraints) -> String? {
        switch value {
        case .string(let raw):
            if let allowed = constraints.allowed, !allowed.contains(raw) {
                return "one of: " + allowed.map(ValueDescription.quote).joined(separator: ", ")
            }
            guard constraints.minLength != nil || constraints.maxLength != nil else { return nil }
            let text = constraints.trim && hasOuterWhitespace(raw) ? raw.trimmingWhitespace() : raw
            let after = constraints.trim ? " after trimming" : ""
            if let minimum = constraints.minLength, characterCount(text, atLeast: minimum) == false {
                return "at least \(minimum) character\(minimum == 1 ? "" : "s")\(after)"
            }
            if let maximum = constraints.maxLength, text.utf8.count > maximum, text.count > maximum {
                return "at most \(maximum) characters\(after) (found \(text.count))"
            }
        case .number(let number):
            let double = number.doubleValue
            if let minimum = constraints.minimum, double < minimum { return "a number ≥ \(format(minimum))" }
            if let maximum = constraints.maximum, double > maximum { return "a number ≤ \(format(maximum))" }
        default:
            break
        }
        return nil
    }

    /// Whether `text` has at least `minimum` characters, counting them only when the UTF-8
    /// length cannot decide (a character takes 1 to 4 bytes… or more, in clusters).
    private static func characterCount(_ text: String, atLeast minimum: Int) -> Bool {
        let bytes = text.utf8.count
        if bytes < minimum { return false }
        if minimum <= 1 { return bytes >= minimum }
        return text.count >= minimum
    }

    /// Whether the first or last character may be whitespace (any non-ASCII byte counts as
    /// "may be", so the exact check runs).
    private static func hasOuterWhitespace(_ text: String) -> Bool {
        guard let first = text.utf8.first, let last = text.utf8.last else { return false }
        func mayBeSpace(_ byte: UInt8) -> Bool { byte <= 0x20 || byte >= 0x80 }
        return mayBeSpace(first) || mayBeSpace(last)
    }

    private static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }
}

extension String {
    /// The string without leading and trailing whitespace and newlines.
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[start...end])
    }
}
