import TreatyCore
import TreatyJSON

extension ConformanceRule {
    /// RS-NM-1: keys follow the contract's naming convention.
    public static let keyConvention = ConformanceRule(
        id: "RS-NM-1",
        requirement: "keys follow the contract's naming convention (snake_case: display_name)"
    ) { plan in
        guard plan.contract.naming != .any else { return nil }
        return StatelessChecker { record, violations in
            let naming = plan.contract.naming
            for key in record.undeclared where key.kind == .otherConvention || key.kind == .unconventional {
                let name = key.member.key
                let expected = key.explains ?? naming.convert(name)
                violations.append(
                    record.violation(
                        "RS-NM-1", key: name, "key '\(name)' is not \(naming.rawValue)",
                        expected: key.explains.map { "key '\($0)'" } ?? "a \(naming.rawValue) key such as '\(expected)'",
                        found: "key '\(name)' with \(ValueDescription.describe(key.member.value))",
                        fix: "rename '\(name)' to '\(expected)'"))
            }
        }
    }

    /// RS-NM-2: relation keys take the declared form: `<relation>_id`, `<relation>_ids` with the
    /// singular name, or the relation's name for nested objects.
    public static let relationKeyForm = ConformanceRule(
        id: "RS-NM-2",
        requirement: "to-one keys are <relation>_id, to-many keys <singular>_ids, nested objects sit under the relation name"
    ) { plan in
        let nestedKeys = plan.keys.enumerated().filter { $0.element.shape == .nested }
        return StatelessChecker { record, violations in
            for key in record.undeclared where key.kind == .relationForm {
                let expected = key.explains ?? ""
                violations.append(
                    record.violation(
                        "RS-NM-2", key: key.member.key, "relation key '\(key.member.key)' is not the declared form",
                        expected: "key '\(expected)'",
                        found: "key '\(key.member.key)' with \(ValueDescription.describe(key.member.value))",
                        fix: "rename '\(key.member.key)' to '\(expected)'"))
            }
            for (index, spec) in nestedKeys {
                guard let value = record.values[index], !value.isNull, !RelationValues.isNested(value) else { continue }
                guard let field = spec.field, let relation = field.relation else { continue }
                violations.append(
                    record.violation(
                        "RS-NM-2", key: spec.key, "relation '\(field.name)' carries ids under its nested key",
                        expected: "ids under '\(relation.foreignKey)', or nested objects under '\(spec.key)'",
                        found: ValueDescription.describe(value),
                        fix: "send the ids as '\(relation.foreignKey)'"))
            }
        }
    }

    /// TR-KEY-1: records carry only declared keys (a warning: clients ignore extra keys, but
    /// the contract has drifted).
    public static let declaredKeysOnly = ConformanceRule(
        id: "TR-KEY-1",
        requirement: "records carry only keys the contract declares"
    ) { plan in
        StatelessChecker { record, violations in
            for key in record.undeclared where key.kind == .unknown {
                let declared = plan.keys.map(\.key)
                var fix = "declare '\(key.member.key)' in the contract, or stop sending it"
                if let suggestion = Suggestion.closest(to: key.member.key, among: declared) {
                    fix = "did you mean '\(suggestion)'? otherwise " + fix
                }
                violations.append(
                    record.violation(
                        "TR-KEY-1", key: key.member.key, severity: .warning,
                        "key '\(key.member.key)' is not declared for '\(plan.resource.name)'",
                        expected: "only declared keys", found: ValueDescription.describe(key.member.value), fix: fix))
            }
        }
    }
}

/// Shape tests shared by the relation rules.
enum RelationValues {
    /// Whether `value` is a nested object or a list of nested objects.
    static func isNested(_ value: JSONValue) -> Bool {
        switch value {
        case .object: return true
        case .array(let elements): return elements.allSatisfy { $0.objectValue != nil }
        default: return false
        }
    }
}
