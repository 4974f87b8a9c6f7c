import Foundation
import HTTPTypes
import Testing
import TreatyCore
import TreatyDialect
import TreatyDialectKit
import TreatyHTTP
import TreatyJSON
import TreatySimulator
import TreatyTestSupport
import TreatyVerifier

@testable import TreatyREST

/// `treaty record`'s library half: a rest-sync backend's records read back through the
/// dialect's reader, bounded, with failures that name the endpoint.
@Suite struct RecorderTests {
    static let schema: any DialectSchema = {
        guard let schema = RESTSyncPlugin().decodeSchema(of: DemoAPI.contract).schema else {
            preconditionFailure("the demo contract decodes")
        }
        return schema
    }()

    static var reader: RecordReader {
        get throws {
            try #require(try schema.recordReader(environment: VerificationEnvironment(isLive: true), arguments: []))
        }
    }

    /// Runs `body` with the demo contract served in-process from `fixtures` on a loopback port.
    static func withDemoServer<T>(
        fixtures: FixtureSet = DemoAPI.fixtures, _ body: (String) async throws -> T
    ) async throws -> T {
        let contract = DemoAPI.contract
        let backend = SimulatedBackend(contract: contract, fixtures: fixtures) { RESTDialect(contract: contract) }
        let running = try await Simulator(dialect: backend.makeDialect(), store: backend.makeStore()).start()
        do {
            let result = try await body(running.url.absoluteString)
            try await running.stop()
            return result
        } catch {
            try await running.stop()
            throw error
        }
    }

    static func record(_ url: String, limits: RecordingLimits = RecordingLimits()) async throws -> Recording {
        try await Recorder(logger: DemoAPI.quietLogger).record(
            contract: DemoAPI.contract, reader: try reader, from: LiveTarget(baseURL: url), limits: limits, dialect: schema)
    }

    @Test("recording the demo simulator gives back every fixture record, tombstones included, in list order")
    func recordsEveryFixture() async throws {
        let recording = try await Self.withDemoServer { try await Self.record($0) }
        #expect(recording.resources == ["user", "project", "tag", "task"])
        for (resource, expected) in DemoAPI.fixtures.records {
            let recorded = recording.records[resource] ?? []
            let ids = Set(recorded.compactMap { $0["id"]?.stringValue })
            #expect(ids == Set(expected.compactMap { $0["id"]?.stringValue }), "\(resource)")
            for record in expected {
                let id = record["id"]?.stringValue
                let match = recorded.first { $0["id"]?.stringValue == id }
                #expect(match == record, "\(resource) \(id ?? "?") is recorded as served")
            }
        }
        let tombstones = (recording.records["task"] ?? []).filter { $0["deleted_at"] != .null }
        #expect(tombstones.count == 1, "the feed from since_version=0 adds the deleted task")
        #expect(
            recording.skipped == ["user", "project", "tag"].map {
                "tombstones of '\($0)': no list of it declares since_version, so only live records are recorded"
            })
    }

    @Test("the recording served again answers every read of the demo API byte for byte as the original")
    func recordingAnswersReadsTheSame() async throws {
        let recording = try await Self.withDemoServer { try await Self.record($0) }
        let projects = (DemoAPI.fixtures.records["project"] ?? []).compactMap { $0["id"]?.stringValue }
        var paths = ["/users", "/projects", "/tags"]
        for project in projects {
            paths += ["/projects/\(project)/tasks", "/projects/\(project)/tasks?since_version=0"]
        }
        let original = try await Self.withDemoServer { try await Self.bodies(of: paths, at: $0) }
        let replayed = try await Self.withDemoServer(fixtures: recording.fixtures) { try await Self.bodies(of: paths, at: $0) }
        #expect(original.count == paths.count)
        for (path, body) in original {
            #expect(replayed[path] == body, "GET \(path) answers differently from the recording")
        }
    }

    @Test("the generated suites pass against the recording")
    func suitesPassAgainstRecording() async throws {
        let recording = try await Self.withDemoServer { try await Self.record($0) }
        let contract = DemoAPI.contract
        let backend = SimulatedBackend(contract: contract, fixtures: recording.fixtures) { RESTDialect(contract: contract) }
        let run = try await Verifier(logger: DemoAPI.quietLogger)
            .run(contract: contract, suites: DemoAPI.generatedSuites, on: .mock(MockTarget(backend: backend)))
        #expect(run.cases.allSatisfy { $0.passed }, "\(run.problems)")
    }

    @Test("--max-records bounds the recording and says what it left out")
    func maxRecordsBounds() async throws {
        let recording = try await Self.withDemoServer { try await Self.record($0, limits: RecordingLimits(maxRecords: 4)) }
        #expect(recording.count == 4)
        #expect(recording.skipped.contains { $0.contains("--max-records 4") }, "\(recording.skipped)")
    }

    @Test("refused credentials stop the recording, naming the endpoint and the status")
    func refusedCredentials() async throws {
        let failure = try await withLiveServer(token: "record-token-1234") { server in
            await #expect(throws: RecordingFailure.self) { try await Self.record(server.baseURL) }
        }
        #expect(failure?.kind == .refused)
        #expect(failure?.endpoint == "GET /users")
        #expect(failure?.message.contains("answered 401") == true, "\(String(describing: failure))")
    }

    @Test("an unreachable target stops the recording, naming the endpoint")
    func unreachableTarget() async throws {
        let closedPort = try await withLiveServer { $0.port }
        let failure = await #expect(throws: RecordingFailure.self) {
            try await Self.record("http://127.0.0.1:\(closedPort)")
        }
        #expect(failure?.kind == .unreachable)
        #expect(failure?.endpoint == "GET /users")
    }

    static func bodies(of paths: [String], at url: String) async throws -> [String: String] {
        try await withHTTPClient(logger: DemoAPI.quietLogger) { client in
            var bodies: [String: String] = [:]
            for path in paths {
                let response = try await client.execute(HTTPClientRequest(method: .get, url: url + path))
                bodies[path] = "\(response.status.code) " + String(decoding: response.body, as: UTF8.self)
            }
            return bodies
        }
    }
}
