import TreatyCore
import TreatyJSON

extension ConformanceRule {
    /// RS-ID-1: every record has an id of the declared type — so its JSON type never changes —
    /// and a list holds each id once.
    public static let identityStable = ConformanceRule(
        id: "RS-ID-1",
        requirement: "every record has an id of the declared type, so its JSON type never changes; a list holds each id once",
        makeChecker: { _ in IdentityChecker() },
        makeSequenceChecker: { plan in UniqueIDChecker(identityKey: plan.resource.identity.key) }
    )

    /// RS-ID-2: ids are echoed byte for byte: a response to `…/{id}` carries exactly that id.
    public static let identityEchoed = ConformanceRule(
        id: "RS-ID-2",
        requirement: "ids compare as exact strings and are echoed byte for byte"
    ) { plan in
        guard let endpoint = plan.endpoint, endpoint.returns == .one,
            let requested = plan.request.path[plan.resource.identity.key]
        else { return nil }
        return StatelessChecker { record, violations in
            guard let id = record.idText, id != requested else { return }
            let sameIgnoringCase = id.lowercased() == requested.lowercased()
            violations.append(
                record.violation(
                    "RS-ID-2", key: plan.resource.identity.key,
                    sameIgnoringCase
                        ? "the id differs in case from the one requested"
                        : "the response carries another record than the one requested",
                    expected: "id \(ValueDescription.quote(requested)) exactly as requested",
                    found: ValueDescription.describe(record.value(for: .identity)),
                    fix: sameIgnoringCase
                        ? "store and return ids exactly as received; never normalise their case"
                        : "return the record the path names, or 404 when it does not exist"))
        }
    }

    /// RS-ID-3: internal keys (`local_id`, `remote_id`, row ids) never leak into payloads.
    public static let noInternalKeys = ConformanceRule(
        id: "RS-ID-3",
        requirement: "internal keys such as local_id, remote_id and row ids never appear in payloads"
    ) { _ in
        StatelessChecker { record, violations in
            for key in record.undeclared where key.kind == .internalKey {
                violations.append(
                    record.violation(
                        "RS-ID-3", key: key.member.key, "internal key '\(key.member.key)' leaks into the payload",
                        expected: "no '\(key.member.key)' key (records are identified by '\(record.plan.resource.identity.key)' only)",
                        found: ValueDescription.describe(key.member.value),
                        fix: "remove '\(key.member.key)' from the serializer"))
            }
        }
    }

    /// RS-ID-4: scoped identity: a record of another parent is not found in this scope.
    public static let scopedIdentity = ConformanceRule(
        id: "RS-ID-4",
        requirement: "identity is scoped by the parent: a record of another parent answers 404 in this scope"
    ) { plan in
        guard let endpoint = plan.endpoint, endpoint.returns == .one, endpoint.scoped,
            let scopeKey = plan.resource.scope?.key, let requested = plan.request.path[scopeKey]
        else { return nil }
        return StatelessChecker { record, violations in
            guard case .string(let parent)? = record.value(for: .scope), parent != requested else { return }
            violations.append(
                record.violation(
                    "RS-ID-4", key: scopeKey, "a record of another parent is served in this parent's scope",
                    expected: "\(scopeKey) \(ValueDescription.quote(requested)) (or a 404 response)",
                    found: "string \(ValueDescription.quote(parent))",
                    fix: "look records up by (\(scopeKey), \(plan.resource.identity.key)) and answer 404 when the parent differs"))
        }
    }
}

/// RS-ID-1 for one record: the id is present, not null, and of the declared type.
struct IdentityChecker: RuleChecker {
    func check(_ record: RecordView, into violations: inout [RuleViolation]) {
        let identity = record.plan.resource.identity
        let value = record.value(for: .identity)
        if value == nil, let spec = record.plan.spec(for: .identity), record.isExplained(spec) { return }
        guard let value, !value.isNull else {
            violations.append(
                record.violation(
                    "RS-ID-1", key: identity.key, "the record has no '\(identity.key)'",
                    expected: Self.expectation(identity.type), found: ValueDescription.describe(value),
                    fix: "give every record its '\(identity.key)'"))
            return
        }
        guard !Self.matches(value, identity.type) else { return }
        violations.append(
            record.violation(
                "RS-ID-1", key: identity.key, "the id is not \(Self.expectation(identity.type))",
                expected: Self.expectation(identity.type), found: ValueDescription.describe(value),
                fix: "serialize '\(identity.key)' as \(Self.expectation(identity.type)) in every payload"))
    }

    static func expectation(_ type: IdentityType) -> String {
        switch type {
        case .uuid: "a UUID string"
        case .string: "a non-empty string"
        case .int: "an integer"
        }
    }

    static func matches(_ value: JSONValue, _ type: IdentityType) -> Bool {
        switch (type, value) {
        case (.uuid, .string(let text)): ValueFormats.isUUID(text)
        case (.string, .string(let text)): !text.isEmpty
        case (.int, .number(let number)): number.isInteger
        default: false
        }
    }
}

/// RS-ID-1 across a list: each id once; remembers the ids of the current payload.
struct UniqueIDChecker: SequenceChecker {
    let identityKey: String
    private var seen: [String: Int] = [:]

    init(identityKey: String) {
        self.identityKey = identityKey
    }

    mutating func check(_ facts: RecordFacts, into violations: inout [RuleViolation]) {
        guard let index = facts.index, let text = facts.idText else { return }
        guard let previous = seen.updateValue(index, forKey: text) else { return }
        seen[text] = previous
        violations.append(
            facts.violation(
                "RS-ID-1", key: identityKey, "id \(ValueDescription.quote(text)) appears twice in one list",
                expected: "each id once",
                found: "the same id as \(JSONPointer.root.appending(index: previous).appending(identityKey))",
                fix: "return each record once"))
    }

    mutating func finishPayload(into violations: inout [RuleViolation]) {
        seen.removeAll(keepingCapacity: true)
    }
}
