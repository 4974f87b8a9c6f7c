import HTTPTypes
import Testing
import TreatyJSON
import TreatyCore
import TreatySimulator

@Suite struct FaultRuleLoaderTests {
    @Test("the documented example loads")
    func documentedExample() throws {
        let yaml = """
            faults:
              - method: PATCH
                path: /projects/*/tasks/*
                probability: 0.25
                status: 503
              - latency: {min: 50, max: 200}
              - path: /sync/**
                reset: true
              - rate_limit: {retry_after: 30}
              - rate_limit: 5
              - latency: 20
            """
        let result = FaultRuleLoader().load(yaml: yaml, file: "faults.yaml")
        #expect(result.diagnostics.isEmpty)
        let rules = try #require(result.rules)
        #expect(rules == [
            FaultRule(method: .patch, path: "/projects/*/tasks/*", probability: 0.25, action: .status(.serviceUnavailable)),
            FaultRule(action: .latency(milliseconds: 50...200)),
            FaultRule(path: "/sync/**", action: .reset),
            FaultRule(action: .rateLimit(retryAfterSeconds: 30)),
            FaultRule(action: .rateLimit(retryAfterSeconds: 5)),
            FaultRule(action: .latency(20)),
        ])
    }

    @Test("a bare list and an empty file load too")
    func bareListAndEmpty() throws {
        #expect(FaultRuleLoader().load(yaml: "- status: 500\n", file: "f.yaml").rules == [FaultRule(action: .status(.internalServerError))])
        #expect(FaultRuleLoader().load(yaml: "", file: "f.yaml").rules == [])
    }

    @Test("a YAML syntax error names the file and line")
    func syntaxError() throws {
        let result = FaultRuleLoader().load(yaml: "faults:\n  - status: 503\n   path: [\n", file: "faults.yaml")
        #expect(result.rules == nil)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.rule == "yaml-syntax")
        #expect(diagnostic.location?.file == "faults.yaml")
        #expect(diagnostic.location?.line != nil)
        let rendered = DiagnosticRenderer().render(diagnostic)
        #expect(rendered.hasPrefix("faults.yaml:"))
    }

    @Test("mistakes in rules are located and explained, every one of them", arguments: [
        ("faults:\n  - stauts: 503\n", 2, "unknown key 'stauts' in a fault rule", "did you mean 'status'?"),
        ("faults:\n  - path: /x\n", 2, "a fault rule needs an action", nil),
        ("faults:\n  - status: 503\n    reset: true\n", 3, "a fault rule has one action, found 'status' and 'reset'", nil),
        ("faults:\n  - status: 99\n", 2, "status must be a whole number from 200 to 599, found '99'", nil),
        ("faults:\n  - probability: 2\n    status: 500\n", 2, "probability must be a number from 0 to 1, found '2'", nil),
        ("faults:\n  - path: projects\n    status: 500\n", 2, "path 'projects' must start with '/'", nil),
        ("faults:\n  - latency: {min: 9, max: 3}\n", 2, "latency min 9 is above max 3", nil),
        ("faults:\n  - method: 'GE T'\n    reset: true\n", 2, "'GE T' is not an HTTP method", nil),
        ("rules:\n  - reset: true\n", 1, "unknown key 'rules' at the top of a fault file", nil),
    ] as [(String, Int, String, String?)])
    func ruleMistakes(yaml: String, line: Int, message: String, detail: String?) throws {
        let result = FaultRuleLoader().load(yaml: yaml, file: "faults.yaml")
        #expect(result.rules == nil)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.message == message)
        #expect(diagnostic.location?.line == line)
        if let detail { #expect(diagnostic.details.contains(detail)) }
    }

    @Test("several bad rules give one diagnostic each")
    func collectsAll() {
        let result = FaultRuleLoader().load(yaml: "- status: 1\n- reset: false\n- status: 500\n", file: "f.yaml")
        #expect(result.rules == nil)
        #expect(result.diagnostics.compactMap(\.location?.line) == [1, 2])
    }

    @Test("a missing file is a diagnostic, not a crash")
    func missingFile() {
        let result = FaultRuleLoader().load(fileAt: "/nonexistent/faults.yaml")
        #expect(result.rules == nil)
        #expect(result.diagnostics.first?.rule == "unreadable-file")
    }
}

@Suite struct PathPatternTests {
    @Test("globs match whole segments", arguments: [
        ("/projects/*/tasks/*", "/projects/P1/tasks/T1", true),
        ("/projects/*/tasks/*", "/projects/P1/tasks", false),
        ("/projects/*/tasks/*", "/projects/P1/tasks/T1/watchers", false),
        ("/projects/**", "/projects", true),
        ("/projects/**", "/projects/P1/tasks/T1", true),
        ("/**/watchers", "/projects/P1/tasks/T1/watchers", true),
        ("/**/watchers", "/projects/P1/tasks/T1", false),
        ("/**", "/", true),
        ("/users", "/users/", true),
        ("/users", "/users?page=2", true),
        ("/users", "/user", false),
        ("/*", "/", false),
    ])
    func matches(pattern: String, path: String, expected: Bool) {
        #expect(PathPattern(pattern).matches(path) == expected)
    }
}
