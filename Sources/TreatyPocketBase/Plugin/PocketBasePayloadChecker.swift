internal import Foundation
internal import TreatyCore
internal import TreatyDialect
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
    /// The top-level keys the request's `fields=` keeps, or `nil` when it asks for every key.
    let selected: Set<String>?
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
            selected = Self.selection(request.query)
            contextDescription = route.description
        case .records(let collection):
            name = collection
            isList = false
            selected = nil
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
                    conformance.checkList(value, collection: collection, selected: selected),
                    value.objectValue?["items"]?.arrayValue?.count ?? 0
                )
            }
            if let items = value.arrayValue {
                let violations = items.enumerated().flatMap { index, item in
                    conformance.checkRecord(
                        item, collection: collection, at: JSONPointer.root.appending(index: index), selected: selected)
                }
                return (violations, items.count)
            }
            return (conformance.checkRecord(value, collection: collection, selected: selected), 1)
        }
    }

    /// The top-level keys of a query's `fields=` (`id,title,expand.tag.name`, `*`, a modifier
    /// such as `:excerpt(200)`), or `nil` when there is none or it keeps every key (`*`).
    static func selection(_ query: String?) -> Set<String>? {
        guard let query else { return nil }
        let items = QueryItem.parse(query, plusAsSpace: true)
        guard let fields = items.last(where: { $0.name == "fields" })?.value, !fields.isEmpty else { return nil }
        var keys = Set<String>()
        for entry in fields.split(separator: ",") {
            let name = entry.trimmingCharacters(in: .whitespaces)
            let top = name.split(separator: ".", maxSplits: 1).first.map(String.init) ?? name
            let key = top.split(separator: ":", maxSplits: 1).first.map(String.init) ?? top
            if key == "*" { return nil }
            keys.insert(key)
        }
        return keys
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
