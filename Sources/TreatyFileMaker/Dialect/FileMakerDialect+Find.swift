internal import Foundation
internal import HTTPTypes
internal import TreatyCalendar
internal import TreatyDialect
internal import TreatyJSON
internal import TreatyQuery

extension FileMakerDialect {
    static let findKeys =
        ["query", "sort", "offset", "limit", "portal", "layout.response", "dateformats"]
        + FileMakerScriptRun.keys

    /// `POST …/_find`: requests in order — a find adds its matches, an `omit` removes them —
    /// then sort, offset (1-based) and limit. No match is code 401 on HTTP 500.
    func find(_ context: FileMakerContext) throws(FileMakerError) -> DialectResponse {
        let body = try context.call.body()
        try Self.refuseUnknownKeys(body, allowed: Self.findKeys)
        guard let requests = body["query"]?.arrayValue, !requests.isEmpty else {
            throw body["query"] == nil ? FileMakerError.parameterMissing("query") : FileMakerError.findCriteriaEmpty
        }
        let offset = try Self.positive(body["offset"].map(FileMakerRecordPresenter.text), name: "offset") ?? 1
        let limit = try Self.positive(body["limit"].map(FileMakerRecordPresenter.text), name: "limit") ?? 100
        let sort = try FileMakerSort(body["sort"], layout: context.layout)
        let response = try context.responding(body: body)
        let portals = try portals(response, body: body)
        let (found, ordered, projection) = try foundSet(
            context, requests: requests, body: body, sort: sort, needed: offset - 1 + limit)
        let scripts = FileMakerScriptRun(scriptParameters(context, body: body), database: context.database)
        guard !found.isEmpty else {
            return FileMakerEnvelope.response(
                scripts.adding(to: JSONObject()), code: 401, message: "No records match the request",
                status: .internalServerError)
        }
        let page = ordered.dropFirst(offset - 1).prefix(limit).map { projection.records[$0] }
        let presenter = FileMakerRecordPresenter(context: response, portals: portals)
        return FileMakerEnvelope.records(
            scripts.adding(to: [
                "dataInfo": dataInfo(context, total: projection.records.count, found: found.count, returned: page.count),
                "data": FileMakerEnvelope.data,
            ]), data: page.map(presenter.presentedBytes))
    }

    /// The records `requests` find and the first `needed` of them in `sort` order: kept from
    /// the same find at the same table revisions (``FileMakerFoundSets``), or searched and kept.
    private func foundSet(
        _ context: FileMakerContext, requests: [JSONValue], body: JSONObject, sort: FileMakerSort, needed: Int
    ) throws(FileMakerError) -> (found: [Int], ordered: [Int], projection: FileMakerCaches.Projection) {
        let today = today(context)
        let finder = FileMakerFinder(context: context, today: today)
        let revisions = context.revisions(showing: context.layout.portals)
        let key = [
            context.database.name, context.layout.name, String(context.dateFormat.rawValue), String(today.daysSinceEpoch),
            (body["query"] ?? .null).serialized(), (body["sort"] ?? .null).serialized(),
        ].joined(separator: "\u{0}")
        if let kept = context.caches.foundSets.foundSet(key, revisions: revisions),
            kept.ordered.count >= min(needed, kept.found.count),
            let projection = context.caches.projection(of: context.resource, for: context.layout, store: context.store),
            projection.revision == revisions[0]
        {
            return (kept.found, kept.ordered, projection)
        }
        let (found, projection) = try finder.find(requests)
        let ordered = sort.sorted(found, ranks: projection.sortRanks, records: projection.records, prefix: needed)
        if projection.revision == revisions[0] {
            context.caches.foundSets.keep(.init(found: found, ordered: ordered), for: key, revisions: revisions)
        }
        return (found, ordered, projection)
    }

    private func today(_ context: FileMakerContext) -> CivilDate {
        let milliseconds = context.store.presentTime()
        let days = milliseconds / 86_400_000 - (milliseconds % 86_400_000 < 0 ? 1 : 0)
        return CivilDate(daysSinceEpoch: Int(days))
    }
}

