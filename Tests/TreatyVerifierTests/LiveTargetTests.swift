import HTTPTypes
import Testing
import TreatyCore
import TreatyDialectKit
import TreatyTestSupport
import TreatyVerifier

/// End-to-end runs against a live server Treaty did not write (`LiveServer/server.py`, a
/// read-only Python backend serving the demo fixtures).
@Suite struct LiveTargetTests {
    static let token = "s3cret-token-value"

    /// A read-only run of the generated suites against the Python server, with a bearer token.
    static func readOnlyRun() async throws -> VerificationRun {
        try await withLiveServer(token: token) { server in
            var headers = HTTPFields()
            headers[.authorization] = "Bearer \(token)"
            let target = VerificationTarget.live(LiveTarget(baseURL: server.baseURL, headers: headers))
            return try await Verifier(configuration: VerifierConfiguration(readOnly: true), logger: DemoAPI.quietLogger)
                .run(contract: DemoAPI.contract, suites: DemoAPI.generatedSuites, on: target)
        }
    }

    @Test("a read-only live run passes every shape case and skips every case that writes")
    func readOnlyRunPassesShapesAndSkipsWrites() async throws {
        let run = try await Self.readOnlyRun()
        let shapes = try #require(
            run.suites.first { $0.name == "demo.shapes" }, "no shape suite in \(run.suites.map(\.name))")
        #expect(shapes.cases.count == 7, "GET /users, /projects, /tags, the task list, its two feeds and GET by id")
        #expect(shapes.cases.allSatisfy { $0.passed }, "the server serves the fixtures correctly:\n\(run.problems)")
        let writing = run.suites.filter { $0.name != shapes.name }.flatMap(\.cases)
        #expect(!writing.isEmpty)
        for result in writing {
            #expect(result.outcome == .skipped("read-only run: the case writes"), "\(result.name)")
        }
        #expect(run.target.hasPrefix("http://127.0.0.1:"))
    }

    @Test("the bearer token appears nowhere in a live run's results, though the server echoes it")
    func tokenIsRedacted() async throws {
        let run = try await Self.readOnlyRun()
        let leaks = String(describing: run).contains(Self.token)
        #expect(!leaks, "the token must be redacted from every request, response, finding and message")
        let echoed = run.cases.flatMap(\.exchanges).flatMap(\.responseHeaders).filter {
            $0.lowercased().hasPrefix("x-seen-authorization:")
        }
        #expect(!echoed.isEmpty, "server.py echoes the Authorization header it received")
        #expect(echoed.allSatisfy { $0.hasSuffix(": <redacted>") }, "\(echoed)")
    }

    @Test("an unreachable live target makes the run throw")
    func unreachableTargetThrows() async throws {
        let closedPort = try await withLiveServer { $0.port }  // nothing listens there once the server stops
        let target = VerificationTarget.live(LiveTarget(baseURL: "http://127.0.0.1:\(closedPort)"))
        let error = await #expect(throws: VerifierError.self) {
            try await Verifier(logger: DemoAPI.quietLogger)
                .run(contract: DemoAPI.contract, suites: DemoAPI.generatedSuites, on: target)
        }
        #expect(
            error?.description.hasPrefix("the target http://127.0.0.1:\(closedPort) is unreachable: ") == true,
            "\(String(describing: error))")
    }
}
