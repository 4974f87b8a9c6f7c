import TreatyJSON
import TreatyQuery

extension PocketBaseFilterParser {
    /// The expression for `lhs sign rhs`.
    func comparison(_ lhs: PocketBaseOperand, _ sign: PocketBaseSign, _ rhs: PocketBaseOperand) throws(QueryParseError)
        -> Expr
    {
        switch (lhs.side, rhs.side) {
        case (.record(let path), _):
            return try condition(path, lhs.token, sign, rhs)
        case (_, .record), (.literal, .request), (.macro, .request), (.placeholder, .request), (.literal, .macro),
            (.placeholder, .macro):
            guard let mirrored = sign.mirrored else {
                throw lexer.error(
                    at: sign.token.offset,
                    "'\(sign.token.text)' needs the field on its left; "
                        + "write '\(rhs.token.text) \(sign.token.text) \(lhs.token.text)'",
                    kind: .unsupported)
            }
            let swapped = PocketBaseSign(base: mirrored, any: sign.any, token: sign.token)
            return try comparison(rhs, swapped, lhs)
        case (.request(let path), _):
            return try requestCondition(path, sign, rhs)
        case (.macro(let macro), _):
            // PocketBase compares constants in SQL too: `@year > 2000` holds for every row or for none.
            var rhs = rhs
            if case .literal(let value) = rhs.side {
                switch Self.sqliteCoercion(of: value, toMacro: macro, sign.base) {
                case .constant(let result): return result ? .true : .false
                case .value(let coerced): rhs = PocketBaseOperand(side: .literal(coerced), token: rhs.token)
                case .asIs, .asText: break
                }
            }
            let path = FieldPath(root: .macro(macro), [], modifier: macro.isDate ? .read(.pocketBaseDateText) : nil)
            return try requestCondition(path, sign, rhs)
        case (.literal(let a), .literal(let b)):
            return Self.fold(a, sign, b) ? .true : .false
        default:
            throw lexer.error(
                at: lhs.token.offset, "cannot compare '\(lhs.token.text)' with '\(rhs.token.text)': neither is a field",
                kind: .unsupported)
        }
    }

