internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON
internal import TreatyRules

/// `treaty check` for CloudKit: answers of `records/modify`, `lookup`, `query` and `changes`
/// (`POST /database/1/{container}/{environment}/{database}/records/query`), or bare record
/// dictionaries of a record type (`--resource Artist`), judged with the `CK-*` rules and the
/// contract's record types.
struct CloudKitPayloadChecker: PayloadChecker {
    static let recordOperations = ["records/modify", "records/lookup", "records/query", "records/changes"]

    let conformance: CloudKitConformance
    let isAnswer: Bool
    let contextDescription: String
    let options: PayloadCheckOptions

    init(schema: CloudKitSchema, subject: PayloadSubject, options: PayloadCheckOptions) throws(CheckSetupError) {
        conformance = CloudKitConformance(recordTypes: schema.recordTypes)
        self.options = options
        switch subject {
        case .endpoint(let request):
            let path = request.path
            let segments = path.split(separator: "/").map(String.init)
            let operation = segments.count >= 7 ? segments[5...].joined(separator: "/") : ""
            guard request.method == "POST", segments.count == 7, segments[0] == "database",
                segments[2] == schema.container, Self.recordOperations.contains(operation)
            else {
                let base = "/database/1/\(schema.container)/development/public/"
                throw .unknownEndpoint(request.description, suggestion: nil, known: Self.recordOperations.map { "POST \(base)\($0)" })
            }
            isAnswer = true
            contextDescription = "POST \(path)"
        case .records(let name):
            guard schema.recordTypes[name] != nil else {
                let names = schema.recordTypes.keys.sorted()
                let hint = Suggestion.closest(to: name, among: names).map { " (did you mean '\($0)'?)" } ?? ""
                throw .unusableContract(
                    "the contract has no record type '\(name)'\(hint); it has: \(names.joined(separator: ", "))")
            }
            isAnswer = false
            contextDescription = "records of type '\(name)'"
        }
    }

    mutating func check(_ bytes: UnsafeBufferPointer<UInt8>, name: String) -> PayloadResult {
        DocumentPayloadCheck.check(bytes, name: name, options: options) { value in
            if isAnswer { return (conformance.checkRecordsAnswer(value), value["records"]?.arrayValue?.count ?? 0) }
            let items = value.arrayValue ?? [value]
            let violations = items.enumerated().flatMap { index, item in
                conformance.checkRecord(item, at: value.arrayValue == nil ? .root : JSONPointer.root.appending(index: index))
            }
            return (violations, items.count)
        }
    }
}
