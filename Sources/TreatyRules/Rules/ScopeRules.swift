import TreatyCore
import TreatyJSON

extension ConformanceRule {
    /// RS-PS-1: every item of a scoped list carries the parent key of the path.
    public static let parentScope = ConformanceRule(
        id: "RS-PS-1",
        requirement: "every item of a parent-scoped list carries that parent's key",
        makeSequenceChecker: { plan in
            guard let endpoint = plan.endpoint, endpoint.returns == .list, endpoint.scoped,
                let scopeKey = plan.resource.scope?.key
            else { return nil }
            return ParentScopeChecker(scopeKey: scopeKey, requested: plan.request.path[scopeKey])
        }
    )
}

/// RS-PS-1's state: the parent of the request, or else of the first item.
struct ParentScopeChecker: SequenceChecker {
    let scopeKey: String
    let requested: String?
    private var inferred: (parent: String, pointer: JSONPointer)?

    init(scopeKey: String, requested: String?) {
        self.scopeKey = scopeKey
        self.requested = requested
    }

    mutating func check(_ facts: RecordFacts, into violations: inout [RuleViolation]) {
        guard let parent = facts.scope else { return }
        if let requested {
            guard parent != requested else { return }
            violations.append(
                facts.violation(
                    "RS-PS-1", key: scopeKey, "an item of another parent is listed under this parent",
                    expected: "\(scopeKey) \(ValueDescription.quote(requested)), as in the path",
                    found: "string \(ValueDescription.quote(parent))",
                    fix: "filter the list by the path's \(scopeKey)"))
        } else if let inferred {
            guard parent != inferred.parent else { return }
            violations.append(
                facts.violation(
                    "RS-PS-1", key: scopeKey, "items of different parents are listed together",
                    expected: "\(scopeKey) \(ValueDescription.quote(inferred.parent)), as at \(inferred.pointer)",
                    found: "string \(ValueDescription.quote(parent))",
                    fix: "filter the list by the path's \(scopeKey)"))
        } else {
            inferred = (parent, facts.pointer.appending(scopeKey))
        }
    }

    mutating func finishPayload(into violations: inout [RuleViolation]) {
        inferred = nil
    }
}
