import TreatyCore
import TreatyJSON

/// What the scanning engine certifies about one key's value, compiled from a ``KeySpec``.
///
/// A value that passes its test can break no record rule; one that does not pass is not
/// necessarily wrong: the record is then judged by the rules themselves, on a parsed tree.
struct ScanTest {
    /// The token and format a value must have.
    enum Kind {
        /// Any presence of the key sends the record to the rules (shapes the scan does not judge).
        case judgedByRules
        /// Present, and `null` (a live record's tombstone key).
        case nullOnly
        /// A UUID string.
        case uuid
        /// A non-empty string without escapes.
        case nonEmptyString
        /// An integer.
        case integer
        /// Any string.
        case string
        /// Any number.
        case number
        /// `true` or `false`.
        case bool
        /// An RFC 3339 timestamp string.
        case datetime
        /// A `YYYY-MM-DD` string.
        case date
        /// A UTC timestamp with exactly three fraction digits (RS-MD-1).
        case millisecondTimestamp
        /// A non-negative integer (RS-MD-3).
        case version
        /// An array of strings.
        case stringList
        /// A scalar of any type (`json` attributes; containers go to the rules).
        case scalar
        /// An id set (RS-NL-5): an array of ids of `element` kind, strictly ascending byte-wise.
        case idSet(element: IDKind)
    }

    /// The kinds of ids an id set holds.
    enum IDKind {
        case uuid, nonEmptyString, integer
    }

    var kind: Kind
    /// Whether `null` passes.
    var nullable: Bool
    /// Whether strings must be one of the plan's allowed values for the key (an enum).
    var checksAllowed = false
    /// Length limits, in characters, and whether they count after trimming.
    var minLength: Int?
    var maxLength: Int?
    var trim = false
    /// Numeric range.
    var minimum: Double?
    var maximum: Double?

    /// Whether the test reads a string's contents (so escapes and non-ASCII need the rules).
    var readsStringContents: Bool { checksAllowed || minLength != nil || maxLength != nil }

    init(kind: Kind, nullable: Bool) {
        self.kind = kind
        self.nullable = nullable
    }

    /// The test for `spec`, as the record rules judge its key on a live record.
    init(_ spec: KeySpec) {
        func idKind(_ type: IdentityType?) -> Kind {
            switch type ?? .string {
            case .uuid: .uuid
            case .string: .nonEmptyString
            case .int: .integer
            }
        }
        switch spec.role {
        case .identity, .scope:
            self.init(kind: idKind(spec.idType), nullable: false)
        case .createdAt, .updatedAt:
            self.init(kind: .millisecondTimestamp, nullable: false)
        case .version:
            self.init(kind: .version, nullable: false)
        case .tombstone:
            self.init(kind: .nullOnly, nullable: true)
        case .field:
            self.init(field: spec)
        }
    }

    private init(field spec: KeySpec) {
        guard let field = spec.field, spec.isExpectedShape else {
            self.init(kind: .judgedByRules, nullable: false)
            return
        }
        let constraints = field.constraints
        // A null list is RS-NL-1's concern, so lists never pass as null.
        let nullable = spec.isNullable && !spec.isList
        switch field.kind {
        case .relation(let relation):
            guard spec.shape == .foreignKey, constraints == Constraints() else {
                self.init(kind: .judgedByRules, nullable: false)
                return
            }
            let element: IDKind =
                switch spec.idType ?? .string {
                case .uuid: .uuid
                case .string: .nonEmptyString
                case .int: .integer
                }
            if relation.many {
                self.init(kind: .idSet(element: element), nullable: false)
            } else {
                let kind: Kind =
                    switch element {
                    case .uuid: .uuid
                    case .nonEmptyString: .nonEmptyString
                    case .integer: .integer
                    }
                self.init(kind: kind, nullable: nullable)
            }
        case .attribute(let type, _):
            let kind: Kind =
                switch type {
                case .string: .string
                case .int: .integer
                case .number: .number
                case .bool: .bool
                case .datetime: .datetime
                case .date: .date
                case .uuid: .uuid
                case .json: .scalar
                case .stringList: .stringList
                }
            self.init(kind: kind, nullable: nullable)
            checksAllowed = constraints.allowed != nil
            minLength = constraints.minLength
            maxLength = constraints.maxLength
            trim = constraints.trim
            minimum = constraints.minimum
            maximum = constraints.maximum
        }
    }
}

