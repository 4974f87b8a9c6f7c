internal import Foundation

/// Loads contracts from YAML or JSON files, with every problem reported as a located
/// ``Diagnostic``.
///
/// ```swift
/// let result = ContractLoader(vocabulary: registry.contractVocabulary)
///     .load(fileAt: "Contracts/demo/contract.yaml")
/// guard let contract = result.contract else {
///     print(DiagnosticRenderer().render(result.diagnostics))
///     return
/// }
/// ```
public struct ContractLoader: Sendable {
    /// The dialects a contract may name, and the sections each owns.
    public var vocabulary: ContractVocabulary
    /// The limits applied to every file.
    public var limits: SourceLimits

    /// Creates a loader.
    ///
    /// - Parameters:
    ///   - vocabulary: The dialects a contract may name (the tools pass their registry's).
    ///   - limits: The limits applied to every file.
    public init(vocabulary: ContractVocabulary, limits: SourceLimits = SourceLimits()) {
        self.vocabulary = vocabulary
        self.limits = limits
    }

    /// Loads one contract file.
    ///
    /// - Parameter path: A `.yaml`, `.yml` or `.json` file, or a contract's directory
    ///   (`Contracts/demo/`), which stands for the `contract.yaml` (`.yml`, `.json`) in it, or
    ///   for the only contract under it.
    /// - Returns: The contract, when the file has no errors, and every diagnostic found.
    public func load(fileAt path: String) -> ContractLoadResult {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return loadDirectory(path)
        }
        let reader = SourceDocumentReader(limits: limits)
        do {
            let (node, text) = try reader.read(fileAt: path)
            return decode(node, text: text, file: path)
        } catch {
            guard case .diagnostic(let diagnostic) = error else { return ContractLoadResult(file: path) }
            return ContractLoadResult(file: path, diagnostics: [diagnostic])
        }
    }

    /// Loads a contract from text, naming it `file` in diagnostics.
    public func load(text: String, file: String) -> ContractLoadResult {
        let reader = SourceDocumentReader(limits: limits)
        do {
            let (node, text) = try reader.read(bytes: Array(text.utf8), file: file)
            return decode(node, text: text, file: file)
        } catch {
            guard case .diagnostic(let diagnostic) = error else { return ContractLoadResult(file: file) }
            return ContractLoadResult(file: file, diagnostics: [diagnostic])
        }
    }

    /// Loads every contract under `paths`: files are loaded as given; directories are searched
    /// recursively for `.yaml`, `.yml` and `.json` files, skipping `suites/` folders (scenario
    /// files), hidden entries and the files a contract's dialect section names directly
    /// (``Contract/sections`` whose value is a path, such as a schema export).
    /// Results are sorted by path.
    public func loadAll(paths: [String]) -> [ContractLoadResult] {
        var results: [ContractLoadResult] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                results.append(
                    ContractLoadResult(
                        file: path,
                        diagnostics: [
                            .error(
                                "unreadable-file", "no such file or directory", at: SourceLocation(file: path),
                                fix: "check the path")
                        ]))
                continue
            }
            guard isDirectory.boolValue else {
                results.append(load(fileAt: path))
                continue
            }
            let files = Self.contractFiles(under: path)
            if files.isEmpty {
                results.append(
                    ContractLoadResult(
                        file: path,
                        diagnostics: [
                            .error(
                                "no-contracts", "no contract files (.yaml, .yml, .json) in this directory",
                                at: SourceLocation(file: path))
                        ]))
            }
            let loaded = files.map { file in
                ContractFileReference.refusal(of: file, leaving: path, what: "contract directory").map {
                    ContractLoadResult(file: file, diagnostics: [$0])
                } ?? load(fileAt: file)
            }
            // A file a contract's section names (a schema export) sits next to it and is not a
            // contract itself.
            let schemas = Set(loaded.flatMap { $0.contract.map(Self.namedFiles) ?? [] })
            results += loaded.filter { !schemas.contains(Self.standardized($0.file)) }
        }
        return results
    }

    /// The contract a directory stands for: its `contract.yaml` (`.yml`, `.json`), or the only
    /// contract under it.
    private func loadDirectory(_ directory: String) -> ContractLoadResult {
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        for name in ["contract.yaml", "contract.yml", "contract.json"]
        where FileManager.default.fileExists(atPath: base + name) {
            return load(fileAt: base + name)
        }
        let contracts = loadAll(paths: [directory])
        if contracts.count == 1, let only = contracts.first { return only }
        let found = contracts.map(\.file)
        return ContractLoadResult(
            file: directory,
            diagnostics: [
                .error(
                    found.isEmpty ? "no-contracts" : "ambiguous-contract",
                    found.isEmpty
                        ? "no contract files (.yaml, .yml, .json) in this directory"
                        : "this directory holds \(found.count) contracts: \(found.joined(separator: ", "))",
                    at: SourceLocation(file: directory),
                    fix: "name the contract file, or keep one 'contract.yaml' in the directory")
            ])
    }

    /// The files `contract`'s sections name as a bare path, resolved against its directory.
    private static func namedFiles(by contract: Contract) -> [String] {
        guard let file = contract.file else { return [] }
        let directory = (file as NSString).deletingLastPathComponent
        return contract.sections.values.compactMap { node in
            guard case .scalar(let reference, _) = node.value else { return nil }
            let path = reference.hasPrefix("/") ? reference : (directory.isEmpty ? "." : directory) + "/" + reference
            return standardized(path)
        }
    }

    private static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    private func decode(_ node: SourceNode, text: String, file: String) -> ContractLoadResult {
        var decoder = ContractDecoder(context: DecodingContext(file: file, text: text), vocabulary: vocabulary)
        let contract = decoder.decode(node)
        let diagnostics = decoder.context.diagnostics
        return ContractLoadResult(
            file: file, contract: diagnostics.containsErrors ? nil : contract, diagnostics: diagnostics, text: text)
    }

    /// Whether the file at `path` reads as a contract: a top-level `api:` key (a line starting
    /// `api:` in YAML, `"api":` in JSON) within its first 64 KiB. A directory walk loads only
    /// these, so fixtures, payloads and schemas beside the contracts are not linted as contracts.
    static func declaresAPI(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return true }
        defer { try? handle.close() }
        let head = String(decoding: (try? handle.read(upToCount: 64 * 1024)) ?? Data(), as: UTF8.self)
        if path.lowercased().hasSuffix(".json") {
            return head.range(of: #""api"\s*:"#, options: .regularExpression) != nil
        }
        return head.range(of: #"(^|\n)api\s*:"#, options: .regularExpression) != nil
    }

    static func contractFiles(under directory: String) -> [String] {
        let root = URL(fileURLWithPath: directory)
        guard
            let enumerator = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        else { return [] }
        var files: [String] = []
        for case let url as URL in enumerator {
            if url.lastPathComponent == "suites" {
                enumerator.skipDescendants()
                continue
            }
            guard ["yaml", "yml", "json"].contains(url.pathExtension.lowercased()), Self.declaresAPI(url.path) else {
                continue
            }
            let relative = url.path.dropFirst(root.path.count)
            files.append(directory.hasSuffix("/") ? directory + relative.dropFirst() : directory + relative)
        }
        return files.sorted()
    }
}

/// What loading one contract file produced.
public struct ContractLoadResult: Sendable {
    /// The file that was loaded.
    public var file: String
    /// The contract, when the file has no errors.
    public var contract: Contract?
    /// Every finding, errors and warnings.
    public var diagnostics: [Diagnostic]
    /// The file's text, for snippets in later diagnostics.
    public var text: String?

    /// Whether the file could not be read as a document at all (missing, too large, not
    /// UTF-8, YAML/JSON syntax, limits), as opposed to a readable contract with mistakes.
    public var isUnreadable: Bool {
        diagnostics.contains { Self.unreadableRules.contains($0.rule) }
    }

    static let unreadableRules: Set<RuleID> = [
        "unreadable-file", "file-too-large", "invalid-utf8", "empty-document", "too-deep", "too-many-nodes",
        "yaml-syntax", "duplicate-key", "invalid-key", "no-contracts", "ambiguous-contract",
    ]

    /// Creates a result.
    public init(file: String, contract: Contract? = nil, diagnostics: [Diagnostic] = [], text: String? = nil) {
        self.file = file
        self.contract = contract
        self.diagnostics = diagnostics
        self.text = text
    }
}
