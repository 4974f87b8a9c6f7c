import TreatyCore
import TreatyJSON

extension ConformanceRule {
    /// RS-SH-1: relations travel in the declared shape: foreign keys unless the contract says
    /// `shape: nested`; nested objects carry their `id`.
    public static let declaredShape = ConformanceRule(
        id: "RS-SH-1",
        requirement: "relations use the declared shape (fk by default, nested only where declared); nested objects carry an id"
    ) { plan in
        let relationKeys = plan.keys.enumerated().filter { _, spec in
            spec.shape != nil && !(spec.shape == .foreignKey && spec.isExpectedShape)
        }
        guard !relationKeys.isEmpty else { return nil }
        return StatelessChecker { record, violations in
            for (index, spec) in relationKeys {
                guard let value = record.values[index], !value.isNull, let field = spec.field else { continue }
                let isNestedValue = RelationValues.isNested(value)
                if spec.shape == .nested, isNestedValue, !spec.isExpectedShape {
                    violations.append(
                        record.violation(
                            "RS-SH-1", key: spec.key, "relation '\(field.name)' is nested, but this endpoint declares foreign keys",
                            expected: "ids under '\(field.key(in: .foreignKey))'", found: ValueDescription.describe(value),
                            fix: "send '\(field.key(in: .foreignKey))', or declare 'shape: nested' for '\(field.name)'"))
                }
                if spec.shape == .foreignKey, !spec.isExpectedShape {
                    violations.append(
                        record.violation(
                            "RS-SH-1", key: spec.key, "relation '\(field.name)' is sent as ids, but this endpoint declares nested objects",
                            expected: "nested objects under '\(field.key(in: .nested))'", found: ValueDescription.describe(value),
                            fix: "send '\(field.key(in: .nested))' as nested objects, or declare 'shape: fk' here"))
                }
                if spec.shape == .nested, spec.isExpectedShape, isNestedValue {
                    let objects = value.arrayValue ?? [value]
                    let idKey = plan.contract.resource(named: field.relation?.target ?? "")?.identity.key ?? "id"
                    for (position, object) in objects.enumerated() where object[idKey] == nil || object[idKey] == .null {
                        let key = value.arrayValue == nil ? spec.key : nil
                        var violation = record.violation(
                            "RS-SH-1", key: key, "a nested '\(field.name)' object has no '\(idKey)'",
                            expected: "a nested object with its '\(idKey)' (children are upserted by id)",
                            found: ValueDescription.describe(object[idKey]), fix: "include '\(idKey)' in nested objects")
                        if key == nil { violation.pointer = record.pointer.appending(spec.key).appending(index: position) }
                        violations.append(violation)
                    }
                }
            }
        }
    }

    /// RS-SH-2: one shape per relation per endpoint: never foreign keys on some items and
    /// nested objects on others, nor both in one object.
    public static let oneShapePerRelation = ConformanceRule(
        id: "RS-SH-2",
        requirement: "one shape per relation per endpoint: never fk in some items and nested in others, nor both in one object",
        makeSequenceChecker: { plan in
            plan.relations.isEmpty ? nil : ShapeConsistencyChecker(relations: Array(plan.relations.prefix(64)))
        }
    )
}

/// RS-SH-2's state: the first shape seen for each relation in the run.
struct ShapeConsistencyChecker: SequenceChecker {
    let relations: [RelationKeys]
    private var firstShape: [(shape: RelationShape, pointer: JSONPointer)?]

    init(relations: [RelationKeys]) {
        self.relations = relations
        firstShape = Array(repeating: nil, count: relations.count)
    }

    mutating func check(_ facts: RecordFacts, into violations: inout [RuleViolation]) {
        guard facts.foreignKeyShapes | facts.nestedShapes != 0 else { return }
        for (position, relation) in relations.enumerated() {
            let bit: UInt64 = 1 << UInt64(position)
            let hasForeign = facts.foreignKeyShapes & bit != 0
            let hasNested = facts.nestedShapes & bit != 0
            if hasForeign, hasNested {
                violations.append(
                    facts.violation(
                        "RS-SH-2", key: relation.nestedKey, "relation '\(relation.name)' is sent in both shapes in one object",
                        expected: "either '\(relation.foreignKey)' or '\(relation.nestedKey)'", found: "both keys",
                        fix: "send one shape per relation"))
                continue
            }
            guard hasForeign || hasNested else { continue }
            let shape: RelationShape = hasNested ? .nested : .foreignKey
            let key = hasNested ? relation.nestedKey : relation.foreignKey
            if let first = firstShape[position] {
                guard first.shape != shape else { continue }
                violations.append(
                    facts.violation(
                        "RS-SH-2", key: key, "relation '\(relation.name)' changes shape between records",
                        expected: "\(first.shape == .nested ? "nested objects" : "foreign keys"), as at \(first.pointer)",
                        found: hasNested ? "a nested object under '\(relation.nestedKey)'" : "ids under '\(relation.foreignKey)'",
                        fix: "serialize '\(relation.name)' one way on every record of this endpoint"))
            } else {
                firstShape[position] = (shape, facts.pointer.appending(key))
            }
        }
    }
}
