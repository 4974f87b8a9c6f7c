internal import HTTPTypes
public import TreatyCore
internal import TreatyJSON

/// One scenario of a scenario file: ordered steps run as one case.
public struct Scenario: Sendable {
    /// The scenario's name (the case name).
    public var name: String
    /// The rules it proves, as the file declares them.
    public var rules: [RuleID]
    /// Where it is written.
    public var location: SourceLocation?
    /// The steps, in order.
    var steps: [ScenarioStep]

    /// Whether any step sends something other than GET.
    public var writes: Bool {
        steps.contains { $0.method != .get && $0.method != .head }
    }
}

/// One request of a scenario, what its answer must look like, and what to capture from it.
struct ScenarioStep: Sendable {
    var name: String?
    var location: SourceLocation
    var method: HTTPRequest.Method
    /// The path, with `{{…}}` placeholders.
    var path: Template
    var query: [(name: String, value: Template)]
    var headers: [(name: HTTPField.Name, value: Template)]
    /// The JSON body, with placeholders inside strings.
    var body: JSONValue?
    var expectedStatus: Int?
    /// Whether the answer is checked against the contract's endpoint (default: yes).
    var conforms: Bool
    var matchers: [PlacedMatcher]
    var captures: [(name: String, pointer: JSONPointer)]

    var title: String {
        name ?? "\(method.rawValue) \(path.text)"
    }
}

/// A matcher applied at a JSON pointer of a step's answer body.
struct PlacedMatcher: Sendable {
    var pointer: JSONPointer
    var matcher: Matcher
    var location: SourceLocation
}