/// Runs find requests over a table's records through the query model.
struct FileMakerFinder {
    let context: FileMakerContext
    let today: CivilDate

    /// The positions (in creation order) of the records the requests find, in the projection
    /// they index.
    func find(_ requests: [JSONValue]) throws(FileMakerError) -> (found: [Int], projection: FileMakerCaches.Projection) {
        let layout = context.layout
        guard let projection = context.caches.projection(of: context.resource, for: layout, store: context.store) else {
            throw FileMakerError(106, "Table is missing")
        }
        var kinds: [String: FieldKind] = [:]
        for field in layout.fields where !field.global {
            kinds[field.name] = field.repetitions > 1 ? .list(of: Self.kind(field)) : Self.kind(field)
        }
        let projected = projection.projected
        var found = [Bool](repeating: false, count: projection.records.count)
        for (index, request) in requests.enumerated() {
            guard let object = request.objectValue else {
                throw FileMakerError.parameterInvalid("each query item must be an object")
            }
            let omit = Self.isOmit(object["omit"])
            var criteria: [Expr] = []
            var indexed: [Int]?
            for member in object.members where member.key != "omit" {
                let text = FileMakerRecordPresenter.text(member.value)
                guard !text.isEmpty else { continue }
                if member.key.contains("::") {
                    criteria.append(try related(member.key, text, layout: layout, kinds: kinds))
                    continue
                }
                guard let field = layout.field(named: member.key) else { throw FileMakerError.fieldMissing(member.key) }
                guard !field.global else {
                    throw FileMakerError.parameterInvalid("global field '\(field.name)' cannot be a find criterion")
                }
                if Self.isDuplicatesOperator(text) {
                    criteria.append(Self.duplicates(of: field, in: projected))
                    continue
                }
                let criterion = FileMakerCriterion(field: field, text: text, today: today, format: context.dateFormat)
                if let prefixes = criterion.wordPrefixes, let index = projection.words[field.name] {
                    // Word starts come from the word index: every word of the criterion must start a
                    // word of the field.
                    for prefix in prefixes {
                        indexed = index.positions(startingWith: prefix, within: indexed)
                    }
                    continue
                }
                criteria.append(try criterion.expression())
            }
            guard !criteria.isEmpty || indexed != nil else { throw FileMakerError.findCriteriaEmpty }
            if index == 0 && omit { found = found.map { _ in true } }
            var matching = indexed ?? []
            if !criteria.isEmpty {
                let positions: [Int]
                do {
                    positions = try CompiledQuery(Query("records", where: .all(criteria)), schema: projection.schema)
                        .matchingPositions(in: projection.source).sorted()
                } catch {
                    throw FileMakerError.parameterInvalid("\(error)")
                }
                matching = indexed.map { Self.intersection(positions, $0) } ?? positions
            }
            for position in matching { found[position] = !omit }
        }
        return (found.indices.filter { found[$0] }, projection)
    }

    /// A criterion on a related field (`Albums::title`) of a portal's table: the records with
    /// some related row that matches, as their key values.
    private func related(_ qualified: String, _ text: String, layout: FileMakerLayout, kinds: [String: FieldKind])
        throws(FileMakerError) -> Expr
    {
        let parts = qualified.components(separatedBy: "::")
        guard parts.count == 2,
            let portal = layout.portals.first(where: { $0.table == parts[0] || $0.name == parts[0] }),
            let table = context.database.table(named: portal.table), let field = table.field(named: parts[1]),
            !field.global
        else { throw FileMakerError.fieldMissing(qualified) }
        let rowLayout = FileMakerLayout(
            name: portal.table, table: portal.table, fields: [field, FileMakerField(name: portal.childKey)])
        let schema = QuerySchema([ResourceSchema("rows", idField: "recordId", fields: [field.name: Self.kind(field)])])
        let resource = FileMakerStoreModel.resource(database: context.database.name, table: portal.table)
        let rows = ((try? context.store.list(resource).records) ?? []).map { Self.project($0, layout: rowLayout) }
        let source = InMemoryDataSource(schema: schema, records: ["rows": rows], indexed: false)
        let condition = try FileMakerCriterion(field: field, text: text, today: today, format: context.dateFormat)
            .expression()
        let query: CompiledQuery
        do {
            query = try CompiledQuery(Query("rows", where: condition), schema: schema)
        } catch {
            throw FileMakerError.parameterInvalid("\(error)")
        }
        var keys: [JSONValue] = []
        for row in rows where (try? query.matches(row, in: source)) == true {
            if let key = row[portal.childKey], key != .null, !keys.contains(key) { keys.append(key) }
        }
        let parentKind = kinds[portal.parentKey] ?? .string
        let values = keys.compactMap { key -> JSONValue? in
            let text = FileMakerRecordPresenter.text(key)
            return parentKind == .float ? JSONNumber(text: text).map { .number($0) } : .string(text)
        }
        return .cond(Condition(FieldPath(portal.parentKey), .in, .list(values)))
    }

