internal import TreatyJSON
internal import TreatyQuery

/// Compiles a `records/query` request's `query` (`recordType`, `filterBy`, `sortBy`) into the
/// query model (query.md, "CloudKit filterBy"): filters are AND-ed, each comparator one
/// condition (or a small expression for the list and negated forms), and a LOCATION sort orders
/// by distance from `relativeLocation`.
struct CloudKitQueryCompiler {
    let recordType: CloudKitRecordType

    /// The compiled filter and order, and the distance sorts the rows need computed first.
    struct Compiled {
        var filter: Expr
        var order: [OrderKey]
        /// Distance columns to add to each row: (column, field, point).
        var distances: [(column: String, field: String, point: GeoPoint)]
        var schema: QuerySchema
    }

    func compile(_ query: JSONObject) throws(CloudKitError) -> Compiled {
        var kinds = CloudKitQueryRows.systemKinds
        for (name, field) in recordType.fields { kinds[name] = field.type.queryKind }
        var conditions: [Expr] = []
        if let filters = query["filterBy"], filters != .null {
            guard let items = filters.arrayValue else { throw .badRequest("'filterBy' must be an array of filters") }
            for (index, item) in items.enumerated() {
                guard let filter = item.objectValue else { throw .badRequest("filterBy[\(index)] must be a dictionary") }
                conditions.append(try condition(filter, index: index))
            }
        }
        var order: [OrderKey] = []
        var distances: [(String, String, GeoPoint)] = []
        if let sorts = query["sortBy"], sorts != .null {
            guard let items = sorts.arrayValue else { throw .badRequest("'sortBy' must be an array of sorts") }
            for (index, item) in items.enumerated() {
                guard let sort = item.objectValue, let name = CloudKitQueryRows.fieldName(of: sort) else {
                    throw .badRequest("sortBy[\(index)] needs 'fieldName' or 'systemFieldName'")
                }
                let kind = try self.kind(of: name, needing: .sortable)
                let descending = sort["ascending"]?.boolValue == false
                if kind == .location {
                    guard let point = sort["relativeLocation"]?["value"].flatMap(GeoPoint.init) else {
                        throw .badRequest("sorting by LOCATION field '\(name)' needs 'relativeLocation'")
                    }
                    let column = "___distance\(index)"
                    kinds[column] = .float
                    distances.append((column, name, point))
                    order.append(OrderKey(FieldPath(column), descending: descending, nulls: .last))
                    continue
                }
                guard !kind.isMultiValued else { throw .badRequest("list field '\(name)' cannot be sorted on") }
                order.append(OrderKey(FieldPath(name), descending: descending, caseSensitive: true))
            }
        }
        order.append(OrderKey(FieldPath(CloudKitQueryRows.position)))
        let schema = QuerySchema([ResourceSchema("records", idField: CloudKitQueryRows.recordID, fields: kinds)])
        return Compiled(filter: .all(conditions), order: order, distances: distances, schema: schema)
    }

    private func kind(of name: String, needing index: CloudKitIndex) throws(CloudKitError) -> FieldKind {
        if let system = CloudKitQueryRows.systemKinds[name] { return system }
        guard let field = recordType.fields[name] else {
            throw .badRequest("Field '\(name)' is not a field of record type '\(recordType.name)'")
        }
        guard field.indexes.contains(index) else {
            throw .badRequest("Field '\(name)' is not marked \(index.rawValue)")
        }
        return field.type.queryKind
    }

    private func condition(_ filter: JSONObject, index: Int) throws(CloudKitError) -> Expr {
        guard let comparator = filter["comparator"]?.stringValue else {
            throw .badRequest("filterBy[\(index)] has no 'comparator'")
        }
        guard let name = CloudKitQueryRows.fieldName(of: filter) else {
            throw .badRequest("filterBy[\(index)] needs 'fieldName' or 'systemFieldName'")
        }
        let tokens = comparator == "CONTAINS_ALL_TOKENS" || comparator == "CONTAINS_ANY_TOKENS"
        let kind = try self.kind(of: name, needing: tokens ? .searchable : .queryable)
        guard let fieldValue = filter["fieldValue"]?.objectValue, let raw = fieldValue["value"] else {
            throw .badRequest("filterBy[\(index)] has no fieldValue {value}")
        }
        let path = FieldPath(name)
        let element: FieldKind = if case .list(let of) = kind { of } else { kind }
        let value = plain(raw, kind: element)
        func list() throws(CloudKitError) -> [JSONValue] {
            guard let values = raw.arrayValue else {
                throw .badRequest("filterBy[\(index)]: \(comparator) needs a list as its value")
            }
            return values.map { plain($0, kind: element) }
        }
        func cond(_ op: QueryOperator, _ operand: Operand, quantifier: Quantifier = .any) -> Expr {
            .cond(Condition(path, op, operand, quantifier: quantifier))
        }
        let present = cond(.isNotNull, .none)
        switch comparator {
        case "EQUALS": return cond(.eq, .value(value))
        case "NOT_EQUALS": return cond(.ne, .value(value))
        case "LESS_THAN": return cond(.lt, .value(value))
        case "LESS_THAN_OR_EQUALS": return cond(.le, .value(value))
        case "GREATER_THAN": return cond(.gt, .value(value))
        case "GREATER_THAN_OR_EQUALS": return cond(.ge, .value(value))
        case "IN": return cond(.in, .list(try list()))
        case "NOT_IN": return cond(.notIn, .list(try list()))
        case "BEGINS_WITH": return cond(.startsWith, .value(value))
        case "NOT_BEGINS_WITH": return .all([present, .not(cond(.startsWith, .value(value)))])
        case "CONTAINS_ALL_TOKENS": return .cond(Condition(path, .tokensAll, .value(value), caseSensitive: false))
        case "CONTAINS_ANY_TOKENS": return .cond(Condition(path, .tokensAny, .value(value), caseSensitive: false))
        case "NEAR":
            guard let distance = filter["distance"]?.numberValue else {
                throw .badRequest("filterBy[\(index)]: NEAR needs 'distance' in metres")
            }
            return cond(.near, .tolerance(value, .number(distance)))
        case "LIST_CONTAINS": return cond(.eq, .value(value))
        case "NOT_LIST_CONTAINS": return cond(.eq, .value(value), quantifier: .none)
        case "LIST_CONTAINS_ANY": return cond(.in, .list(try list()))
        case "NOT_LIST_CONTAINS_ANY": return cond(.in, .list(try list()), quantifier: .none)
        case "LIST_CONTAINS_ALL": return .all(try list().map { cond(.eq, .value($0)) })
        case "NOT_LIST_CONTAINS_ALL": return .not(.all(try list().map { cond(.eq, .value($0)) }))
        case "LIST_MEMBER_BEGINS_WITH": return cond(.startsWith, .value(value))
        case "NOT_LIST_MEMBER_BEGINS_WITH": return cond(.startsWith, .value(value), quantifier: .none)
        default:
            throw .badRequest("filterBy[\(index)]: unknown comparator '\(comparator)'")
        }
    }

    /// A filter value as the rows hold it: references by record name, locations as points.
    private func plain(_ value: JSONValue, kind: FieldKind) -> JSONValue {
        switch value {
        case .object(let object) where object["recordName"] != nil: return object["recordName"] ?? value
        case .object(let object) where object["latitude"] != nil:
            return .object(["latitude": object["latitude"] ?? .null, "longitude": object["longitude"] ?? .null])
        case .string(let text) where kind == .integer || kind == .float || kind == .date:
            return JSONNumber(text: text).map(JSONValue.number) ?? value
        default: return value
        }
    }
}
