import Foundation
import Testing
import TreatyCore
import TreatyDialectKit
import TreatyVerifier

/// Scenario files: a valid one runs against the simulator, a failing matcher is reported, and
/// bad files get compiler-style diagnostics (pinned exactly).
@Suite struct ScenarioLoaderTests {
    static let directory = DemoAPI.testsDirectory + "/Scenarios"

    @Test("a scenario with captures, generators and every matcher kind passes against the simulator")
    func validScenarioPasses() async throws {
        let loaded = ScenarioLoader().load(fileAt: Self.directory + "/task-lifecycle.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(DiagnosticRenderer().render(loaded.diagnostics))")
        let suite = try #require(loaded.suite)
        #expect(suite.name == "task lifecycle")
        let scenario = try #require(suite.cases.first)
        #expect(suite.cases.count == 1)
        #expect(scenario.name == "a created task is renamed, read back and deleted into a tombstone")
        #expect(scenario.rules == ["RS-CR-3", "RS-NL-2", "RS-MD-2", "RS-IN-2"])
        #expect(scenario.writes)
        #expect(scenario.location?.line == 5)

        let run = try await DemoAPI.verify([suite])
        let result = try #require(run.cases.first)
        #expect(result.passed, "\(run.problems)\n\(result.exchanges.map(\.transcript).joined(separator: "\n\n"))")
        #expect(result.exchanges.map(\.status) == [200, 200, 201, 200, 200, 204, 200])
        let created = try #require(result.exchanges.dropFirst(2).first)
        #expect(
            created.request.hasPrefix("POST /projects/36F675CC-81E7-4EF5-A8E2-5D940ED90475/tasks"),
            "{{project.id}} filled in")
        #expect(!created.requestBody.contains("{{"), "every placeholder filled in: \(created.requestBody)")
    }

    @Test("a matcher that does not hold fails the case with the scenario's rule, the pointer and the matcher's place")
    func failingMatcherIsReported() async throws {
        let file = Self.directory + "/failing-matcher.yaml"
        let loaded = ScenarioLoader().load(fileAt: file)
        let suite = try #require(loaded.suite, "\(DiagnosticRenderer().render(loaded.diagnostics))")
        let run = try await DemoAPI.verify([suite])
        let succeeded = run.succeeded
        #expect(!succeeded)
        let result = try #require(run.cases.first)
        let finding = try #require(result.findings.first)
        #expect(result.findings.count == 1, "only the equals matcher fails: \(result.findings.map(\.headline))")
        #expect(finding.category == .bodyMismatch)
        #expect(finding.rule == "RS-NL-1")
        #expect(finding.headline == #"RS-NL-1 /0/display_name: GET /users: expected "Zed", found "Ava""#)
        #expect(finding.detail == "step 1 (list the users, line 7), matcher at \(file):12:40")
    }

    @Test("a directory of scenario files loads every file, sorted by name")
    func directoryLoadsSorted() {
        let results = ScenarioLoader().loadDirectory(Self.directory)
        #expect(results.map { $0.suite?.name } == ["failing matcher", "task lifecycle"])
    }

    /// A scenario file with one mistake, and its diagnostics exactly as rendered.
    struct BadFile: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let expected: String
        var testDescription: String { name }
    }

    static let badFiles: [BadFile] = [
        BadFile(
            name: "unknown key",
            text: """
                suite: typo
                scenarios:
                  - name: lists users
                    steps:
                      - request: { method: GET, path: /users }
                        expcet: { status: 200 }
                """,
            expected: """
                scenario.yaml:6:9: error: [scenario] unknown key 'expcet' in a step
                          expcet: { status: 200 }
                          ^
                  fix: did you mean 'expect'? known keys: name, request, expect, capture
                """),
        BadFile(
            name: "unknown method",
            text: """
                scenarios:
                  - name: fetches users
                    steps:
                      - request: { method: FETCH, path: /users }
                """,
            expected: """
                scenario.yaml:4:28: error: [scenario] unknown method 'FETCH'
                        - request: { method: FETCH, path: /users }
                                             ^
                  fix: use one of GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS
                """),
        BadFile(
            name: "bad status",
            text: """
                scenarios:
                  - name: lists users
                    steps:
                      - request: { method: GET, path: /users }
                        expect: { status: 999 }
                """,
            expected: """
                scenario.yaml:5:27: error: [scenario] 'status' must be an HTTP status between 100 and 599
                          expect: { status: 999 }
                                            ^
                  fix: write e.g. status: 201
                """),
        BadFile(
            name: "bad regex",
            text: """
                scenarios:
                  - name: lists users
                    steps:
                      - request: { method: GET, path: /users }
                        expect:
                          body:
                            /0/id: { regex: "([0-9A-F" }
                """,
            expected: """
                scenario.yaml:7:29: error: [scenario] "([0-9A-F" is not a valid regular expression
                              /0/id: { regex: "([0-9A-F" }
                                              ^
                  fix: write a pattern such as '^[0-9a-f-]{36}$'
                """),
        BadFile(
            name: "a query matcher that is not a condition",
            text: """
                scenarios:
                  - name: lists users
                    steps:
                      - request: { method: GET, path: /users }
                        expect:
                          body:
                            /: { all_match: "display_name = " }
                """,
            expected: """
                scenario.yaml:7:29: error: [scenario] 'all_match' is not a condition: expected a field or a value \
                after '=' at character 16 of 'display_name = '
                              /: { all_match: "display_name = " }
                                              ^
                  fix: write a condition such as 'views > 10 && title ~ "hello"'
                """),
        BadFile(
            name: "capture used before it is defined",
            text: """
                scenarios:
                  - name: lists a project's tasks
                    steps:
                      - request: { method: GET, path: "/projects/{{project.id}}/tasks" }
                      - request: { method: GET, path: /projects }
                        capture: { project: /0 }
                """,
            expected: """
                scenario.yaml:4:39: error: [scenario] {{project.id}} refers to 'project', which no earlier step \
                captures
                        - request: { method: GET, path: "/projects/{{project.id}}/tasks" }
                                                        ^
                  fix: capture it in an earlier step ('capture: { project: /… }'), or use {{uuid}} or \
                {{now}}
                """),
        BadFile(
            name: "misspelt capture",
            text: """
                scenarios:
                  - name: lists a project's tasks
                    steps:
                      - request: { method: GET, path: /projects }
                        capture: { project: /0 }
                      - request: { method: GET, path: "/projects/{{projet.id}}/tasks" }
                """,
            expected: """
                scenario.yaml:6:39: error: [scenario] {{projet.id}} refers to 'projet', which no earlier step \
                captures
                        - request: { method: GET, path: "/projects/{{projet.id}}/tasks" }
                                                        ^
                  fix: did you mean 'project'? capture it in an earlier step ('capture: { projet: /… }'), or use \
                {{uuid}} or {{now}}
                """),
        BadFile(
            name: "not a mapping",
            text: """
                - name: lists users
                  steps: []
                """,
            expected: """
                scenario.yaml:1:1: error: [scenario] the file must be a mapping, found a list
                  - name: lists users
                  ^
                  fix: write 'key: value' lines
                """),
    ]

    @Test("a bad scenario file is refused with located diagnostics", arguments: badFiles)
    func badFileIsRefused(_ bad: BadFile) throws {
        try TemporaryDirectory.with { directory in
            let path = try directory.write(bad.text, to: "scenario.yaml")
            let result = ScenarioLoader().load(fileAt: path)
            #expect(result.suite == nil)
            let rendered = DiagnosticRenderer().render(result.diagnostics).replacingOccurrences(
                of: directory.path + "/", with: "")
            #expect(rendered == bad.expected + "\n")
        }
    }
}
