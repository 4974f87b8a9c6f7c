import Foundation
import NIOHTTP1
import Testing
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatySimulator
import TreatyTestSupport

@testable import TreatyREST

/// Stub routes (`routes:`) served before the rest-sync dialect, and near-miss reports for what
/// nothing matches.
@Suite struct StubRouteTests {
    static let contractText =
        TestStore.contractText + """

            routes:
              - method: GET
                path: /health
                answer: { status: 200, body: { status: ok } }
              - method: POST
                path: /hooks/{name}
                match:
                  query: { dry_run: { equals: 1 } }
                  headers: { X-Signature: { present: true } }
                  body: { /kind: { regex: "^order\\\\." } }
                answer:
                  status: 202
                  headers: { x-hook: "{{path.name}}" }
                  body: { queued: "{{path.name}}", kind: "{{body./kind}}", count: "{{body./count}}", note: "dry run {{query.dry_run}} for {{path.name}}" }
              - method: GET
                path: /flaky
                answers: [{ status: 503 }, { status: 200, body: { fine: true } }]
              - method: GET
                path: /turns
                answers: [{ body: { turn: a } }, { body: { turn: b } }]
                then: cycle
            """

    func withStubs<T: Sendable>(_ body: (URL) async throws -> T) async throws -> T {
        let result = ContractLoader(vocabulary: .treatyDialects).load(text: Self.contractText, file: "stubs.yaml")
        let contract = try #require(result.contract, "the stub contract loads: \(result.diagnostics)")
        #expect(contract.routes.count == 4)
        let store = RecordStore(
            contract: contract, configuration: StoreConfiguration(clock: .fixed(startMilliseconds: 0), seed: 1))
        return try await Simulator.withRunning(dialect: RESTDialect(contract: contract), store: store, body)
    }

    static func lastEntry(_ url: URL) async throws -> JSONValue? {
        try await TestClient.send(TestRequest(.GET, "/__treaty/requests"), to: url).json()["requests"]?.arrayValue?.last
    }

    @Test("a fixed answer is served before the dialect")
    func fixed() async throws {
        try await withStubs { url in
            let health = try await TestClient.send(TestRequest(.GET, "/health"), to: url)
            #expect(health.status == 200)
            #expect(try health.json() == ["status": "ok"])
            #expect(
                try await TestClient.send(TestRequest(.GET, "/notes"), to: url).status == 200,
                "the dialect still answers")
        }
    }

    @Test(
        "an answer is templated from path parameters, query, headers and JSON body, keeping a sole placeholder's type")
    func templated() async throws {
        try await withStubs { url in
            let request = TestRequest(
                .POST, "/hooks/orders?dry_run=1",
                headers: [("X-Signature", "abc"), ("Content-Type", "application/json")],
                text: #"{"kind":"order.created","count":3}"#)
            let answer = try await TestClient.send(request, to: url)
            #expect(answer.status == 202)
            #expect(answer.headers["x-hook"] == ["orders"])
            #expect(
                try answer.json()
                    == ["queued": "orders", "kind": "order.created", "count": 3, "note": "dry run 1 for orders"])
        }
    }

    @Test("a sequence repeats its last answer, or cycles, and a reset starts it over")
    func sequences() async throws {
        try await withStubs { url in
            var statuses: [Int] = []
            for _ in 0..<3 { statuses.append(try await TestClient.send(TestRequest(.GET, "/flaky"), to: url).status) }
            #expect(statuses == [503, 200, 200])
            var turns: [JSONValue?] = []
            for _ in 0..<3 {
                turns.append(try await TestClient.send(TestRequest(.GET, "/turns"), to: url).json()["turn"])
            }
            #expect(turns == ["a", "b", "a"])
            _ = try await TestClient.send(TestRequest(.POST, "/__treaty/reset"), to: url)
            #expect(try await TestClient.send(TestRequest(.GET, "/flaky"), to: url).status == 503)
        }
    }

    @Test("a request no matcher accepts gets the dialect's 404 and a near-miss report naming each difference")
    func nearMissOfRoute() async throws {
        try await withStubs { url in
            let request = TestRequest(.POST, "/hooks/orders?dry_run=2", text: #"{"kind":"refund"}"#)
            let answer = try await TestClient.send(request, to: url)
            #expect(answer.status == 404)
            #expect(try answer.json()["error"]?["code"] == "not_found", "the dialect's not-found")
            let misses = try #require(try await Self.lastEntry(url)?["nearMisses"]?.arrayValue)
            let first = try #require(misses.first)
            #expect(first["candidate"] == "POST /hooks/{name}")
            #expect(first["kind"] == "route")
            #expect(
                first["reasons"]
                    == [
                        "query 'dry_run': expected 1, got \"2\"", "header 'x-signature': expected present, absent",
                        "body /kind: expected text matching /^order\\./, got \"refund\"",
                    ])
        }
    }

    @Test("a near miss of a contract endpoint names the path segment")
    func nearMissOfEndpoint() async throws {
        try await withStubs { url in
            _ = try await TestClient.send(TestRequest(.GET, "/note"), to: url)
            let misses = try #require(try await Self.lastEntry(url)?["nearMisses"]?.arrayValue)
            #expect(misses.first?["candidate"] == "GET /notes")
            #expect(misses.first?["kind"] == "endpoint")
            #expect(misses.first?["reasons"] == ["path segment 1: expected 'notes', got 'note'"])
            let wrongMethod = try await TestClient.send(TestRequest(.DELETE, "/health"), to: url)
            #expect(wrongMethod.status == 404 || wrongMethod.status == 405)
        }
    }
}