    /// A condition on a record path, wrapped in a link for every relation hop.
    private func condition(
        _ path: PocketBasePath, _ token: ConditionToken, _ sign: PocketBaseSign, _ rhs: PocketBaseOperand
    ) throws(QueryParseError) -> Expr {
        if case .record(let other) = rhs.side, path.modifier != .each, other.modifier != .each {
            return try columnComparison(path, sign, other, rhs.token)
        }
        var operand = try operand(rhs)
        var fieldPath = FieldPath([path.field])
        var elements = false
        switch (path.modifier, path.kind) {
        case (.each?, _): elements = true
        case (.length?, _): fieldPath.modifier = .length
        case (.lower?, _): fieldPath.modifier = .lowercased
        case (nil, .date): fieldPath.modifier = .read(.pocketBaseDateText)
        case (nil, .string), (nil, .relation(_, many: false)):
            // A date macro compares with text as PocketBase's stored date text.
            if case .macro(let macro) = rhs.side, macro.isDate { fieldPath.modifier = .read(.pocketBaseDateText) }
        case (nil, let kind) where kind.isMultiValued: fieldPath.modifier = .jsonText
        case (nil, _): break
        }
        var constant: Bool?
        if case .literal(let value) = rhs.side, !value.isNull, path.modifier == nil {
            switch Self.sqliteCoercion(of: value, to: path.kind, sign.base) {
            case .asIs: break
            case .value(let coerced): operand = .value(coerced)
            case .asText(let coerced):
                operand = .value(coerced)
                fieldPath.modifier = .jsonText
            case .constant(let result): constant = result
            }
        }
        var expr: Expr
        var row: Expr?
        let numeric = Self.isNumericOrBool(path, fieldPath.modifier, elements: elements)
        if let boolean = try booleanComparison(path, sign, rhs) {
            expr = boolean
        } else if let constant {
            expr = constant ? .true : .false
        } else if numeric, case .literal(.null) = rhs.side {
            expr = sign.base == .ne ? .true : .false
        } else {
            let isLike = sign.base == .like || sign.base == .notLike
            let ops: [PocketBaseSign.Base: QueryOperator] = [
                .eq: .eq, .ne: .ne, .gt: .gt, .ge: .ge, .lt: .lt, .le: .le, .like: .like, .notLike: .like,
            ]
            var condition = Condition(
                fieldPath, ops[sign.base] ?? .eq, operand, caseSensitive: !isLike,
                quantifier: elements && !sign.any ? .all : .any, emptyMatches: elements ? .asOneEmptyValue : nil,
                nullMatches: sign.base == .ne, emptyEqualsNull: true, likeWrap: isLike)
            if case .placeholder(let name) = rhs.side { condition.alias = name }
            try check(condition, in: path, token: token, sign: sign, rhs: rhs)
            if elements {
                // One element of a json_each join shared by the filter's conditions on the field.
                var element = condition
                element.quantifier = .any
                element.join = Self.joinName(path.hops[...], then: path.field + ":each")
                if sign.base == .notLike {
                    // SQL's `NULL NOT LIKE …` is NULL: the empty element of an empty list never matches.
                    var present = element
                    present.op = .isNotNull
                    present.operand = .none
                    present.emptyEqualsNull = false
                    row = .all([.not(.cond(element)), .cond(present)])
                } else {
                    row = .cond(element)
                }
            }
            if sign.base == .notLike, elements {
                condition.quantifier = sign.any ? .all : .none
                condition.emptyMatches = .asOneEmptyValue
                expr = sign.any ? .not(.cond(condition)) : .cond(condition)
            } else {
                expr = sign.base == .notLike ? .not(.cond(condition)) : .cond(condition)
            }
        }
        if sign.base == .notLike, !elements, !path.hops.isEmpty {
            // Through a LEFT JOIN with no related record the value is NULL, and `NULL NOT LIKE …`
            // is NULL: a record without a (visible) related record never matches `!~` or `?!~`.
            row = .all([row ?? expr, .cond(Condition(FieldPath(["id"]), .isNotNull, .none))])
        }
        let toMany = elements || path.hops.contains(where: \.multi)
        return Self.throughHops(path.hops, row: row ?? expr, every: !sign.any && toMany ? expr : nil)
    }

    /// A comparison reached through `hops` as PocketBase's SQL reaches it: each hop (and each
    /// `:each` list) is a `LEFT JOIN` shared by every condition of the filter that takes the same
    /// path — a joined link or condition named by the path — so `tags.name ?= "a" &&
    /// tags.name ?= "b"` asks for one tag named both. `row` tests the joined record; `every`,
    /// for a comparison without `?` through a to-many hop or list, must also hold for every
    /// related record and element (PocketBase's multi-match subquery, which joins on its own).
    static func throughHops(_ hops: [PocketBasePath.Hop], row: Expr, every: Expr?) -> Expr {
        var joined = row
        for (index, hop) in hops.enumerated().reversed() {
            joined = .link(Link(hop.relation, direction: hop.direction, join: joinName(hops[...index]), where: joined))
        }
        guard var every else { return joined }
        for hop in hops.reversed() {
            every = .link(
                Link(hop.relation, direction: hop.direction, quantifier: .all, emptyMatches: .asOneEmptyValue, where: every))
        }
        return .all([joined, every])
    }

    /// The join a path prefix names: `author`, `tags.owner`, `comments_via_post`, `@collection.users`
    /// (and `tags.labels:each` with `then`).
    static func joinName(_ hops: ArraySlice<PocketBasePath.Hop>, then last: String? = nil) -> String {
        let names = hops.map { hop in
            switch hop.direction {
            case .forward: hop.relation
            case .backlink(let from): "\(from)_via_\(hop.relation)"
            case .collection: "@collection.\(hop.relation)" + (hop.alias.map { ":" + $0 } ?? "")
            }
        }
        return (names + (last.map { [$0] } ?? [])).joined(separator: ".")
    }

