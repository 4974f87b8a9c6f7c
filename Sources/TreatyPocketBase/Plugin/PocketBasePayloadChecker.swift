internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON
internal import TreatyRules

/// `treaty check` for PocketBase: list envelopes and single records of one collection, judged
/// with the `PB-*` rules and the collection's fields from the contract's `collections:` file.
///
/// The endpoint is a records route — `GET /api/collections/posts/records` (a list),
/// `GET|PATCH /api/collections/posts/records/{id}` or `POST /api/collections/posts/records` (one
/// record), with or without a query — or the payloads are bare records of a collection (an
/// object, or an array of them). Answers are judged as a superuser sees them (emails allowed).
struct PocketBasePayloadChecker: PayloadChecker {
    let collection: PocketBaseCollection
    let conformance: PocketBaseConformance
    let isList: Bool
    let contextDescription: String
    let options: PayloadCheckOptions

    init(schema: PocketBaseContractSchema, subject: PayloadSubject, options: PayloadCheckOptions)
        throws(CheckSetupError)
    {
        guard let file = schema.file else {
            throw .unusableContract(
                "the contract names no 'collections:' file, so there are no collections to check against; add 'collections: pb_schema.json' (the server's exported collections)"
            )
        }
        // A fresh server's auth collections exist even when the export leaves them out.
        let builtins = [PocketBaseCollection.users, .superusers].filter { builtin in
            !schema.collections.contains { $0.name == builtin.name }
        }
        let collections = schema.collections + builtins
        let name: String
        switch subject {
        case .endpoint(let request):
            guard let route = RecordsRoute(request) else {
                let known = schema.collections.flatMap { RecordsRoute.templates(for: $0.name) }
                throw .unknownEndpoint(request.description, suggestion: nil, known: known)
            }
            name = route.collection
            isList = route.isList
            contextDescription = route.description
        case .records(let collection):
            name = collection
            isList = false
            contextDescription = "records of \(collection)"
        }
        guard let collection = collections.first(where: { $0.name == name || $0.id == name }) else {
            let names = collections.map(\.name)
            let hint = Suggestion.closest(to: name, among: names).map { " (did you mean '\($0)'?)" } ?? ""
            throw .unusableContract(
                "the collections of \(file.reference) have no '\(name)'\(hint); they are: \(names.joined(separator: ", "))"
            )
        }
        self.collection = collection
        self.conformance = PocketBaseConformance(collections: collections, callerSeesEmails: true)
        self.options = options
    }

    mutating func check(_ bytes: UnsafeBufferPointer<UInt8>, name: String) -> PayloadResult {
        DocumentPayloadCheck.check(bytes, name: name, options: options) { value in
            if isList {
                return (
                    conformance.checkList(value, collection: collection),
                    value.objectValue?["items"]?.arrayValue?.count ?? 0
                )
            }
            if let items = value.arrayValue {
                let violations = items.enumerated().flatMap { index, item in
                    conformance.checkRecord(item, collection: collection, at: JSONPointer.root.appending(index: index))
                }
                return (violations, items.count)
            }
            return (conformance.checkRecord(value, collection: collection), 1)
        }
    }
}

/// A records route of the PocketBase API, read from `METHOD /api/collections/{name}/records…`.
struct RecordsRoute: CustomStringConvertible {
    let method: String
    let collection: String
    let isList: Bool

    init?(_ request: EndpointRequest) {
        guard !request.method.isEmpty else { return nil }
        method = request.method
        let segments = request.path.split(separator: "/").map { PercentDecoding.decode($0) }
        guard segments.count == 4 || segments.count == 5, segments[0] == "api", segments[1] == "collections",
            segments[3] == "records"
        else { return nil }
        collection = segments[2]
        switch (method, segments.count) {
        case ("GET", 4): isList = true
        case ("POST", 4), ("GET", 5), ("PATCH", 5): isList = false
        default: return nil
        }
    }

    var description: String {
        "\(method) /api/collections/\(collection)/records\(isList || method == "POST" ? "" : "/{id}")"
    }

    static func templates(for collection: String) -> [String] {
        let base = "/api/collections/\(collection)/records"
        return ["GET \(base)", "GET \(base)/{id}", "POST \(base)", "PATCH \(base)/{id}"]
    }
}
