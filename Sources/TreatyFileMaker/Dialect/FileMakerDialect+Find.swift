internal import HTTPTypes
internal import TreatyCalendar
internal import TreatyDialect
internal import TreatyJSON
internal import TreatyQuery

extension FileMakerDialect {
    static let findKeys = ["query", "sort", "offset", "limit", "portal", "layout.response", "dateformats"]
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
        let portals = try portals(context, body: body)
        let all = try records(context)
        let found = try FileMakerFinder(context: context, today: today(context)).find(requests, in: all)
        let scripts = FileMakerScriptRun(scriptParameters(context, body: body), database: context.database)
        guard !found.isEmpty else {
            return FileMakerEnvelope.response(
                scripts.adding(to: JSONObject()), code: 401, message: "No records match the request",
                status: .internalServerError)
        }
        let page = Array(sort.sorted(found).dropFirst(offset - 1).prefix(limit))
        let presenter = FileMakerRecordPresenter(context: context, portals: portals)
        return FileMakerEnvelope.response(
            scripts.adding(to: [
                "dataInfo": dataInfo(context, total: all.count, found: found.count, returned: page.count),
                "data": .array(page.map(presenter.present)),
            ]))
    }

    private func today(_ context: FileMakerContext) -> CivilDate {
        CivilDate(daysSinceEpoch: Int(context.store.presentTime() / 86_400_000))
    }
}

/// Runs find requests over a table's records through the query model.
struct FileMakerFinder {
    let context: FileMakerContext
    let today: CivilDate

    /// The records the requests find, in creation order.
    func find(_ requests: [JSONValue], in records: [JSONObject]) throws(FileMakerError) -> [JSONObject] {
        let layout = context.layout
        var kinds: [String: FieldKind] = [:]
        for field in layout.fields where !field.global {
            kinds[field.name] = Self.kind(field)
        }
        let schema = QuerySchema([ResourceSchema("records", idField: "recordId", fields: kinds)])
        let projected = records.map { Self.project($0, layout: layout) }
        let source = InMemoryDataSource(schema: schema, records: ["records": projected], indexed: false)
        var found = [Bool](repeating: false, count: records.count)
        for (index, request) in requests.enumerated() {
            guard let object = request.objectValue else { throw FileMakerError.parameterInvalid("each query item must be an object") }
            let omit = Self.isOmit(object["omit"])
            var criteria: [Expr] = []
            for member in object.members where member.key != "omit" {
                guard let field = layout.field(named: member.key) else { throw FileMakerError.fieldMissing(member.key) }
                guard !field.global else { throw FileMakerError.parameterInvalid("global field '\(field.name)' cannot be a find criterion") }
                let text = FileMakerRecordPresenter.text(member.value)
                guard !text.isEmpty else { continue }
                criteria.append(
                    try FileMakerCriterion(field: field, text: text, today: today, format: context.dateFormat).expression())
            }
            guard !criteria.isEmpty else { throw FileMakerError.findCriteriaEmpty }
            if index == 0 && omit { found = found.map { _ in true } }
            let query: CompiledQuery
            do {
                query = try CompiledQuery(Query("records", where: .all(criteria)), schema: schema)
            } catch {
                throw FileMakerError.parameterInvalid("\(error)")
            }
            for (position, record) in projected.enumerated() where found[position] == omit {
                if (try? query.matches(record, in: source)) == true { found[position] = !omit }
            }
        }
        return records.enumerated().filter { found[$0.offset] }.map(\.element)
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

    /// A record as the query model reads it: numbers as numbers, dates as ISO 8601, empty
    /// values as null.
    static func project(_ record: JSONObject, layout: FileMakerLayout) -> JSONObject {
        var object: JSONObject = ["recordId": record["recordId"] ?? ""]
        for field in layout.fields where !field.global {
            let text = FileMakerRecordPresenter.text(record[field.name])
            guard !text.isEmpty else {
                object[field.name] = .null
                continue
            }
            switch field.result {
            case .number: object[field.name] = JSONNumber(text: text).map { .number($0) } ?? .null
            case .date: object[field.name] = FileMakerValue.parseDate(text, format: .us).map { .string(FileMakerValue.isoDate($0)) } ?? .null
            case .timeStamp:
                object[field.name] = FileMakerValue.parseTimestamp(text, format: .us).map {
                    .string(FileMakerValue.isoDate($0.date) + "T" + $0.time)
                } ?? .null
            default: object[field.name] = .string(text)
            }
        }
        return object
    }
}
