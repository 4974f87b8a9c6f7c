internal import Foundation
public import TreatyDialectKit
internal import HTTPTypes
public import TreatyCore
internal import TreatyJSON

/// Reads scenario files (`Contracts/<api>/suites/*.yaml`) into suites, reporting every problem as
/// a located diagnostic, like contracts.
///
/// ```yaml
/// suite: task lifecycle
/// scenarios:
///   - name: a renamed task keeps its assignee
///     rules: [RS-NL-2]
///     steps:
///       - request: { method: GET, path: /projects }
///         expect: { status: 200 }
///         capture: { project: /0 }
///       - request:
///           method: POST
///           path: /projects/{{project.id}}/tasks
///           body: { id: "{{uuid}}", title: Draft, created_at: "{{now}}", updated_at: "{{now}}" }
///         expect:
///           status: 201
///           body:
///             /title: { equals: Draft }
///         capture: { task: / }
/// ```
public struct ScenarioLoader: Sendable {
    /// Creates a loader.
    public init() {}

    /// What loading one file gave.
    public struct Result: Sendable {
        /// The suite, or `nil` when the file has errors.
        public var suite: VerificationSuite?
        /// Every finding, errors first.
        public var diagnostics: [Diagnostic]
    }

    /// Loads every `*.yaml`/`*.yml` file in `directory`, sorted by name; a missing directory
    /// gives no results.
    public func loadDirectory(_ directory: String) -> [Result] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted().map { name in
            let file = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            if let refusal = ContractFileReference.refusal(of: file, leaving: directory, what: "suites directory") {
                return Result(suite: nil, diagnostics: [refusal])
            }
            return load(fileAt: file)
        }
    }

    /// Loads one scenario file.
    public func load(fileAt path: String) -> Result {
        let (document, diagnostics) = YAMLValueReader.readNodes(fileAt: path)
        guard let document else { return Result(suite: nil, diagnostics: diagnostics) }
        var reader = ScenarioNodeReader(file: path, text: document.text)
        let suite = reader.suite(from: document.node)
        let errors = reader.diagnostics.containsErrors
        return Result(suite: errors ? nil : suite, diagnostics: reader.diagnostics)
    }
}
