internal import Foundation
import TreatyCore
import TreatyJSON

extension ConformanceRule {
    /// RS-NL-1: responses carry every declared key: an absent value is `null`, no members `[]`.
    /// The tombstone key is declared too, so a live record carries it as `null`.
    public static let explicitNulls = ConformanceRule(
        id: "RS-NL-1",
        requirement: "responses carry every declared key: an absent value is null, no members []"
    ) { plan in
        let emitted = plan.keys.indices.filter { plan.keys[$0].role == .field && plan.keys[$0].mustBeEmitted }
        let isList = plan.keys.map(\.isList)
        let tombstone = plan.index(of: .tombstone)
        return StatelessChecker { record, violations in
            if let tombstone, record.values.isMissing(tombstone), !record.isExplained(plan.keys[tombstone]) {
                let key = plan.keys[tombstone].key
                violations.append(
                    record.violation(
                        "RS-NL-1", key: key, "the live record is missing its tombstone key '\(key)'",
                        expected: "'\(key)': null on a live record", found: "missing (the key is absent, not null)",
                        fix: "emit '\(key)': null on every live record"))
            }
            guard !record.isTombstone else { return }
            for index in emitted {
                if record.values.isMissing(index) {
                    let spec = plan.keys[index]
                    guard !record.isExplained(spec), !Self.otherShapePresent(of: spec, in: record) else { continue }
                    violations.append(
                        record.violation(
                            "RS-NL-1", key: spec.key, "the record is missing '\(spec.key)'",
                            expected: spec.isList
                                ? "an array ([] for no members)" : (spec.isNullable ? "a value or null" : "a value"),
                            found: "missing (the key is absent, not null)",
                            fix: spec.isList
                                ? "emit '\(spec.key)': [] when there are no members"
                                : "emit '\(spec.key)': null when there is no value"))
                } else if isList[index], record.values.isNull(index) {
                    let spec = plan.keys[index]
                    violations.append(
                        record.violation(
                            "RS-NL-1", key: spec.key, "to-many '\(spec.key)' is null instead of []",
                            expected: "an array ([] for no members)", found: "null",
                            fix: "emit [] for no members"))
                }
            }
        }
    }

    /// Whether a relation key is absent because the relation arrived in its other shape (which
    /// the shape rules report).
    private static func otherShapePresent(of spec: KeySpec, in record: RecordView) -> Bool {
        guard let shape = spec.shape, let field = spec.field else { return false }
        return record.object.containsKey(field.key(in: shape == .nested ? .foreignKey : .nested))
    }

    /// RS-NL-5: to-many id lists are sets: no duplicates, members sorted ascending.
    public static let idSets = ConformanceRule(
        id: "RS-NL-5",
        requirement: "to-many id lists are sets: no duplicate members, emitted sorted ascending"
    ) { plan in
        let lists = plan.keys.enumerated().filter { $0.element.isToManyForeignKey }
        guard !lists.isEmpty else { return nil }
        return StatelessChecker { record, violations in
            for (index, spec) in lists {
                guard case .array(let members)? = record.values[index], !Self.isStrictlyAscending(members) else {
                    continue
                }
                let texts = members.compactMap(Self.memberText)
                guard texts.count == members.count else { continue }
                let shown = "[" + texts.map(ValueDescription.quote).joined(separator: ",") + "]"
                if Set(texts).count != texts.count {
                    violations.append(
                        record.violation(
                            "RS-NL-5", key: spec.key, "'\(spec.key)' lists a member twice",
                            expected: "each member once (a set)", found: shown,
                            fix: "deduplicate members before storing or emitting them"))
                } else {
                    violations.append(
                        record.violation(
                            "RS-NL-5", key: spec.key, "'\(spec.key)' is not sorted ascending",
                            expected: "members sorted ascending (byte-wise)", found: shown,
                            fix: "sort members by exact string comparison when emitting them"))
                }
            }
        }
    }

    /// Whether every member is a string or number and each sorts strictly after the previous one
    /// (so there are no duplicates either); mistyped members are TR-TYPE-1's concern.
    private static func isStrictlyAscending(_ members: [JSONValue]) -> Bool {
        var previous: String?
        for member in members {
            guard let text = memberText(member) else { return true }
            if let previous, !ByteOrder.precedes(previous, text) { return false }
            previous = text
        }
        return true
    }

    private static func memberText(_ member: JSONValue) -> String? {
        switch member {
        case .string(let text): text
        case .number(let number): number.text
        default: nil
        }
    }
}
/// Exact byte-wise string comparison, as rest-sync orders ties and set members.
enum ByteOrder {
    /// Whether `lhs` sorts before `rhs` comparing their UTF-8 bytes.
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        ValueFormats.withBytes(lhs) { left in
            ValueFormats.withBytes(rhs) { right in
                let common = min(left.count, right.count)
                if common > 0, let a = left.baseAddress, let b = right.baseAddress {
                    let order = memcmp(a, b, common)
                    if order != 0 { return order < 0 }
                }
                return left.count < right.count
            }
        }
    }
}
