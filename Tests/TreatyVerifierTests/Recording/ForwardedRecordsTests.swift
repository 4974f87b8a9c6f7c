import Foundation
import HTTPTypes
import Testing
import TreatyCloudKit
import TreatyCore
import TreatyDialect
import TreatyDialectKit
import TreatyFileMaker
import TreatyJSON
import TreatyPocketBase
import TreatyREST
import TreatyTestSupport

/// What `treaty serve --spy URL --record` keeps of a forwarded answer, for each dialect: the
/// records the dialect reads from a live backend's answer to a read, put into an empty store
/// with ``RecordStore/absorb(_:into:)``, are the records the live backend's store holds.
@Suite struct ForwardedRecordsTests {
    /// One dialect's example: its contract, fixtures and the reads a client makes.
    struct Example: Sendable, CustomTestStringConvertible {
        var name: String
        var plugin: any DialectPlugin
        var contract: String
        var fixtures: String
        /// Requests to send first (a login), whose answer gives the reads' headers.
        var login: (@Sendable (any Dialect, RecordStore) throws -> HTTPFields)?
        var reads: [(method: HTTPRequest.Method, target: String, body: String)]
        var testDescription: String { name }
    }

    static let examples: [Example] = [
        Example(
            name: "rest-sync", plugin: RESTSyncPlugin(), contract: "demo", fixtures: "demo",
            reads: [(.get, "/users", ""), (.get, "/projects", ""), (.get, DemoID.task(DemoID.t1), "")]),
        Example(
            name: "pocketbase", plugin: PocketBasePlugin(), contract: "blog", fixtures: "blog",
            reads: [
                (.get, "/api/collections/tags/records?perPage=100", ""),
                (.get, "/api/collections/posts/records/p1hellotreaty01", ""),
            ]),
        Example(
            name: "filemaker", plugin: FileMakerPlugin(), contract: "music", fixtures: "music",
            login: { dialect, store in
                var headers = HTTPFields()
                headers[.authorization] = "Basic \(Data("admin:admin-password-123".utf8).base64EncodedString())"
                headers[.contentType] = "application/json"
                let answer = dialect.respond(
                    to: DialectRequest(
                        method: .post, target: "/fmi/data/vLatest/databases/Music/sessions", headers: headers,
                        body: Array("{}".utf8)),
                    store: store)
                let token = try #require(try JSONParser().parse(answer.body)["response"]?["token"]?.stringValue)
                var bearer = HTTPFields()
                bearer[.authorization] = "Bearer \(token)"
                bearer[.contentType] = "application/json"
                return bearer
            },
            reads: [
                (.get, "/fmi/data/vLatest/databases/Music/layouts/Artists/records?_limit=100", ""),
                (.post, "/fmi/data/vLatest/databases/Music/layouts/Albums/_find", #"{"query":[{"title":"*"}]}"#),
            ]),
        Example(
            name: "cloudkit", plugin: CloudKitPlugin(), contract: "gallery", fixtures: "gallery",
            reads: ["Artist", "Artwork"].map { type in
                (
                    .post,
                    "/database/1/iCloud.com.example.Gallery/development/public/records/query?ckAPIToken=gallery-api-token-0001",
                    #"{"query":{"recordType":"\#(type)"}}"#
                )
            }),
    ]

    @Test("the records of forwarded reads, absorbed into an empty store, are the live store's", arguments: examples)
    func absorbedRecordsAreTheLiveOnes(_ example: Example) throws {
        let contract = try #require(
            ContractLoader(vocabulary: .treatyDialects).load(
                fileAt: DemoAPI.root + "/Contracts/\(example.contract)/contract.yaml"
            ).contract)
        let schema = try #require(example.plugin.decodeSchema(of: contract).schema)
        let live = try #require(
            schema.makeBackend(
                BackendSetup(contract: contract, fixtures: DemoAPI.root + "/Fixtures/\(example.fixtures)")
            )
            .backend)
        let liveStore = live.makeStore()
        let dialect = live.makeDialect()
        let headers = try example.login?(dialect, liveStore) ?? HTTPFields()
        let spy = try #require(schema.makeBackend(BackendSetup(contract: contract)).backend).makeStore()
        var absorbed = 0
        for read in example.reads {
            let request = DialectRequest(
                method: read.method, target: read.target, headers: headers, body: Array(read.body.utf8))
            let answer = dialect.respond(to: request, store: liveStore)
            #expect(answer.status.code == 200, "\(read.target): \(String(decoding: answer.body, as: UTF8.self))")
            let forwarded = ForwardedAnswer(
                request: EndpointRequest(
                    method: read.method.rawValue, path: request.path,
                    query: request.rawQuery.isEmpty ? nil : request.rawQuery),
                status: answer.status.code, body: try JSONParser().parse(answer.body))
            let records = schema.records(forwardedIn: forwarded)
            #expect(!records.isEmpty, "\(read.target) holds records")
            for found in records {
                let stored = try spy.absorb(found.record, into: found.resource)
                let key = try #require(spy.contract.resource(named: found.resource)).identity.key
                let original = liveStore.dump(found.resource)?.first { $0[key] == stored[key] }
                #expect(stored == original, "\(found.resource) \(stored[key].map { $0.serialized() } ?? "?")")
                absorbed += 1
            }
        }
        #expect(absorbed > 1)
        let write = ForwardedAnswer(
            request: EndpointRequest(method: "POST", path: "/api/collections/users/auth-with-password"), status: 200,
            body: [:])
        #expect(schema.records(forwardedIn: write).isEmpty, "a login is not a read of records")
    }

    @Test("an absorbed record replaces the row of its id, and its timestamps and version are the live backend's")
    func absorbReplaces() throws {
        let store = RecordStore(contract: DemoAPI.contract, fixtures: DemoAPI.fixtures)
        var record = try #require(DemoAPI.fixtures.records["task"]?.first)
        let before = store.dump("task")?.count
        record["title"] = "Changed live"
        record["version"] = 99
        let stored = try store.absorb(record, into: "task")
        #expect(stored["title"] == "Changed live")
        #expect(store.dump("task")?.count == before)
        #expect(store.currentVersion >= 99)
        #expect(throws: StoreError.self) { try store.absorb(["title": "no id"], into: "task") }
        #expect(throws: StoreError.self) { try store.absorb(record, into: "nothing") }
    }
}