    /// `!`: the records whose value of `field` occurs in more than one record (text compared
    /// case-insensitively; empty values never count).
    static func duplicates(of field: FileMakerField, in records: [JSONObject]) -> Expr {
        var counts: [String: (value: JSONValue, count: Int)] = [:]
        for record in records {
            for value in record[field.name]?.arrayValue ?? [record[field.name] ?? .null] where value != .null {
                let key = FileMakerRecordPresenter.text(value).lowercased()
                counts[key, default: (value, 0)].count += 1
            }
        }
        let repeated = counts.values.filter { $0.count > 1 }.map(\.value)
        return .cond(Condition(FieldPath(field.name), .in, .list(repeated)))
    }

    /// Whether a criterion is `!` alone (spaces around it allowed): find duplicates.
    static func isDuplicatesOperator(_ text: String) -> Bool {
        var bangs = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "!"): bangs += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"): continue
            default: return false
            }
        }
        return bangs == 1
    }

    /// The positions in both ascending lists, ascending.
    static func intersection(_ a: [Int], _ b: [Int]) -> [Int] {
        var result: [Int] = []
        var (i, j) = (0, 0)
        while i < a.count, j < b.count {
            if a[i] < b[j] {
                i += 1
            } else if a[i] > b[j] {
                j += 1
            } else {
                result.append(a[i])
                i += 1
                j += 1
            }
        }
        return result
    }

    static func isOmit(_ value: JSONValue?) -> Bool {
        switch value {
        case .bool(let flag)?: flag
        case .string(let text)?: text.lowercased() == "true"
        default: false
        }
    }

    static func kind(_ field: FileMakerField) -> FieldKind {
        switch field.result {
        case .number: .float
        case .date, .timeStamp: .date
        default: .string
        }
    }

    /// A record as the query model reads it: numbers as numbers, dates as ISO 8601, text
    /// lower-cased (finds ignore case), empty values as null.
    static func project(_ record: JSONObject, layout: FileMakerLayout) -> JSONObject {
        var object: JSONObject = ["recordId": record["recordId"] ?? ""]
        for field in layout.fields where !field.global {
            if field.repetitions > 1 {
                object[field.name] = .array(
                    FileMakerRepetition.values(record[field.name], count: field.repetitions).map { project($0, field) }
                        .filter { $0 != .null })
            } else {
                object[field.name] = project(record[field.name], field)
            }
        }
        return object
    }

    /// One value as the query model reads it.
    private static func project(_ value: JSONValue?, _ field: FileMakerField) -> JSONValue {
        let text = FileMakerRecordPresenter.text(value)
        guard !text.isEmpty else { return .null }
        switch field.result {
        case .number: return JSONNumber(text: text).map { .number($0) } ?? .null
        case .date:
            return FileMakerValue.parseDate(text, format: .us).map { .string(FileMakerValue.isoDate($0)) } ?? .null
        case .timeStamp:
            return FileMakerValue.parseTimestamp(text, format: .us).map {
                .string(FileMakerValue.isoDate($0.date) + "T" + $0.time)
            } ?? .null
        default: return .string(text.lowercased())
        }
    }
}
