import TreatyJSON

extension CompiledCondition {
    /// `operand` checked against the operator and converted to the condition's kind.
    func prepare(
        _ operand: Operand, schema: QuerySchema, in resource: ResourceSchema, scope: OperandScope? = nil
    ) throws(QueryError) -> CompiledOperand {
        let op = source.op
        switch (op, operand) {
        case (.isNull, .none), (.isNotNull, .none): return .none
        case (.isNull, _), (.isNotNull, _): throw shapeError("takes no operand")
        case (.near, .tolerance(let point, let distance)): return try near(point, distance)
        case (.near, _): throw shapeError("takes a point and a distance in metres (a tolerance operand)")
        case (_, .parameter(let name)): return .unbound(name)
        case (.between, .range(let low, let high)): return try range(low, high)
        case (.between, _): throw shapeError("takes a range operand (two values)")
        case (.in, .list(let values)), (.notIn, .list(let values)):
            var set: [Scalar] = []
            for value in values {
                if let scalar = try convert(value) { set.append(scalar) }
            }
            return .set(set)
        case (.in, _), (.notIn, _): throw shapeError("takes a list operand")
        case (.eq, .tolerance(let value, let tolerance)), (.ne, .tolerance(let value, let tolerance)):
            return try self.tolerance(value, tolerance)
        case (_, .value(let value)): return prepared(try convert(value))
        case (_, .macro(let macro)):
            let fits = macro.isDate ? kind == .date || kind.isText : [.integer, .float].contains(kind)
            guard fits else {
                throw QueryError(
                    .typeMismatch, "cannot compare \(kind) field '\(source.path)' with the macro \(macro)")
            }
            var reading: FieldRead?
            if macro.isDate, case .read(let read) = source.path.modifier, read.reading.applies(to: .date) {
                reading = read
            }
            return .macro(macro, reading: reading)
        case (_, .field(let path)):
            var local = path
            local.root = .record
            let record: FieldOperand.Record
            let home: ResourceSchema
            switch path.root {
            case .base:
                guard let scope else { throw QueryError(.unsupported, "the operand '\(path)' needs the query's record") }
                (record, home) = (.base, scope.base)
            case .joined(let name):
                guard let scope, let index = scope.joins.firstIndex(where: { $0.name == name }),
                    case .relation(let step) = scope.joins[index].source
                else {
                    throw QueryError(
                        .unsupported, "the operand '\(path)' reads the join '\(name)', which no link before it declares")
                }
                (record, home) = (.join(index), try schema.resource(step.target))
            default:
                local = path
                (record, home) = (.current, resource)
            }
            let (access, _, shape) = try Compiler(schema: schema).resolve(local, in: home)
            guard shape == .scalar || source.comparison.semantics != nil else {
                throw QueryError(.unsupported, "the operand '\(path)' has several values; compare it on the left")
            }
            return .field(FieldOperand(access: access, record: record))
        default:
            throw shapeError("takes one value")
        }
    }

    /// A one-value operand folded for the condition's case rule and compiled for its operator.
    func prepared(_ value: Scalar?) -> CompiledOperand {
        guard let text = value.flatMap(textOperand) else { return .one(value) }
        let folded = source.caseSensitive ? text : source.fold.apply(text)
        switch source.op {
        case .like: return .pattern(LikePattern(folded, wrap: source.likeWrap))
        case .tokensAll, .tokensAny: return .tokens(Tokens.words(text, fold: source.caseSensitive ? nil : source.fold))
        default: return .one(.text(folded))
        }
    }

    /// The text of a value that the operator treats as text: a string, or a JSON string when
    /// the operator works on text or case is ignored (request values are JSON).
    func textOperand(_ value: Scalar) -> String? {
        switch value {
        case .text(let text): text
        case .json(.string(let text)) where source.op.isTextOnly || !source.caseSensitive: text
        default: nil
        }
    }

    /// A literal converted to the condition's kind; `nil` for a null operand.
    func convert(_ value: JSONValue) throws(QueryError) -> Scalar? {
        if source.emptyEqualsNull {
            if let empty = kind.emptyText, value.isNull || value == .string("") { return empty }
            if kind.emptyText == nil, value == .string("") { return nil }
        }
        switch Scalar.literal(value, as: kind) {
        case .null: return nil
        case .value(let scalar):
            if source.caseSensitive { return scalar }
            if let text = textOperand(scalar), ![.like, .tokensAll, .tokensAny].contains(source.op) {
                return .text(source.fold.apply(text))
            }
            return scalar
        case .mismatch:
            throw QueryError(.typeMismatch, "cannot compare \(kind) field '\(source.path)' with \(value.quoted)")
        }
    }

    private func range(_ low: JSONValue, _ high: JSONValue) throws(QueryError) -> CompiledOperand {
        guard let a = try convert(low), let b = try convert(high) else { return .nothing }
        guard let order = Scalar.compare(a, b) else {
            throw QueryError(.typeMismatch, "the bounds \(low) and \(high) of '\(source.path)' do not compare")
        }
        return order <= 0 ? .range(a, b) : .range(b, a)
    }

    /// `near`: a `{"latitude", "longitude"}` point and a distance in metres ≥ 0.
    private func near(_ point: JSONValue, _ distance: JSONValue) throws(QueryError) -> CompiledOperand {
        guard let latitude = point["latitude"]?.numberValue?.doubleValue,
            let longitude = point["longitude"]?.numberValue?.doubleValue, (-90...90).contains(latitude),
            (-180...180).contains(longitude)
        else {
            throw QueryError(
                .typeMismatch, "the point of near on '\(source.path)' must be {latitude, longitude}, not \(point.quoted)")
        }
        guard case .number(let metres) = distance, metres.doubleValue >= 0 else {
            throw QueryError(
                .typeMismatch, "the distance of near on '\(source.path)' must be metres ≥ 0, not \(distance.quoted)")
        }
        return .near(GeoPoint(latitude: latitude, longitude: longitude), metres: metres.doubleValue)
    }

    private func tolerance(_ value: JSONValue, _ tolerance: JSONValue) throws(QueryError) -> CompiledOperand {
        guard [.integer, .float, .date].contains(kind) else {
            throw QueryError(.unsupportedOperator, "a tolerance does not apply to \(kind) field '\(source.path)'")
        }
        guard let center = try convert(value) else { return .nothing }
        guard case .number(let number) = tolerance, number.doubleValue >= 0 else {
            throw QueryError(
                .typeMismatch, "the tolerance of '\(source.path)' must be a number ≥ 0, not \(tolerance.quoted)")
        }
        switch center {
        case .integer(let c) where number.int64Value != nil:
            let t = number.int64Value ?? 0
            let (low, lowOverflow) = c.subtractingReportingOverflow(t)
            let (high, highOverflow) = c.addingReportingOverflow(t)
            return .range(.integer(lowOverflow ? .min : low), .integer(highOverflow ? .max : high))
        case .date(let c):
            let t = Int64(number.doubleValue.rounded())
            return .range(.date(c &- t), .date(c &+ t))
        default:
            let c = center.doubleValue ?? 0
            return .range(.float(c - number.doubleValue), .float(c + number.doubleValue))
        }
    }

    private func shapeError(_ rule: String) -> QueryError {
        QueryError(.invalidOperand, "operator '\(source.op)' on '\(source.path)' \(rule)")
    }
}
