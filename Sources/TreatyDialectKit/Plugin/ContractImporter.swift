public import TreatyCore

/// Drafts a contract of its dialect from a description a team already has (an OpenAPI
/// document, a schema export), for `treaty import <format> FILE`.
///
/// Conformers must guarantee that ``importContract(fileAt:api:)`` never throws or prints: every
/// part of the input it cannot read or carry over is a located ``TreatyCore/Diagnostic`` (file,
/// line, JSON pointer) and the rest is still imported; that the input is read with bounded size
/// and nesting, like every file Treaty reads; and that the contract text it returns loads in its
/// dialect and passes `treaty lint` whenever the diagnostics hold no error.
public protocol ContractImporter: Sendable {
    /// The word after `treaty import` that selects this importer, e.g. `openapi`; unique among the
    /// registry's importers.
    var format: String { get }

    /// One line for help texts.
    var summary: String { get }

    /// The file name extensions (without the dot, lower-case) of the files it reads, by which
    /// `treaty init --from FILE` finds it when no dialect is named; none by default.
    var fileExtensions: [String] { get }

    /// Drafts a contract from the file at `path`.
    ///
    /// - Parameters:
    ///   - path: The file to read.
    ///   - api: The contract's `api:` name, or `nil` to derive one from the document.
    /// - Returns: The draft (contract text, fixtures, counts) and every finding.
    func importContract(fileAt path: String, api: String?) -> ContractImport
}

extension ContractImporter {
    /// No extensions: the importer is chosen by its format or its dialect only.
    public var fileExtensions: [String] { [] }
}

/// What a ``ContractImporter`` drafted: the contract's text, fixture files, counts for the
/// summary line, and every finding.
public struct ContractImport: Sendable {
    /// The contract's `api:` name, which also names the folders it goes to.
    public var api: String
    /// The contract file's text (YAML with review notes as comments), or `nil` when nothing could
    /// be imported.
    public var contractText: String?
    /// Fixture files drafted from the document's examples, relative to the fixture directory.
    public var fixtures: [ImportedFile]
    /// What was imported, for the summary line: e.g. `("resources", 12)`, in a fixed order.
    public var counts: [Count]
    /// Every finding: what was skipped or could not be read, with its place in the input.
    public var diagnostics: [Diagnostic]

    /// One count of the summary line.
    public struct Count: Sendable, Hashable {
        /// What is counted, plural (`resources`, `review notes`).
        public var what: String
        /// How many.
        public var value: Int

        /// Creates a count.
        public init(_ what: String, _ value: Int) {
            self.what = what
            self.value = value
        }
    }

    /// Creates a result.
    public init(
        api: String, contractText: String?, fixtures: [ImportedFile] = [], counts: [Count] = [],
        diagnostics: [Diagnostic] = []
    ) {
        self.api = api
        self.contractText = contractText
        self.fixtures = fixtures
        self.counts = counts
        self.diagnostics = diagnostics
    }

    /// The count of `what`, or 0.
    public func count(of what: String) -> Int {
        counts.first { $0.what == what }?.value ?? 0
    }
}

/// One file an importer or a dialect's starter project (``DialectDescription/starter(api:)``)
/// drafted.
public struct ImportedFile: Sendable, Hashable {
    /// The path relative to the directory it goes to, e.g. `task.json`.
    public var relativePath: String
    /// The file's text.
    public var text: String

    /// Creates a file.
    public init(relativePath: String, text: String) {
        self.relativePath = relativePath
        self.text = text
    }
}
