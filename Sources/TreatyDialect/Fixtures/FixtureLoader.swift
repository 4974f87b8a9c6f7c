public import TreatyCore
import TreatyJSON
import TreatyRules

/// Loads a fixture set from `Fixtures/<set>/` and checks every record against the contract.
///
/// Each resource's records live in `<resource>.json` or `<resource>.yaml` (the resource's
/// name, e.g. `task.json`): an array of records keyed by the contract's declared keys, exactly
/// as a GET returns them. Every file is checked with the same rules as `treaty check --resource`; a record that
/// breaks one is refused with the same compiler-style diagnostics, and so is a file named after
/// no resource.
public struct FixtureLoader: Sendable {
    /// The largest fixture file accepted, in bytes.
    public var maxFileSize: Int

    /// Creates a loader.
    ///
    /// - Parameter maxFileSize: The largest fixture file accepted (default
    ///   ``FixtureLimits/defaultMaxFileSize``).
    public init(maxFileSize: Int = FixtureLimits.defaultMaxFileSize) {
        self.maxFileSize = maxFileSize
    }

    /// What loading produced: the set when nothing is wrong, and every diagnostic.
    public struct Result: Sendable {
        /// The fixtures, when every file loaded and conforms.
        public var fixtures: FixtureSet?
        /// Errors and warnings, grouped by file.
        public var diagnostics: [Diagnostic]
    }

    /// Loads every `.json`, `.yaml` and `.yml` file in `directory` for `contract`.
    public func load(directory: String, for contract: Contract) -> Result {
        let walker = FixtureDirectory(
            path: directory, extensions: [".json", ".yaml", ".yml"], maxFileSize: maxFileSize,
            fix: "pass --fixtures with the folder holding <resource>.json files")
        let listing = walker.list()
        var diagnostics = listing.diagnostics
        var fixtures = FixtureSet()
        for file in listing.files {
            let resource = file.stem
            guard contract.resource(named: resource) != nil else {
                let known = contract.resources.map(\.name)
                diagnostics.append(
                    .error(
                        "unknown-resource", "fixture file names no resource of the contract",
                        at: SourceLocation(file: file.path),
                        details: Suggestion.closest(to: resource, among: known).map { ["did you mean '\($0).json'?"] }
                            ?? [],
                        fix: "name fixture files after resources: \(known.map { "\($0).json" }.joined(separator: ", "))"
                    ))
                continue
            }
            guard fixtures.records[resource] == nil else {
                diagnostics.append(
                    .error(
                        "duplicate-fixture", "'\(resource)' has more than one fixture file",
                        at: SourceLocation(file: file.path),
                        fix: "keep one of \(resource).json and \(resource).yaml"))
                continue
            }
            let (records, found) =
                file.fileExtension == ".json"
                ? loadFile(file, walker: walker, resource: resource, contract: contract)
                : loadYAML(file.path, displayName: file.path, resource: resource, contract: contract)
            diagnostics += found
            if let records { fixtures.records[resource] = records }
        }
        return Result(fixtures: diagnostics.containsErrors ? nil : fixtures, diagnostics: diagnostics)
    }

    private func loadYAML(
        _ path: String,
        displayName: String,
        resource: String,
        contract: Contract
    ) -> ([JSONObject]?, [Diagnostic]) {
        let (value, diagnostics) = YAMLValueReader.read(
            fileAt: path, limits: SourceLimits(maxFileSize: maxFileSize, maxDepth: 64, maxNodes: 50_000_000))
        guard let value else { return (nil, diagnostics.map { Self.named($0, displayName) }) }
        guard let items = value.arrayValue else {
            return (
                nil,
                [
                    .error(
                        "invalid-fixture", "a fixture file holds a list of records",
                        at: SourceLocation(file: displayName),
                        fix: "write the records as a YAML list ('- id: …')")
                ]
            )
        }
        guard let plan = try? CheckPlan(contract: contract, target: .resource(resource)) else { return (nil, []) }
        var checker = ConformanceChecker(plan: plan)
        let found = checker.check(payload: value).map {
            $0.diagnostic(file: displayName, context: "fixture of '\(resource)'")
        }
        return (items.compactMap(\.objectValue), found)
    }

    private static func named(_ diagnostic: Diagnostic, _ file: String) -> Diagnostic {
        var copy = diagnostic
        copy.location?.file = file
        return copy
    }

    private func loadFile(
        _ file: FixtureDirectory.File,
        walker: FixtureDirectory,
        resource: String,
        contract: Contract
    ) -> ([JSONObject]?, [Diagnostic]) {
        let displayName = file.path
        let data: [UInt8]
        switch walker.read(file) {
        case .bytes(let bytes): data = bytes
        case .refused(let diagnostic): return (nil, [diagnostic])
        }
        let plan: CheckPlan
        do {
            plan = try CheckPlan(contract: contract, target: .resource(resource))
        } catch {
            return (nil, [.error("unknown-resource", "\(error)", at: SourceLocation(file: displayName))])
        }
        var check = PayloadCheck(plan: plan)
        let result = check.check(data, name: displayName)
        if let failure = result.failure { return (nil, [failure]) }
        var diagnostics = result.violations.map {
            $0.diagnostic(file: displayName, context: "fixture of '\(resource)'")
        }
        // Records with the declared keys in order are packed under the resource's shape
        // straight from the file's bytes, so the fixtures (which the backend keeps for resets)
        // and the store share the packed values, with no tree in between.
        let shape = contract.resource(named: resource).flatMap { ResourceModel($0, contract: contract).shape }
        var records: [JSONObject] = []
        let top = try? JSONParser().parse(data, packingObjectsIn: shape) { element in
            if let object = element.value.objectValue { records.append(object) }
        }
        guard case .array? = top else {
            diagnostics.append(
                .error(
                    "invalid-fixture", "a fixture file holds a JSON array of records",
                    at: SourceLocation(file: displayName),
                    fix: "wrap the records in [ … ]"))
            return (nil, diagnostics)
        }
        return (records, diagnostics)
    }
}