/// The record rules compiled into tests the scanning engine runs on a record's tokens.
///
/// Compiled once per plan. `nil` (see ``init(plan:maxDepth:)``) when the plan is outside what the
/// engine certifies; the payload is then checked by the rules alone, as before.
struct ScanPlan: Sendable {
    /// The keys of ``CheckPlan/keys`` as UTF-8, one after another, and where each starts and ends.
    let keyBytes: [UInt8]
    let keyStarts: [Int]
    let keyEnds: [Int]
    /// Each key's allowed strings, as UTF-8, when it has an enum.
    let allowed: [[[UInt8]]?]
    /// The test of each key.
    let tests: [ScanTest]
    /// One bit per key that a conforming live record carries.
    let required: UInt64
    let identity: Int
    let scope: Int?
    /// Whether the scope key holds strings (its value is then a fact for RS-PS-1).
    let scopeIsString: Bool
    let order: Int?
    let createdAt: Int?
    let updatedAt: Int?
    /// The foreign-key key index of each of the first 64 relations.
    let relationForeignKeys: [Int]
    /// Sequence rules in effect.
    let checksParent: Bool
    let checksOrder: Bool
    let checksShapes: Bool
    /// The parent the request names, for RS-PS-1.
    let requestedParent: [UInt8]?

    /// Compiles `plan`, or returns `nil` when the engine cannot certify its records: incremental
    /// feeds, single-record endpoints, more than 64 keys, or nesting limits below a record's.
    init?(plan: CheckPlan, maxDepth: Int) {
        guard plan.isList || plan.endpoint == nil, !plan.isIncrementalFeed, plan.keys.count <= 64, maxDepth >= 3
        else { return nil }
        // Only the sequence rules the engine knows how to follow may apply.
        guard ConformanceRule.incrementalFeed.makeSequenceChecker(for: plan) == nil else { return nil }
        var keyBytes: [UInt8] = []
        var keyStarts: [Int] = []
        var keyEnds: [Int] = []
        for spec in plan.keys {
            keyStarts.append(keyBytes.count)
            keyBytes.append(contentsOf: spec.key.utf8)
            keyEnds.append(keyBytes.count)
        }
        (self.keyBytes, self.keyStarts, self.keyEnds) = (keyBytes, keyStarts, keyEnds)
        allowed = plan.keys.map { spec in spec.field?.constraints.allowed.map { $0.map { Array($0.utf8) } } }
        tests = plan.keys.map(ScanTest.init)
        var required: UInt64 = 0
        for (index, spec) in plan.keys.enumerated() where spec.role != .field || spec.mustBeEmitted {
            required |= 1 << UInt64(index)
        }
        self.required = required
        guard let identity = plan.index(of: .identity) else { return nil }
        self.identity = identity
        scope = plan.index(of: .scope)
        scopeIsString = scope.map { plan.keys[$0].idType != .int } ?? false
        order = plan.orderIndex
        createdAt = plan.resource.sync.createdAt == nil ? nil : plan.index(of: .createdAt)
        updatedAt = plan.resource.sync.updatedAt == nil ? nil : plan.index(of: .updatedAt)
        relationForeignKeys = plan.relations.prefix(64).map(\.foreignIndex)
        checksParent = ConformanceRule.parentScope.makeSequenceChecker(for: plan) != nil
        checksOrder = ConformanceRule.orderField.makeSequenceChecker(for: plan) != nil
        checksShapes = ConformanceRule.oneShapePerRelation.makeSequenceChecker(for: plan) != nil
        requestedParent = plan.resource.scope.flatMap { plan.request.path[$0.key] }.map { Array($0.utf8) }
    }
}
