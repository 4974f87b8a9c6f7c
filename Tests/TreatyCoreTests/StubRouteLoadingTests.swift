import Testing
import TreatyCore
import TreatyJSON
import TreatyTestSupport

/// `routes:` — stub routes outside the dialect — as the loader reads them, and its located
/// diagnostics.
@Suite struct StubRouteLoadingTests {
    static let head = """
        api: demo
        dialect: rest-sync
        resources:
          user:
            fields:
              name: { type: string }

        """

    static func load(_ routes: String) -> ContractLoadResult {
        ContractLoader(vocabulary: .treatyDialects).load(text: head + routes, file: "contract.yaml")
    }

    @Test("a route's method, template, matchers, answers and sequence end are read")
    func reads() throws {
        let result = Self.load(
            """
            routes:
              - method: POST
                path: /hooks/{name}
                match:
                  query: { dry_run: { equals: "1" } }
                  headers: { X-Signature: { present: true } }
                  body: { /kind: { contains: order } }
                answers:
                  - { status: 202, headers: { x-hook: "{{path.name}}" }, body: { ok: true } }
                  - { status: 429 }
                then: cycle
            """)
        #expect(!result.diagnostics.contains { $0.severity == .error }, "\(result.diagnostics)")
        let route = try #require(result.contract?.routes.first)
        #expect(route.signature == "POST /hooks/{name}")
        #expect(route.query == [StubMatcher(key: "dry_run", condition: .equals("1"))])
        #expect(route.headers == [StubMatcher(key: "x-signature", condition: .present(true))])
        #expect(route.body == [StubMatcher(key: "/kind", condition: .contains("order"))])
        #expect(route.answers.map(\.status) == [202, 429])
        #expect(route.answers.first?.headers == [StubHeader(name: "x-hook", value: "{{path.name}}")])
        #expect(route.answers.first?.body == ["ok": true])
        #expect(route.afterLast == .cycle)
        #expect(route.location?.line == 8)
    }

    @Test(
        "a broken route is reported at its line with a fix",
        arguments: [
            (
                "routes:\n  - { method: GET, path: /x, answer: { status: 200 }, answers: [{ status: 200 }] }",
                "not both", 8
            ),
            ("routes:\n  - { method: GET, path: /x }", "has no answer", 8),
            (
                "routes:\n  - { method: GET, path: /x, match: { body: { kind: { present: true } } }, answer: {} }",
                "is not a JSON pointer", 8
            ),
            (
                "routes:\n  - method: GET\n    path: /x\n    match: { query: { q: { regex: \"(\" } } }\n    answer: {}",
                "is not a regular expression", 10
            ),
            ("routes:\n  - { method: GET, path: /x, answer: { status: 999 } }", "is not an HTTP status", 8),
            ("routes:\n  - { method: GTE, path: /x, answer: {} }", "unknown HTTP method 'GTE'", 8),
            ("routes:\n  - { method: GET, path: /x, answers: [{}], then: loop }", "'then' 'loop' is not one of", 8),
            (
                "routes:\n  - { method: GET, path: /x, match: { query: { q: { equals: 1, contains: 1 } } }, answer: {} }",
                "exactly one condition", 8
            ),
        ])
    func broken(text: String, message: String, line: Int) throws {
        let result = Self.load(text)
        let error = try #require(result.diagnostics.first { $0.severity == .error }, "\(result.diagnostics)")
        #expect(error.message.contains(message))
        #expect(error.location?.line == line)
        #expect(error.location?.file == "contract.yaml")
    }

    @Test("lint warns about a route that shadows an endpoint and one an earlier route hides")
    func lint() throws {
        let text =
            Self.head + """
                endpoints:
                  - GET /users
                routes:
                  - { method: GET, path: /users, answer: { body: [] } }
                  - { method: GET, path: /health, answer: {} }
                  - { method: GET, path: /health, match: { query: { deep: { present: true } } }, answer: {} }
                """
        let contract = try #require(
            ContractLoader(vocabulary: .treatyDialects).load(text: text, file: "c.yaml").contract)
        let findings = ContractLinter().lint(contract).filter { $0.rule.rawValue.hasPrefix("route-") }
        #expect(findings.map(\.rule.rawValue) == ["route-shadows-endpoint", "route-unreachable"])
        #expect(findings.map { $0.location?.line } == [10, 12])
    }
}
