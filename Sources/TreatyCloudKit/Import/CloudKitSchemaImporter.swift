internal import TreatyCore
public import TreatyDialectKit
internal import TreatyJSON

/// Drafts a `cloudkit` contract's `container:` section from a CloudKit Schema Language file
/// (`cktool export-schema`'s `.ckdb`, `treaty import cloudkit schema.ckdb`).
///
/// Each `RECORD TYPE` becomes a record type with its fields (`LIST<T>` as `T_LIST`, `ASSET` as
/// `ASSETID`, `QUERYABLE`/`SORTABLE`/`SEARCHABLE` as `indexes`); system fields (`___recordID`,
/// `___createTime`, …) are CloudKit's own and left out. What the file cannot say becomes a
/// `# review:` note: the container identifier, the record type a `REFERENCE` points to, and the
/// security roles and grants, which the contract does not model, and the simulator's API token
/// and signed-in user it adds (the file names neither). A statement it cannot read is
/// an error at its line and column, and the rest is imported.
public struct CloudKitSchemaImporter: ContractImporter {
    /// The largest file read (1 MiB; schema files are a few kilobytes).
    public var maxFileSize: Int

    /// Creates an importer.
    ///
    /// - Parameter maxFileSize: The largest file read, in bytes.
    public init(maxFileSize: Int = 1024 * 1024) {
        self.maxFileSize = maxFileSize
    }

    public var format: String { "cloudkit" }

    public var summary: String { "a CloudKit Schema Language file (.ckdb) → a cloudkit contract's container" }

    /// Schema files, as `cktool export-schema` names them.
    public var fileExtensions: [String] { ["ckdb"] }

    public func importContract(fileAt path: String, api: String?) -> ContractImport {
        let base = path.split(separator: "/").last.map { String($0.split(separator: ".").first ?? $0) } ?? "schema"
        let name = api ?? NamingConvention.words(of: base).joined(separator: "-")
        let text: String
        switch BoundedFile.read(
            path, limit: maxFileSize, what: "schema file", fix: "pass the schema 'cktool export-schema' writes")
        {
        case .bytes(let bytes):
            guard let decoded = String(validating: bytes, as: UTF8.self) else {
                return ContractImport(
                    api: name, contractText: nil,
                    diagnostics: [.error("invalid-utf8", "the file is not valid UTF-8", at: SourceLocation(file: path))]
                )
            }
            text = decoded
        case .refused(let diagnostic):
            return ContractImport(api: name, contractText: nil, diagnostics: [diagnostic])
        }
        var parser = CloudKitSchemaLanguageParser(file: path, text: text)
        parser.parse()
        let draft = CloudKitContainerDraft(api: name, source: path, parser: parser)
        return ContractImport(
            api: name, contractText: draft.yaml(),
            counts: [
                .init("record types", draft.recordTypes.count), .init("fields", draft.fieldCount),
                .init("review notes", draft.reviewNotes),
            ],
            diagnostics: parser.diagnostics + draft.diagnostics)
    }
}
