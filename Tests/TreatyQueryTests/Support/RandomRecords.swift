import TreatyJSON
import TreatyQuery

/// SplitMix64, so property-based tests are reproducible.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random records and random conditions over a schema whose fields cover every indexable kind.
struct RandomRecords {
    static let schema = QuerySchema([
        ResourceSchema(
            "items",
            fields: [
                "n": .integer, "f": .float, "d": .date, "s": .string, "owner": .relation(to: "owners", many: false),
                "xs": .list(of: .integer), "friends": .relation(to: "owners", many: true), "b": .bool,
            ]),
        ResourceSchema("owners", fields: ["name": .string]),
    ])

    var random: SplitMix

    init(seed: UInt64) {
        random = SplitMix(state: seed)
    }

    mutating func pick<T>(_ values: [T]) -> T {
        values[Int.random(in: 0..<values.count, using: &random)]
    }

    mutating func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &random) < percent
    }

    mutating func integer() -> JSONValue { .number(JSONNumber(Int64.random(in: -5...5, using: &random))) }

    mutating func float() -> JSONValue { pick([-1.5, 0.0, 0.5, 1.0, 2.25, 3.0]) }

    mutating func date() -> JSONValue {
        let day = Int.random(in: 1...4, using: &random)
        let hour = Int.random(in: 0...1, using: &random)
        return pick([.string("2025-01-0\(day)T0\(hour):00:00.000Z"), .string("2025-01-0\(day) 0\(hour):00:00Z")])
    }

    mutating func text() -> JSONValue { .string(pick(["a", "A", "b", "ab", "B", "", "ba"])) }

    mutating func ownerID() -> JSONValue { .string(pick(["o1", "o2", "o3", "o4"])) }

    mutating func nullable(_ make: (inout RandomRecords) -> JSONValue) -> JSONValue? {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return nil
        case 1: return .null
        default: return make(&self)
        }
    }

    mutating func item(_ index: Int) -> JSONObject {
        var record: JSONObject = ["id": .string("i\(index)")]
        record["n"] = nullable { $0.integer() }
        record["f"] = nullable { $0.float() }
        record["d"] = nullable { $0.date() }
        record["s"] = nullable { $0.text() }
        record["b"] = nullable { .bool($0.chance(50)) }
        record["owner"] = nullable { $0.ownerID() }
        record["xs"] = nullable { me in .array((0..<Int.random(in: 0...3, using: &me.random)).map { _ in me.integer() })
        }
        record["friends"] = nullable { me in
            .array((0..<Int.random(in: 0...2, using: &me.random)).map { _ in me.ownerID() })
        }
        return record
    }

    static let owners: [JSONObject] = (1...3).map { ["id": .string("o\($0)"), "name": .string("owner \($0)")] }

    /// A random condition on one field, often indexable, sometimes not.
    mutating func condition() -> Condition {
        let field = pick(["n", "f", "d", "s", "owner", "xs", "friends", "b"])
        let value: (inout RandomRecords) -> JSONValue
        switch field {
        case "n", "xs": value = { $0.integer() }
        case "f": value = { $0.float() }
        case "d": value = { $0.date() }
        case "s": value = { $0.text() }
        case "b": value = { .bool($0.chance(50)) }
        default: value = { $0.ownerID() }
        }
        let ops: [QueryOperator]
        switch field {
        case "b": ops = [.eq, .ne, .isNull]
        case "owner", "friends": ops = [.eq, .ne, .in, .notIn, .isNull, .isNotNull]
        case "s": ops = [.eq, .ne, .lt, .le, .gt, .ge, .in, .startsWith, .isNull]
        default: ops = [.eq, .ne, .lt, .le, .gt, .ge, .between, .in, .notIn, .isNull, .isNotNull]
        }
        let op = pick(ops)
        let operand: Operand
        switch op {
        case .isNull, .isNotNull: operand = .none
        case .between: operand = .range(value(&self), value(&self))
        case .in, .notIn: operand = .list((0..<Int.random(in: 0...3, using: &random)).map { _ in value(&self) })
        default: operand = chance(5) ? .value(.null) : .value(value(&self))
        }
        return Condition(
            FieldPath(field), op, operand, caseSensitive: chance(80), quantifier: pick([.any, .any, .all, .none]),
            nullMatches: chance(15), emptyEqualsNull: chance(30))
    }

    /// A random expression of up to `depth` levels.
    mutating func expr(depth: Int) -> Expr {
        guard depth > 0, chance(60) else { return .cond(condition()) }
        switch Int.random(in: 0..<5, using: &random) {
        case 0: return .not(expr(depth: depth - 1))
        case 1: return .any((0..<Int.random(in: 1...3, using: &random)).map { _ in expr(depth: depth - 1) })
        case 2:
            return .link(
                Link("owner", quantifier: pick([.any, .all]), where: .cond(Condition("name", .eq, "owner 1"))))
        default: return .all((0..<Int.random(in: 1...3, using: &random)).map { _ in expr(depth: depth - 1) })
        }
    }
}
