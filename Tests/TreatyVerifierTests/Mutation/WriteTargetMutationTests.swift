import HTTPTypes
import Testing
import TreatyCore
import TreatyDialect
import TreatyDialectKit
import TreatyJSON

@testable import TreatyREST

/// The write operators that need the store, on the demo contract's real dialect: a write
/// applied partially, to another record, and to a deleted record.
@Suite struct WriteTargetMutationTests {
    static let project = "36F675CC-81E7-4EF5-A8E2-5D940ED90475"
    static let task = "0FD630F1-F29D-4DA9-953F-48F1A09F76B5"
    static let taskPath = "/projects/\(project)/tasks/\(task)"

    /// A fresh store of the demo fixtures and a way to send it requests through mutant `id`
    /// (or the real dialect, for `nil`).
    struct Backend {
        let store = RecordStore(contract: DemoAPI.contract, fixtures: DemoAPI.fixtures)
        let dialect = RESTDialect(contract: DemoAPI.contract)
        let mutant: Mutant?

        init(_ id: String?) throws {
            let schema = try #require(RESTSyncPlugin().decodeSchema(of: DemoAPI.contract).schema)
            mutant = try id.map { id in
                try #require(schema.mutationAnatomy().mutants().first { $0.id == id }, "no \(id)")
            }
        }

        func send(_ method: HTTPRequest.Method, _ path: String, _ body: JSONValue? = nil) -> (Int, JSONValue?) {
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            let request = DialectRequest(
                method: method, target: path, headers: headers, body: body?.serializedBytes() ?? [])
            let answer =
                mutant.map { $0.respond(request, store) { dialect.respond(to: $0, store: store) } }
                ?? dialect.respond(to: request, store: store)
            return (answer.status.code, try? JSONParser().parse(answer.body))
        }
    }

    @Test("a write applied partially answers every key it was sent, but a later read shows one unchanged")
    func partially() throws {
        let backend = try Backend("RS-write-applied-partially:task.update")
        let (status, answer) = backend.send(.patch, Self.taskPath, ["title": "Renamed", "state": "done"])
        #expect(status == 200)
        #expect(answer?["title"] == "Renamed" && answer?["state"] == "done")
        let (_, read) = backend.send(.get, Self.taskPath)
        #expect(read?["title"] == "Rotate API keys", "the first key of the body was not stored")
        #expect(read?["state"] == "done")
    }

    @Test("a write applied to the wrong record changes another task of the project and answers for the one asked")
    func wrongRecord() throws {
        let backend = try Backend("RS-write-applied-to-wrong-record:task.update")
        let (status, answer) = backend.send(.patch, Self.taskPath, ["title": "Renamed"])
        #expect(status == 200)
        #expect(answer?["id"] == .string(Self.task) && answer?["title"] == "Renamed")
        let (_, read) = backend.send(.get, Self.taskPath)
        #expect(read?["title"] == "Rotate API keys")
        let renamed = try #require(try backend.store.list("task").records.first { $0["title"] == "Renamed" })
        #expect(renamed["project_id"] == .string(Self.project), "the other record shares the path's project")
    }

    @Test("a write to a deleted record succeeds and brings it back instead of answering 404")
    func toDeleted() throws {
        let real = try Backend(nil)
        #expect(real.send(.delete, Self.taskPath).0 == 204)
        #expect(real.send(.patch, Self.taskPath, ["title": "Again"]).0 == 404)
        let backend = try Backend("RS-write-applied-to-deleted:task.update")
        #expect(backend.send(.delete, Self.taskPath).0 == 204)
        let (status, answer) = backend.send(.patch, Self.taskPath, ["title": "Again"])
        #expect(status == 200, "\(String(describing: answer))")
        #expect(answer?["title"] == "Again")
    }
}
