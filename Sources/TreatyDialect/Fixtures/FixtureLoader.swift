internal import Foundation
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

    /// Loads every `.json` file in `directory` for `contract`.
    public func load(directory: String, for contract: Contract) -> Result {
        let url = URL(fileURLWithPath: directory)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            return Result(
                diagnostics: [
                    .error(
                        "unreadable-file",
                        "cannot read the fixture directory: \(PathCheck.problem(directory, expected: .directory) ?? "it is not readable")",
                        at: SourceLocation(file: directory),
                        fix: "pass --fixtures with the folder holding <resource>.json files")
                ])
        }
        var diagnostics: [Diagnostic] = []
        var fixtures = FixtureSet()
        let extensions = [".json", ".yaml", ".yml"]
        for name in names.sorted() where !name.hasPrefix(".") {
            guard let suffix = extensions.first(where: name.hasSuffix) else { continue }
            let file = url.appendingPathComponent(name).path
            let displayName = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            if let refusal = ContractFileReference.refusal(of: displayName, leaving: directory, what: "fixture directory") {
                diagnostics.append(refusal)
                continue
            }
            let resource = String(name.dropLast(suffix.count))
            guard contract.resource(named: resource) != nil else {
                let known = contract.resources.map(\.name)
                diagnostics.append(
                    .error(
                        "unknown-resource", "fixture file names no resource of the contract",
                        at: SourceLocation(file: displayName),
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
                        at: SourceLocation(file: displayName),
                        fix: "keep one of \(resource).json and \(resource).yaml"))
                continue
            }
            let (records, found) =
                suffix == ".json"
                ? loadFile(file, displayName: displayName, resource: resource, contract: contract)
                : loadYAML(file, displayName: displayName, resource: resource, contract: contract)
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
        _ path: String,
        displayName: String,
        resource: String,
        contract: Contract
    ) -> ([JSONObject]?, [Diagnostic]) {
        let data: [UInt8]
        switch BoundedFile.read(
            path, limit: maxFileSize, what: "fixture file", shownAs: displayName, fix: FixtureLimits.fix)
        {
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
        guard let value = try? JSONParser().parse(data), let items = value.arrayValue else {
            diagnostics.append(
                .error(
                    "invalid-fixture", "a fixture file holds a JSON array of records",
                    at: SourceLocation(file: displayName),
                    fix: "wrap the records in [ … ]"))
            return (nil, diagnostics)
        }
        return (items.compactMap(\.objectValue), diagnostics)
    }
}
