import TreatyCore
import TreatyJSON

extension ConformanceRule {
    /// RS-NL-1: responses carry every declared key: an absent value is `null`, no members `[]`.
    public static let explicitNulls = ConformanceRule(
        id: "RS-NL-1",
        requirement: "responses carry every declared key: an absent value is null, no members []"
    ) { _ in
        StatelessChecker { record, violations in
            guard !record.isTombstone else { return }
            for (index, spec) in record.plan.keys.enumerated() where spec.role == .field && spec.mustBeEmitted {
                guard let field = spec.field else { continue }
                let value = record.values[index]
                let isList = field.relation?.many == true || field.kind == .attribute(.stringList, key: spec.key)
                let otherShapePresent = field.relation.map { _ in
                    record.object.containsKey(field.key(in: spec.shape == .nested ? .foreignKey : .nested))
                } ?? false
                if value == nil, !record.isExplained(spec), !otherShapePresent {
                    violations.append(
                        record.violation(
                            "RS-NL-1", key: spec.key, "the record is missing '\(spec.key)'",
                            expected: isList ? "an array ([] for no members)" : (field.nullable ? "a value or null" : "a value"),
                            found: "missing (the key is absent, not null)",
                            fix: isList ? "emit '\(spec.key)': [] when there are no members" : "emit '\(spec.key)': null when there is no value"))
                } else if value == .null, isList {
                    violations.append(
                        record.violation(
                            "RS-NL-1", key: spec.key, "to-many '\(spec.key)' is null instead of []",
                            expected: "an array ([] for no members)", found: "null",
                            fix: "emit [] for no members"))
                }
            }
        }
    }

    /// RS-NL-5: to-many id lists are sets: no duplicates, members sorted ascending.
    public static let idSets = ConformanceRule(
        id: "RS-NL-5",
        requirement: "to-many id lists are sets: no duplicate members, emitted sorted ascending"
    ) { plan in
        let lists = plan.keys.enumerated().filter { $0.element.shape == .foreignKey && $0.element.field?.relation?.many == true }
        guard !lists.isEmpty else { return nil }
        return StatelessChecker { record, violations in
            for (index, spec) in lists {
                guard case .array(let members)? = record.values[index] else { continue }
                let texts = members.compactMap { member -> String? in
                    switch member {
                    case .string(let text): text
                    case .number(let number): number.text
                    default: nil
                    }
                }
                if Set(texts).count != texts.count {
                    violations.append(
                        record.violation(
                            "RS-NL-5", key: spec.key, "'\(spec.key)' lists a member twice",
                            expected: "each member once (a set)", found: "[" + texts.map(ValueDescription.quote).joined(separator: ",") + "]",
                            fix: "deduplicate members before storing or emitting them"))
                } else if texts.count == members.count, !Self.isAscending(texts) {
                    violations.append(
                        record.violation(
                            "RS-NL-5", key: spec.key, "'\(spec.key)' is not sorted ascending",
                            expected: "members sorted ascending (byte-wise)",
                            found: "[" + texts.map(ValueDescription.quote).joined(separator: ",") + "]",
                            fix: "sort members by exact string comparison when emitting them"))
                }
            }
        }
    }

    static func isAscending(_ texts: [String]) -> Bool {
        zip(texts, texts.dropFirst()).allSatisfy { ByteOrder.precedes($0, $1) || $0 == $1 }
    }
}

/// Exact byte-wise string comparison, as rest-sync orders ties and set members.
enum ByteOrder {
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }
}
