internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON
internal import TreatyRules

/// `treaty check` for FileMaker: records answers (get one, get a range, `_find`) of a layout,
/// or bare records of a layout, judged with the `FM-*` rules and the layout's fields.
///
/// The endpoint names the layout: `GET /fmi/data/vLatest/databases/Music/layouts/Artists/records`
/// (or `…/records/{id}`, or `POST …/_find`). `--resource Artists` (or `Music/Artists`) checks
/// record objects, or bare `fieldData` objects, one or an array.
struct FileMakerPayloadChecker: PayloadChecker {
    let conformance: FileMakerConformance
    let isAnswer: Bool
    let contextDescription: String
    let options: PayloadCheckOptions

    init(schema: FileMakerSchema, subject: PayloadSubject, options: PayloadCheckOptions) throws(CheckSetupError) {
        let layoutName: String
        var databaseName: String?
        switch subject {
        case .endpoint(let request):
            let method = request.method
            let path = request.path
            let segments = path.split(separator: "/").map { PercentDecoding.decode($0) }
            let isRecords = method == "GET" && (8...9).contains(segments.count) && segments[7] == "records"
            let isFind = method == "POST" && segments.count == 8 && segments[7] == "_find"
            guard segments.count >= 8, segments[0] == "fmi", segments[1] == "data", segments[3] == "databases",
                segments[5] == "layouts", isRecords || isFind
            else {
                let known = schema.databases.flatMap { database in
                    database.layouts.flatMap { layout in
                        let base = "/fmi/data/vLatest/databases/\(database.name)/layouts/\(layout.name)"
                        return ["GET \(base)/records", "GET \(base)/records/{recordId}", "POST \(base)/_find"]
                    }
                }
                throw .unknownEndpoint(request.description, suggestion: nil, known: known)
            }
            databaseName = segments[4]
            layoutName = segments[6]
            isAnswer = true
            contextDescription = "\(method) \(path)"
        case .records(let name):
            let parts = name.split(separator: "/", maxSplits: 1).map(String.init)
            if parts.count == 2 { databaseName = parts[0] }
            layoutName = parts.last ?? name
            isAnswer = false
            contextDescription = "records of layout '\(layoutName)'"
        }
        let (database, layout) = try Self.layout(named: layoutName, databaseName, schema)
        conformance = FileMakerConformance(layout: layout, database: database)
        self.options = options
    }

    private static func layout(named name: String, _ databaseName: String?, _ schema: FileMakerSchema)
        throws(CheckSetupError)
        -> (FileMakerDatabase, FileMakerLayout)
    {
        let databases = databaseName.map { schema.database(named: $0).map { [$0] } ?? [] } ?? schema.databases
        for database in databases {
            if let layout = database.layout(named: name) { return (database, layout) }
        }
        let names = schema.databases.flatMap { $0.layouts.map(\.name) }
        let hint = Suggestion.closest(to: name, among: names).map { " (did you mean '\($0)'?)" } ?? ""
        throw .unusableContract("the contract has no layout '\(name)'\(hint); it has: \(names.joined(separator: ", "))")
    }

    mutating func check(_ bytes: UnsafeBufferPointer<UInt8>, name: String) -> PayloadResult {
        DocumentPayloadCheck.check(bytes, name: name, options: options) { value in
            if isAnswer {
                return (
                    conformance.checkRecordsAnswer(value),
                    value.objectValue?["response"]?.objectValue?["data"]?.arrayValue?.count ?? 0
                )
            }
            let items = value.arrayValue ?? [value]
            let violations = items.enumerated().flatMap { index, item -> [RuleViolation] in
                let pointer = value.arrayValue == nil ? JSONPointer.root : JSONPointer.root.appending(index: index)
                if let object = item.objectValue, object["fieldData"] == nil {
                    return conformance.checkFieldData(object, at: pointer)
                }
                return conformance.checkRecord(item, at: pointer)
            }
            return (violations, items.count)
        }
    }
}
