internal import TreatyCore
internal import TreatyJSON

/// One run of ``PocketBaseSchemaLoader`` over one document.
struct SchemaLoadSession {
    let file: String
    let text: String
    private let locator: JSONSourceLocator
    private var diagnostics: [Diagnostic] = []

    init(file: String, text: String) {
        self.file = file
        self.text = text
        locator = JSONSourceLocator(text: text)
    }

    mutating func run() -> PocketBaseSchemaLoadResult {
        let document: JSONValue
        do {
            document = try JSONParser().parse(text)
        } catch {
            var diagnostic = Diagnostic.error(
                "json-syntax", error.message,
                at: SourceLocation(file: file, line: error.position.line, column: error.position.column),
                fix: "fix the JSON; PocketBase exports are plain JSON arrays")
            diagnostic.snippet = SourceSnippet.make(
                text: text[...], line: error.position.line, column: error.position.column)
            return PocketBaseSchemaLoadResult(file: file, diagnostics: [diagnostic])
        }
        guard let (elements, base) = collectionElements(of: document) else {
            return PocketBaseSchemaLoadResult(file: file, diagnostics: diagnostics)
        }
        var decoder = SchemaDecoder()
        var decoded: [(collection: PocketBaseCollection, pointer: JSONPointer)] = []
        for (index, element) in elements.enumerated() {
            let pointer = base.appending(index: index)
            if let collection = decoder.collection(element, at: pointer) {
                decoded.append((collection, pointer))
                checkIdentity(
                    of: element, collection: collection, at: pointer, invalidType: decoder.invalidTypes[pointer])
            }
        }
        diagnostics += decoder.issues.map(diagnostic(for:))
        let all = decoded.map(\.collection)
        // A field in the pre-0.23 shape fails its settings only because of that shape; say it once.
        let legacyFields = Set(decoder.issues.filter { $0.kind == .legacyShape }.map(\.pointer.parent))
        for (position, entry) in decoded.enumerated() {
            let validator = CollectionValidator(
                existing: Array(all[..<position]), relationTargets: all, invalidType: nil, requiresSystemFields: false)
            for error in validator.validate(entry.collection) {
                if error.path.count > 2, error.path[0] == "fields",
                    legacyFields.contains(entry.pointer.appending("fields").appending(error.path[1]))
                {
                    continue
                }
                diagnostics.append(diagnostic(for: error, in: entry.collection, at: entry.pointer, all: all))
            }
        }
        diagnostics.sort { ($0.location ?? SourceLocation(file: file)) < ($1.location ?? SourceLocation(file: file)) }
        return PocketBaseSchemaLoadResult(
            file: file, collections: all.map { $0.normalized() }, diagnostics: diagnostics)
    }

    /// The array of collections, accepting a bare array, `{"collections": […]}` or `{"items": […]}`.
    private mutating func collectionElements(of document: JSONValue) -> ([JSONValue], JSONPointer)? {
        switch document {
        case .array(let elements):
            return (elements, .root)
        case .object(let object):
            for key in ["collections", "items"] {
                if case .array(let elements)? = object[key] { return (elements, JSONPointer.root.appending(key)) }
            }
            let looksLikeCollection =
                object.containsKey("name") && (object.containsKey("fields") || object.containsKey("schema"))
            append(
                .error(
                    "pocketbase-not-a-collection-list",
                    looksLikeCollection
                        ? "the document is a single collection, not a list of collections"
                        : "the document is an object without a 'collections' list",
                    at: .root,
                    fix: looksLikeCollection
                        ? "wrap the collection in [ ]"
                        : "use PocketBase's 'Export collections' output: a JSON array of collections"))
            return nil
        default:
            append(
                .error(
                    "pocketbase-not-a-collection-list",
                    "the document is \(SchemaDecoder.describe(document)), not a list of collections", at: .root,
                    fix: "use PocketBase's 'Export collections' output: a JSON array of collections"))
            return nil
        }
    }

    /// Errors for a missing name or id, and an unknown collection type.
    private mutating func checkIdentity(
        of element: JSONValue, collection: PocketBaseCollection, at pointer: JSONPointer, invalidType: String?
    ) {
        guard case .object(let object) = element else { return }
        if let invalidType {
            let names = PocketBaseCollectionType.allCases.map(\.rawValue)
            var diagnostic = Diagnostic.error(
                "pocketbase-unknown-collection-type", "unknown collection type '\(invalidType)'",
                at: pointer.appending("type"), fix: "write one of base, auth, view")
            if let suggestion = Suggestion.closest(to: invalidType, among: names) {
                diagnostic.details = ["did you mean '\(suggestion)'?"]
            }
            append(diagnostic)
        }
        if case .string(let id)? = object["id"], !id.isEmpty { return }
        guard !collection.name.isEmpty else { return }
        append(
            .error(
                "pocketbase-missing-id", "collection '\(collection.name)' has no 'id'",
                at: pointer,
                details: ["PocketBase's import matches collections by id; exports always carry one"],
                fix: "add \"id\": \"\(collection.id)\" (the id PocketBase would give it)"))
    }

    /// Keeps `diagnostic`, located from its pointer.
    private mutating func append(_ diagnostic: Diagnostic) {
        diagnostics.append(located(diagnostic, at: diagnostic.pointer ?? .root))
    }

    /// A diagnostic at `pointer`, with its line, column and snippet.
    /// When the pointer names a key that is absent, the nearest present parent is shown.
    func located(_ diagnostic: Diagnostic, at pointer: JSONPointer) -> Diagnostic {
        locator.locate(diagnostic, at: pointer, file: file, text: text)
    }

    private func diagnostic(for issue: SchemaIssue) -> Diagnostic {
        let base = Diagnostic(
            severity: issue.isError ? .error : .warning, rule: issue.rule, message: issue.message,
            details: issue.details, fix: issue.fix)
        return located(base, at: issue.pointer)
    }
}

extension Diagnostic {
    /// An error whose location is filled in later from `pointer`.
    fileprivate static func error(
        _ rule: RuleID, _ message: String, at pointer: JSONPointer, details: [String] = [], fix: String? = nil
    ) -> Diagnostic {
        Diagnostic(severity: .error, rule: rule, message: message, pointer: pointer, details: details, fix: fix)
    }
}
