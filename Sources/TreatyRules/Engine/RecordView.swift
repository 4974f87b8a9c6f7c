import TreatyCore
public import TreatyJSON

/// One record being checked, with its keys already matched against the contract.
public struct RecordView: Sendable, LocatedRecord {
    /// The record.
    public let object: JSONObject
    /// Its position in a list payload, or `nil` for a single object.
    public let index: Int?
    /// The pointer of the value that holds the record (the root for list payloads).
    private let base: JSONPointer

    /// Its pointer inside the payload (`/3` for the fourth list item, `` for a single object);
    /// built on demand, since most records never need it.
    public var pointer: JSONPointer {
        index.map { base.appending(index: $0) } ?? base
    }
    /// Where it starts in the payload, when known.
    public let position: JSONSourcePosition?
    /// The plan the record is checked under.
    public let plan: CheckPlan
    /// The value of each ``CheckPlan/keys`` entry, in the same order; `nil` when missing.
    public let values: RecordValues
    /// The keys the contract does not declare, classified.
    public let undeclared: [UndeclaredKey]

    init(
        object: JSONObject,
        base: JSONPointer,
        index: Int?,
        position: JSONSourcePosition?,
        plan: CheckPlan,
        matcher: inout KeyMatcher
    ) {
        self.object = object
        self.base = base
        self.index = index
        self.position = position
        self.plan = plan
        var undeclared: [UndeclaredKey] = []
        var slots = matcher.takeSlots(count: plan.keys.count)
        for (position, member) in object.enumerated() {
            if let index = matcher.index(of: member.key, at: position, in: plan) {
                slots[index] = Int32(truncatingIfNeeded: position)
            } else {
                undeclared.append(UndeclaredKey(member: member, plan: plan))
            }
        }
        values = RecordValues(object: object, slots: slots)
        self.undeclared = undeclared
    }

    /// The value of the first key with `role`: `nil` when missing or not declared.
    public func value(for role: KeySpec.Role) -> JSONValue? {
        guard let index = plan.index(of: role) else { return nil }
        return values[index]
    }

    /// Whether the record is a tombstone: its tombstone key holds a non-null value.
    public var isTombstone: Bool {
        guard let index = plan.index(of: .tombstone) else { return false }
        return !values.isMissing(index) && !values.isNull(index)
    }

    /// The record's id as text, when it has a string or integer id.
    public var idText: String? {
        switch value(for: .identity) {
        case .string(let text)?: text
        case .number(let number)?: number.text
        default: nil
        }
    }

    /// Whether an undeclared key was recognised as a misspelling or mis-shaping of `spec`'s key,
    /// so the missing key is already explained.
    func isExplained(_ spec: KeySpec) -> Bool {
        undeclared.contains { $0.explains == spec.key }
    }
}

/// The values of a record's declared keys, by index into ``CheckPlan/keys``.
///
/// It records where each key sits in the record rather than copying the values, so matching a
/// record's keys costs no reference counting.
public struct RecordValues: Sendable {
    let object: JSONObject
    let slots: [Int32]

    /// The value of the key at `index` of ``CheckPlan/keys``, or `nil` when the record lacks it.
    public subscript(index: Int) -> JSONValue? {
        let slot = slots[index]
        guard slot >= 0 else { return nil }
        return object.members[Int(slot)].value
    }

    /// Whether the record lacks the key at `index`.
    public func isMissing(_ index: Int) -> Bool {
        slots[index] < 0
    }

    /// Whether the key at `index` is present with `null`.
    public func isNull(_ index: Int) -> Bool {
        let slot = slots[index]
        guard slot >= 0 else { return false }
        if case .null = object.members[Int(slot)].value { return true }
        return false
    }

    /// The number of declared keys.
    public var count: Int { slots.count }
}

/// A key a record carries that the contract does not declare, and what it most likely is.
public struct UndeclaredKey: Sendable {
    /// What the key most likely is.
    public enum Kind: Sendable, Hashable {
        /// An internal key such as `local_id` (RS-ID-3).
        case internalKey
        /// A relation under a key form other than the declared one (RS-NM-2).
        case relationForm
        /// A declared key written in another naming convention (RS-NM-1).
        case otherConvention
        /// A key that does not follow the convention and matches nothing declared (RS-NM-1).
        case unconventional
        /// A conventional key that is simply not declared.
        case unknown
    }

    /// The key and its value.
    public let member: JSONObject.Member
    /// What it most likely is.
    public let kind: Kind
    /// The declared key it stands for, when recognised.
    public let explains: String?

    init(member: JSONObject.Member, plan: CheckPlan) {
        self.member = member
        let key = member.key
        let naming = plan.contract.naming
        if plan.resource.internalKeys.contains(key) {
            (kind, explains) = (.internalKey, nil)
            return
        }
        let words = NamingConvention.words(of: key)
        if let relationKey = Self.relationKey(forWords: words, plan: plan), relationKey != key {
            (kind, explains) = (naming.accepts(key) ? .relationForm : .otherConvention, relationKey)
            return
        }
        let converted = naming.key(fromWords: words)
        if converted != key, plan.keyIndex[converted] != nil {
            (kind, explains) = (.otherConvention, converted)
            return
        }
        (kind, explains) = (naming.accepts(key) ? .unknown : .unconventional, nil)
    }

    /// The expected key of the relation that `words` name in any form (`watchers_ids`,
    /// `watcherIds`, `assignee` given as an id), if any.
    private static func relationKey(forWords words: [String], plan: CheckPlan) -> String? {
        var stem = words
        if let last = stem.last, last == "id" || last == "ids" { stem.removeLast() }
        guard !stem.isEmpty else { return nil }
        let singularStem = stem.dropLast() + [Inflection.singular(stem[stem.count - 1])]
        for spec in plan.keys where spec.isExpectedShape {
            guard let field = spec.field, field.relation != nil else { continue }
            var nameWords = NamingConvention.words(of: field.name)
            guard let last = nameWords.popLast() else { continue }
            nameWords.append(Inflection.singular(last))
            if nameWords == Array(singularStem) { return spec.key }
        }
        return nil
    }
}
