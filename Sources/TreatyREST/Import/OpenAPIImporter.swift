public import TreatyCore
public import TreatyDialectKit
internal import TreatyJSON

/// Drafts a rest-sync contract from an OpenAPI 3.0 or 3.1 document (`treaty import openapi`).
///
/// Component schemas with an identity property (`id`, `gid`, `uuid`, `sid`) become resources;
/// their properties become typed fields (formats, enums, bounds and lengths), `required` and
/// `nullable` / `type: [.., "null"]` the field's null-vs-missing rules, references to another
/// resource relations (`<name>_id` keys as foreign keys, embedded objects as `shape: nested`,
/// to-one and to-many), and path templates endpoints with their parent scope and identity. The
/// naming convention is the one every key follows (`any` when they mix). What OpenAPI cannot say
/// (who assigns ids, sync metadata and tombstones, ordering) becomes a `# review:` note on the
/// line it concerns.
///
/// The document is read with located nodes (not OpenAPIKit, whose decoding keeps no line numbers
/// and stops at the first construct it cannot read), bounded like every file Treaty reads: a
/// document that is not OpenAPI 3.0/3.1 is an error; an external, circular or dangling `$ref`, a
/// `oneOf` of unrelated shapes or an `additionalProperties` map is a warning at its line and JSON
/// pointer, and the rest is imported; everything left out is a note with its pointer.
public struct OpenAPIImporter: ContractImporter {
    /// The limits applied to the document: published OpenAPI documents reach a few megabytes,
    /// so the default is larger than a contract's (16 MiB, 64 levels, 4,000,000 nodes).
    public var limits: SourceLimits

    /// Creates an importer.
    ///
    /// - Parameter limits: The limits applied to the document.
    public init(limits: SourceLimits = SourceLimits(maxFileSize: 16 * 1024 * 1024, maxDepth: 64, maxNodes: 4_000_000)) {
        self.limits = limits
    }

    public var format: String { "openapi" }

    public var summary: String { "an OpenAPI 3.0 or 3.1 document (YAML or JSON) → a draft rest-sync contract" }

    /// YAML and JSON documents.
    public var fileExtensions: [String] { ["yaml", "yml", "json"] }

    public func importContract(fileAt path: String, api: String?) -> ContractImport {
        let fallbackName = Self.apiName(fromWords: NamingConvention.words(of: Self.baseName(of: path))) ?? "api"
        let read = YAMLValueReader.readNodes(fileAt: path, limits: limits)
        guard let (root, text) = read.document else {
            return ContractImport(api: api ?? fallbackName, contractText: nil, diagnostics: read.diagnostics)
        }
        let versionCheck = Self.version(of: root, file: path, text: text)
        guard let version = versionCheck.version else {
            return ContractImport(api: api ?? fallbackName, contractText: nil, diagnostics: versionCheck.diagnostics)
        }
        let document = OpenAPIDocument(file: path, root: root, text: text, version: version)
        let title = root[member: "info"]?[member: "title"]?.text.flatMap {
            Self.apiName(fromWords: NamingConvention.words(of: $0))
        }
        var drafting = OpenAPIDrafting(document: document, api: api ?? title ?? fallbackName)
        let draft = drafting.draft()
        let contractText = draft.yaml()
        let vocabulary = ContractVocabulary([RESTSyncPlugin().vocabularyEntry])
        let fixtures =
            ContractLoader(vocabulary: vocabulary).load(text: contractText, file: "contract.yaml").contract.map {
                OpenAPIFixtureDrafting(contract: $0, examples: drafting.examples).files()
            } ?? []
        let fieldCount = draft.resources.reduce(0) { $0 + $1.fields.count }
        let relationCount = draft.resources.reduce(0) { sum, resource in
            sum + resource.fields.count { $0.value.hasPrefix("{ to: ") }
        }
        return ContractImport(
            api: draft.api, contractText: contractText, fixtures: fixtures,
            counts: [
                .init("resources", draft.resources.count), .init("fields", fieldCount),
                .init("relationships", relationCount), .init("endpoints", draft.endpoints.count),
                .init("review notes", draft.reviewNotes), .init("fixtures", fixtures.count),
                .init("skipped", drafting.skipped),
            ],
            diagnostics: drafting.diagnostics)
    }

    /// The `openapi:` version when it is 3.0 or 3.1, else the error that says why not.
    static func version(of root: SourceNode, file: String, text: String) -> (
        version: String?, diagnostics: [Diagnostic]
    ) {
        func failure(_ message: String, at node: SourceNode, pointer: JSONPointer, fix: String) -> (
            String?, [Diagnostic]
        ) {
            (
                nil,
                [
                    Diagnostic(
                        severity: .error, rule: "openapi-version", message: message,
                        location: SourceLocation(file: file, line: node.line, column: node.column), pointer: pointer,
                        fix: fix,
                        snippet: SourceSnippet.make(text: text[...], line: node.line, column: node.column))
                ]
            )
        }
        guard root.isMapping else {
            return failure(
                "the document is not OpenAPI: its top level is not a mapping", at: root, pointer: .root,
                fix: "pass an OpenAPI 3.0 or 3.1 document")
        }
        if let swagger = root[member: "swagger"] {
            return failure(
                "Swagger \(swagger.text ?? "2.0") is not supported, only OpenAPI 3.0 and 3.1", at: swagger,
                pointer: JSONPointer(tokens: ["swagger"]),
                fix: "convert it to OpenAPI 3 first (e.g. with swagger2openapi)")
        }
        guard let node = root[member: "openapi"], let version = node.text else {
            return failure(
                "the document is not OpenAPI: it has no 'openapi:' version", at: root, pointer: .root,
                fix: "pass an OpenAPI 3.0 or 3.1 document")
        }
        guard version.hasPrefix("3.0") || version.hasPrefix("3.1") else {
            return failure(
                "OpenAPI \(version) is not supported, only 3.0 and 3.1", at: node,
                pointer: JSONPointer(tokens: ["openapi"]), fix: "pass an OpenAPI 3.0 or 3.1 document")
        }
        return (version, [])
    }

    /// An `api:` name from words: lower-case, joined by `-`, letters and digits only.
    static func apiName(fromWords words: [String]) -> String? {
        let cleaned = words.map {
            String($0.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) })
        }
        .filter { !$0.isEmpty }
        return cleaned.isEmpty ? nil : cleaned.joined(separator: "-")
    }

    private static func baseName(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.split(separator: ".").first.map(String.init) ?? name
    }
}