    /// Whether the compared value is a number or a bool (for which `= null` matches nothing).
    private static func isNumericOrBool(_ path: PocketBasePath, _ modifier: PathModifier?, elements: Bool) -> Bool {
        if modifier == .length { return true }
        guard modifier == nil else { return false }
        switch path.kind {
        case .integer, .float, .bool: return true
        case .list(let element): return elements && [.integer, .float, .bool].contains(element)
        default: return false
        }
    }

    /// `lhs sign rhs` for two record paths, compared as PocketBase's SQL compares two columns
    /// (``TreatyQuery/Comparison/sqliteColumns``), each read from its own record: the listed record, or the
    /// related record a path's joins chose (shared with the filter's other conditions on the
    /// same path). A plain operator through a to-many path must also hold for every related
    /// record of that side (PocketBase's multi-match subquery).
    private func columnComparison(
        _ lhs: PocketBasePath, _ sign: PocketBaseSign, _ rhs: PocketBasePath, _ token: ConditionToken
    ) throws(QueryParseError) -> Expr {
        let ops: [PocketBaseSign.Base: QueryOperator] = [
            .eq: .eq, .ne: .ne, .gt: .gt, .ge: .ge, .lt: .lt, .le: .le, .like: .like, .notLike: .like,
        ]
        let op = ops[sign.base] ?? .eq
        let lhsMulti = lhs.hops.contains(where: \.multi)
        let rhsMulti = rhs.hops.contains(where: \.multi)
        if !sign.any, lhsMulti && rhsMulti || rhsMulti && op == .like {
            throw lexer.error(
                at: token.offset,
                "'\(token.text)' holds several values; compare it with '?\(sign.token.text)' or put it on the left",
                kind: .unsupported)
        }
        let rhsRoot: FieldPath.Root = rhs.hops.isEmpty ? .base : .joined(Self.joinName(rhs.hops[...]))
        var condition = Condition(
            FieldPath([lhs.field], modifier: Self.columnModifier(lhs)), op,
            .field(FieldPath(root: rhsRoot, [rhs.field], modifier: Self.columnModifier(rhs))))
        condition.comparison = .sqliteColumns
        var test: Expr = sign.base == .notLike ? .not(.cond(condition)) : .cond(condition)
        if sign.base == .notLike, !lhs.hops.isEmpty {
            // `NULL NOT LIKE …` is NULL: no related record, no match.
            test = .all([test, .cond(Condition(FieldPath(["id"]), .isNotNull, .none))])
        }
        var expr = Self.throughHops(lhs.hops, row: test, every: !sign.any && lhsMulti ? test : nil)
        if !rhs.hops.isEmpty {
            // Declare the right-hand joins first, so the comparison can read their records.
            var parts = [Self.throughHops(rhs.hops, row: .true, every: nil), expr]
            if !sign.any, rhsMulti, let mirrored = sign.mirrored, let mirroredOp = ops[mirrored] {
                let lhsRoot: FieldPath.Root = lhs.hops.isEmpty ? .base : .joined(Self.joinName(lhs.hops[...]))
                var every = Condition(
                    FieldPath([rhs.field], modifier: Self.columnModifier(rhs)), mirroredOp,
                    .field(FieldPath(root: lhsRoot, [lhs.field], modifier: Self.columnModifier(lhs))))
                every.comparison = .sqliteColumns
                var all: Expr = .cond(every)
                for hop in rhs.hops.reversed() {
                    all = .link(Link(hop.relation, direction: hop.direction, quantifier: .all, emptyMatches: .always, where: all))
                }
                parts.append(all)
            }
            expr = .all(parts)
        }
        return expr
    }

    /// The modifier a column comparison reads a path with: `:length` and `:lower` (SQL
    /// functions); otherwise the stored value.
    private static func columnModifier(_ path: PocketBasePath) -> PathModifier? {
        switch path.modifier {
        case .length?: .length
        case .lower?: .lowercased
        default: nil
        }
    }

