import Foundation
import HTTPTypes
import Logging
import Testing
import TreatyHTTP
import TreatyJSON
import TreatySimulator
import TreatyTesting

/// An app's tests get a fake backend in one call, whatever the contract's dialect, with the
/// journal, snapshots, reset and faults as Swift calls.
@Suite struct FakeBackendTests {
    static let logger = Logger(label: "treaty.testing.tests", factory: { _ in SwiftLogNoOpLogHandler() })

    static func send(_ method: HTTPRequest.Method, _ url: String, body: JSONValue? = nil) async throws -> (
        Int, JSONValue?
    ) {
        try await withHTTPClient(logger: logger) { client in
            var fields = HTTPFields()
            if body != nil { fields[.contentType] = "application/json" }
            let response = try await client.execute(
                HTTPClientRequest(method: method, url: url, headerFields: fields, body: body?.serializedBytes()))
            return (response.status.code, try? JSONParser().parse(response.body))
        }
    }

    @Test("a rest-sync contract's fake serves its fixtures; the journal, faults, snapshots and reset are Swift calls")
    func restSyncFake() async throws {
        try await withFakeBackend(contract: "Contracts/demo/") { backend in
            let base = backend.url.absoluteString
            let (status, projects) = try await Self.send(.get, base + "/projects")
            #expect(status == 200)
            let project = try #require(projects?.arrayValue?.first?.objectValue?["id"]?.stringValue)
            #expect(backend.control.requests(method: "GET", path: "/projects").count == 1)

            backend.control.addFault(FaultRule(path: PathPattern("/projects"), action: .status(.serviceUnavailable)))
            #expect(try await Self.send(.get, base + "/projects").0 == 503)
            #expect(backend.control.clearFaults() == 1)

            backend.control.snapshot(named: "before")
            let tasks = base + "/projects/\(project)/tasks"
            let before = try #require(try await Self.send(.get, tasks).1?.arrayValue?.count)
            let first = try #require(
                try await Self.send(.get, tasks).1?.arrayValue?.first?.objectValue?["id"]?.stringValue)
            #expect(try await Self.send(.delete, tasks + "/" + first).0 == 204)
            #expect(try await Self.send(.get, tasks).1?.arrayValue?.count == before - 1)
            #expect(backend.control.restore(named: "before"))
            #expect(try await Self.send(.get, tasks).1?.arrayValue?.count == before)
            #expect(try await Self.send(.delete, tasks + "/" + first).0 == 204)
            backend.control.reset()
            #expect(try await Self.send(.get, tasks).1?.arrayValue?.count == before)
            #expect(backend.control.requests(method: "DELETE").count == 2)
        }
    }

    @Test("a PocketBase contract's fake answers as PocketBase, with its fixture records")
    func pocketBaseFake() async throws {
        try await withFakeBackend(contract: "Contracts/blog/contract.yaml") { backend in
            let (status, list) = try await Self.send(
                .get, backend.url.absoluteString + "/api/collections/posts/records")
            #expect(status == 200)
            // Only the published post is public; the draft is its author's.
            #expect(list?.objectValue?["totalItems"]?.numberValue?.int64Value == 1)
            #expect(backend.control.requests(path: "/api/collections/*/records").count == 1)
        }
    }

    @Test("a contract with errors is refused with its diagnostics, before anything listens")
    func brokenContract() async throws {
        let failure = try await #require(throws: ContractCaseFailure.self) {
            try await withFakeBackend(contract: "Contracts/missing/contract.yaml") { _ in }
        }
        #expect(failure.description.contains("Contracts/missing/contract.yaml"))
    }
}
