extension CompiledCondition {
    /// Whether one value (a scalar, or one list element) passes the condition; `nil` is null.
    func matches(_ value: Scalar?, _ operand: CompiledOperand) -> Bool {
        let op = source.op
        if op == .isNull || op == .isNotNull {
            let isNull = value == nil || (source.emptyEqualsNull && value != nil && value == kind.emptyText)
            return op == .isNull ? isNull : !isNull
        }
        var current = value
        if current == nil, source.emptyEqualsNull { current = kind.emptyText }
        guard var value = current else { return source.nullMatches }
        if let text = textOperand(value) {
            let fold = !source.caseSensitive && op != .tokensAll && op != .tokensAny
            value = .text(fold ? source.fold.apply(text) : text)
        }
        switch (op, operand) {
        case (.near, .near(let point, let metres)):
            guard case .json(let location) = value, let other = GeoPoint(location) else { return false }
            return point.distance(to: other) <= metres
        case (_, .nothing), (_, .one(nil)): return false
        case (.eq, .one(let other?)): return Scalar.compare(value, other) == 0
        case (.ne, .one(let other?)): return Scalar.compare(value, other) != 0
        case (.lt, .one(let other?)): return Scalar.compare(value, other).map { $0 < 0 } ?? false
        case (.le, .one(let other?)): return Scalar.compare(value, other).map { $0 <= 0 } ?? false
        case (.gt, .one(let other?)): return Scalar.compare(value, other).map { $0 > 0 } ?? false
        case (.ge, .one(let other?)): return Scalar.compare(value, other).map { $0 >= 0 } ?? false
        case (.eq, .range(let low, let high)), (.between, .range(let low, let high)):
            return Self.within(value, low, high)
        case (.ne, .range(let low, let high)): return !Self.within(value, low, high)
        case (.in, .set(let values)): return values.contains { Scalar.compare(value, $0) == 0 }
        case (.notIn, .set(let values)): return !values.contains { Scalar.compare(value, $0) == 0 }
        case (.startsWith, .one(.text(let prefix)?)):
            return value.text.map { ByteSearch.hasPrefix($0, prefix) } ?? false
        case (.endsWith, .one(.text(let suffix)?)): return value.text.map { ByteSearch.hasSuffix($0, suffix) } ?? false
        case (.contains, .one(.text(let needle)?)): return value.text.map { ByteSearch.contains($0, needle) } ?? false
        case (.like, .pattern(let pattern)): return value.text.map(pattern.matches) ?? false
        case (.tokensAll, .tokens(let words)):
            guard let text = value.text else { return false }
            return words.isSubset(of: Tokens.words(text, fold: source.caseSensitive ? nil : source.fold))
        case (.tokensAny, .tokens(let words)):
            guard let text = value.text else { return false }
            return !words.isDisjoint(with: Tokens.words(text, fold: source.caseSensitive ? nil : source.fold))
        default: return false
        }
    }

    private static func within(_ value: Scalar, _ low: Scalar, _ high: Scalar) -> Bool {
        guard let lower = Scalar.compare(value, low), let upper = Scalar.compare(value, high) else { return false }
        return lower >= 0 && upper <= 0
    }
}
