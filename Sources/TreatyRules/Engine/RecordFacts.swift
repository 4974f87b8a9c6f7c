import TreatyCore
public import TreatyJSON

/// What the sequence rules need to know about one record: a few small values, taken once per
/// record so they can be kept and replayed in payload order even when records are checked on
/// several threads.
public struct RecordFacts: Sendable, LocatedRecord {
    /// The record's position in its list payload, or `nil` for a single object.
    public let index: Int?
    /// Where the record starts in the payload, when known.
    public let position: JSONSourcePosition?
    /// The id as text, when it is a string or a number.
    public let idText: String?
    /// The parent key's value, when it is a string.
    public let scope: String?
    /// The order field's value, when it is an integer.
    public let order: Int64?
    /// `updated_at`, when it is a string.
    public let updatedAt: String?
    /// `version`, when it is an integer.
    public let version: Int64?
    /// One bit per relation of ``CheckPlan/relations``: set when the record carries its ids.
    public let foreignKeyShapes: UInt64
    /// One bit per relation of ``CheckPlan/relations``: set when the record carries it nested.
    public let nestedShapes: UInt64

    init(_ record: RecordView) {
        index = record.index
        position = record.position
        idText = record.idText
        if case .string(let text)? = record.value(for: .scope) { scope = text } else { scope = nil }
        let plan = record.plan
        order = plan.orderIndex.flatMap { record.values[$0]?.numberValue?.int64Value }
        if case .string(let text)? = record.value(for: .updatedAt) { updatedAt = text } else { updatedAt = nil }
        version = record.value(for: .version)?.numberValue?.int64Value
        var foreign: UInt64 = 0
        var nested: UInt64 = 0
        for (bit, relation) in plan.relations.prefix(64).enumerated() {
            let values = record.values
            if !values.isMissing(relation.foreignIndex), !values.isNull(relation.foreignIndex) {
                foreign |= 1 << UInt64(bit)
            }
            if !values.isMissing(relation.nestedIndex), !values.isNull(relation.nestedIndex),
                values[relation.nestedIndex].map(RelationValues.isNested) == true
            {
                nested |= 1 << UInt64(bit)
            }
        }
        foreignKeyShapes = foreign
        nestedShapes = nested
    }

    /// Facts given value by value, for replaying a rule on what the scanning engine read.
    init(
        index: Int?, position: JSONSourcePosition?, idText: String? = nil, scope: String? = nil,
        order: Int64? = nil, foreignKeyShapes: UInt64 = 0, nestedShapes: UInt64 = 0
    ) {
        self.index = index
        self.position = position
        self.idText = idText
        self.scope = scope
        self.order = order
        updatedAt = nil
        version = nil
        self.foreignKeyShapes = foreignKeyShapes
        self.nestedShapes = nestedShapes
    }

    /// The record's pointer in the payload.
    public var pointer: JSONPointer {
        index.map { JSONPointer.root.appending(index: $0) } ?? .root
    }
}