    /// The model operand for the right-hand side.
    private func operand(_ rhs: PocketBaseOperand) throws(QueryParseError) -> Operand {
        switch rhs.side {
        case .literal(let value): return .value(value)
        case .macro(let macro): return .macro(macro)
        case .placeholder(let name): return .parameter(name)
        case .request(let path): return .field(path)
        case .record(let path):
            guard path.hops.isEmpty, path.modifier == nil || path.modifier == .lower, !path.kind.isMultiValued else {
                throw lexer.error(
                    at: rhs.token.offset,
                    "'\(rhs.token.text)' goes through a relation or holds several values; "
                        + "only a field of the same record can be on the right",
                    kind: .unsupported)
            }
            return .field(FieldPath([path.field], modifier: path.modifier == .lower ? .lowercased : nil))
        }
    }

    /// Compiles the condition alone to report type errors at their position.
    private func check(
        _ condition: Condition, in path: PocketBasePath, token: ConditionToken, sign: PocketBaseSign,
        rhs: PocketBaseOperand
    ) throws(QueryParseError) {
        do {
            _ = try CompiledQuery(Query(path.resource.name, where: .cond(condition)), schema: schema)
        } catch {
            let described = "\(path.kind) field '\(token.text)'"
            if error.kind == .unsupportedOperator {
                throw lexer.error(
                    at: sign.token.offset, "the operator '\(sign.token.text)' does not apply to \(described)",
                    kind: .unsupportedOperator)
            }
            if error.kind == .typeMismatch {
                let value: String
                switch rhs.side {
                case .literal(let literal): value = literal.quoted
                case .macro(let macro): value = "the macro \(macro)"
                default: value = "'\(rhs.token.text)'"
                }
                throw lexer.error(
                    at: rhs.token.offset, "cannot compare \(described) with \(value)", kind: .typeMismatch)
            }
            throw lexer.error(at: rhs.token.offset, error.message, kind: error.kind)
        }
    }

    /// A condition on a `@request.*` value, typed by the JSON it holds at evaluation, or on a
    /// clock macro, read at evaluation.
    func requestCondition(_ path: FieldPath, _ sign: PocketBaseSign, _ rhs: PocketBaseOperand)
        throws(QueryParseError) -> Expr
    {
        let isLike = sign.base == .like || sign.base == .notLike
        let ops: [PocketBaseSign.Base: QueryOperator] = [
            .eq: .eq, .ne: .ne, .gt: .gt, .ge: .ge, .lt: .lt, .le: .le, .like: .like, .notLike: .like,
        ]
        var condition = Condition(
            path, ops[sign.base] ?? .eq, try operand(rhs), caseSensitive: !isLike, nullMatches: sign.base == .ne,
            emptyEqualsNull: true, likeWrap: isLike)
        if case .placeholder(let name) = rhs.side { condition.alias = name }
        do {
            _ = try CompiledQuery(Query(root.name, where: .cond(condition)), schema: schema)
        } catch {
            throw lexer.error(at: rhs.token.offset, error.message, kind: error.kind)
        }
        return sign.base == .notLike ? .not(.cond(condition)) : .cond(condition)
    }

    /// The value of a comparison between two literals.
    static func fold(_ lhs: JSONValue, _ sign: PocketBaseSign, _ rhs: JSONValue) -> Bool {
        let empty = JSONValue.string("")
        let a = lhs.isNull ? empty : lhs
        let b = rhs.isNull ? empty : rhs
        let order = Scalar.compare(.json(a), .json(b))
        let result: Bool
        switch sign.base {
        case .eq: result = order == 0
        case .ne: result = order != 0
        case .gt: result = order.map { $0 > 0 } ?? false
        case .ge: result = order.map { $0 >= 0 } ?? false
        case .lt: result = order.map { $0 < 0 } ?? false
        case .le: result = order.map { $0 <= 0 } ?? false
        case .like, .notLike:
            let text = TextFold.asciiLowercased(a.stringValue ?? a.serialized())
            let pattern = TextFold.asciiLowercased(b.stringValue ?? b.serialized())
            let matches = LikePattern(pattern, wrap: true).matches(text)
            result = sign.base == .like ? matches : !matches
        }
        return result
    }
}
