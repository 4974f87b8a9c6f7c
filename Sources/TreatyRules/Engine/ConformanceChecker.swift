import TreatyCore
public import TreatyJSON

/// Checks payloads against a contract: one record, a list, or a sequence of payloads.
///
/// Make one checker per run and feed it every payload; rules that span payloads (the id's
/// JSON type, one shape per relation) see them all.
///
/// ```swift
/// let plan = try CheckPlan(contract: contract, target: .endpoint(list, request: values))
/// var checker = ConformanceChecker(plan: plan)
/// let violations = checker.check(payload: try JSONParser().parse(bytes))
/// ```
public struct ConformanceChecker {
    /// The compiled target.
    public let plan: CheckPlan
    private let recordCheckers: [any RuleChecker]
    private var sequenceCheckers: [any SequenceChecker]
    private var matcher = KeyMatcher()

    /// Creates a checker running `rules` (default: every built-in rule).
    public init(plan: CheckPlan, rules: [ConformanceRule] = ConformanceRule.recordRules) {
        self.plan = plan
        recordCheckers = rules.compactMap { $0.makeChecker(for: plan) }
        sequenceCheckers = rules.compactMap { $0.makeSequenceChecker(for: plan) }
    }

    /// Checks a whole payload: each item of a list, or the single object.
    public mutating func check(payload: JSONValue) -> [RuleViolation] {
        var violations: [RuleViolation] = []
        switch payload {
        case .array(let elements):
            if let violation = bodyViolation(isArray: true) { violations.append(violation) }
            for (index, element) in elements.enumerated() {
                check(element: element, index: index, position: nil, into: &violations)
            }
        default:
            if let violation = bodyViolation(isArray: false, found: payload) { violations.append(violation) }
            check(element: payload, index: nil, position: nil, into: &violations)
        }
        finishPayload(into: &violations)
        return violations
    }

    /// The TR-BODY-1 violation when a payload's top level does not fit the endpoint, or `nil`.
    ///
    /// Call it once per payload before streaming its elements through ``check(element:index:position:into:)``.
    public func bodyViolation(isArray: Bool, found: JSONValue? = nil) -> RuleViolation? {
        guard let endpoint = plan.endpoint else { return nil }
        let expectsList = endpoint.returns == .list
        guard expectsList != isArray else { return nil }
        return RuleViolation(
            rule: "TR-BODY-1", pointer: .root,
            message: expectsList ? "a list endpoint answered something other than an array" : "a single-record endpoint answered an array",
            expected: expectsList ? "a JSON array of \(plan.resource.name) records" : "one \(plan.resource.name) object",
            found: isArray ? "an array" : ValueDescription.describe(found ?? .object(JSONObject())),
            fix: expectsList ? "answer \(endpoint.signature) with a bare array" : "answer \(endpoint.signature) with one object")
    }

    /// Checks one record: the item at `index` of a list payload, or the single object when
    /// `index` is `nil`.
    public mutating func check(
        element: JSONValue,
        index: Int?,
        position: JSONSourcePosition?,
        into violations: inout [RuleViolation]
    ) {
        guard let facts = checkRecord(element: element, index: index, position: position, into: &violations) else {
            return
        }
        checkSequence(facts, into: &violations)
    }

    /// Runs the rules that judge one record alone, and returns what the sequence rules need to
    /// know about it (`nil` when there are no sequence rules or the element is not an object).
    ///
    /// Together with ``checkSequence(_:into:)`` this is ``check(element:index:position:into:)``
    /// split in two, so records can be judged on several threads and their facts replayed in
    /// order afterwards.
    public mutating func checkRecord(
        element: JSONValue,
        index: Int?,
        position: JSONSourcePosition?,
        into violations: inout [RuleViolation]
    ) -> RecordFacts? {
        guard case .object(let object) = element else {
            violations.append(
                RuleViolation(
                    rule: "TR-BODY-1", pointer: index.map { JSONPointer.root.appending(index: $0) } ?? .root,
                    message: "a record is not a JSON object",
                    expected: "a \(plan.resource.name) object", found: ValueDescription.describe(element),
                    fix: "answer records as JSON objects", position: position))
            return nil
        }
        let view = RecordView(object: object, base: .root, index: index, position: position, plan: plan, matcher: &matcher)
        for checker in recordCheckers {
            checker.check(view, into: &violations)
        }
        let facts = sequenceCheckers.isEmpty ? nil : RecordFacts(view)
        matcher.recycle(view.values.slots)
        return facts
    }

    /// Runs the rules that judge records in payload order, on the next record's facts.
    public mutating func checkSequence(_ facts: RecordFacts, into violations: inout [RuleViolation]) {
        for index in sequenceCheckers.indices {
            sequenceCheckers[index].check(facts, into: &violations)
        }
    }

    /// Ends the current payload (resetting per-payload state such as ordering).
    public mutating func finishPayload(into violations: inout [RuleViolation]) {
        for index in sequenceCheckers.indices {
            sequenceCheckers[index].finishPayload(into: &violations)
        }
    }
}
