public import TreatyCore
public import TreatyJSON
internal import TreatyRules

/// What a dialect is and what it offers: its name, the contract sections and endpoint kinds it
/// adds, its options, the environment it reads and its rules.
///
/// Conformers must guarantee that every member is a constant of the type (no global state, no
/// file access), so `treaty dialects`, help texts and the registry's
/// ``DialectRegistry/contractVocabulary`` can read them at any time from any thread.
public protocol DialectDescription: Sendable {
    /// The name contracts give in `dialect:` and `treaty serve --dialect` takes; unique in a
    /// registry.
    var id: DialectID { get }

    /// One line for `treaty dialects` and help texts.
    var summary: String { get }

    /// The top-level contract keys only this dialect reads, besides the common ones (`api`,
    /// `dialect`, `naming`, `resources`, …), e.g. a section declaring its schema. The loader
    /// keeps them in ``TreatyCore/Contract/sections`` for the dialect to decode, and refuses them
    /// in contracts of other dialects.
    var sectionKeys: [String] { get }

    /// The endpoint kinds this dialect serves besides ``TreatyCore/Endpoint/Kind/records``;
    /// the loader refuses other kinds in its contracts.
    var endpointKinds: Set<Endpoint.Kind> { get }

    /// The `treaty serve` options this dialect takes, besides the common ones: a
    /// ``DialectOptions`` struct (for PocketBase, `--collections FILE`), or
    /// ``NoDialectOptions``. `treaty serve` parses them once and the schema's
    /// ``BackendProviding/makeBackend(_:options:)`` receives the typed value, so the schema's
    /// ``BackendProviding/ServeOptions`` must be this type (the conformance suite checks).
    associatedtype ServeOptions: DialectOptions = NoDialectOptions

    /// The `treaty verify` options its generated suites take, besides the common ones (for
    /// FileMaker, `--database NAME`), or ``NoDialectOptions``; the schema's
    /// ``SuiteGenerating/suites(environment:options:)`` receives them, so its
    /// ``SuiteGenerating/VerifyOptions`` must be this type.
    associatedtype VerifyOptions: DialectOptions = NoDialectOptions

    /// The environment variables its generated suites read against a live target.
    var environmentVariables: [EnvironmentVariable] { get }

    /// Every rule of the dialect, with its meaning, whether `treaty check` judges it and the
    /// broken backends that prove it; `treaty rules` lists it with the generated cases that name
    /// each rule. Every rule id a generated case names is in it.
    var ruleCatalog: RuleCatalog { get }

    /// The importers that draft a contract of this dialect from another description (`treaty
    /// import <format>`); none by default.
    var importers: [any ContractImporter] { get }

    /// The contract's API as this dialect serves it, as an OpenAPI 3.1 document (`treaty export
    /// openapi`), or `nil` when the dialect cannot describe it (the default).
    ///
    /// - Parameter contract: A contract of this dialect.
    /// - Returns: The document, or `nil`.
    func openAPIDocument(of contract: Contract) -> JSONValue?

    /// A small, commented starter project of this dialect for `treaty init`: the contract, any
    /// file it names, fixtures and a scenario file, or none (the default).
    ///
    /// Conformers must guarantee that the files, written into an empty directory, pass `treaty
    /// lint`, `treaty check --fixtures` and `treaty verify` against the simulator there.
    ///
    /// - Parameter api: The contract's `api:` name.
    /// - Returns: The files, with paths relative to the project's root: `Contracts/<api>/…`
    ///   (with a scenario under `Contracts/<api>/suites/`) and `Fixtures/<api>/…`.
    func starter(api: String) -> [ImportedFile]

    /// A scenario file for a contract this dialect's importer drafted, for `treaty init --from`,
    /// or `nil` when the dialect writes none (the default).
    ///
    /// Conformers must guarantee that the scenario passes `treaty verify` against the simulator
    /// loaded with the importer's fixtures (none, when the input had no examples).
    ///
    /// - Parameter contract: The imported contract, loaded.
    /// - Returns: The file, with its path relative to the contract's `suites/` directory.
    func starterScenario(for contract: Contract) -> ImportedFile?
}

extension DialectDescription {
    /// Records endpoints only.
    public var endpointKinds: Set<Endpoint.Kind> { [] }

    /// No importers.
    public var importers: [any ContractImporter] { [] }

    /// No OpenAPI export.
    public func openAPIDocument(of contract: Contract) -> JSONValue? { nil }

    /// No starter project.
    public func starter(api: String) -> [ImportedFile] { [] }

    /// No scenario for imported contracts.
    public func starterScenario(for contract: Contract) -> ImportedFile? { nil }

    /// What the dialect adds to the contract format, for the ``DialectRegistry``'s
    /// ``DialectRegistry/contractVocabulary``.
    public var vocabularyEntry: ContractVocabulary.Dialect {
        ContractVocabulary.Dialect(id: id, sectionKeys: sectionKeys, endpointKinds: endpointKinds)
    }
}
