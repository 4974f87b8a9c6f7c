import Foundation
import HTTPTypes
import Testing
import TreatyCore
import TreatyDialect
import TreatyDialectKit
import TreatyJSON

@testable import TreatyFileMaker
import TreatyTestSupport

/// The music contract served in process by ``FileMakerPlugin``'s backend, without a socket: one
/// store and one dialect (so one set of sessions) per instance.
struct MusicServer {
    let dialect: any Dialect
    let store: RecordStore

    static let base = "/fmi/data/vLatest/databases/Music"
    static let artists = base + "/layouts/Artists"

    /// Loads the backend from `Contracts/music` and `Fixtures/music` (or `contract` and
    /// `fixtures`), with a store on `configuration`'s clock.
    init(
        contract: String = MusicFiles.contractPath, fixtures: String? = MusicFiles.fixturesPath,
        configuration: StoreConfiguration = StoreConfiguration()
    ) throws {
        let loadedContract = ContractLoader(vocabulary: .treatyDialects).load(fileAt: contract)
        let model = try #require(loadedContract.contract, "\(DiagnosticRenderer().render(loadedContract.diagnostics))")
        let loaded = FileMakerPlugin().loadBackend(BackendSetup(contract: model, fixtures: fixtures))
        let backend = try #require(loaded.backend, "\(DiagnosticRenderer().render(loaded.diagnostics))")
        store = backend.makeStore(configuration: configuration)
        dialect = backend.makeDialect()
    }

    /// An answer: the status, the parsed body and the headers.
    struct Answer {
        var status: Int
        var body: JSONValue
        var headers: HTTPFields
        var bytes: [UInt8]

        /// `messages[0].code`.
        var code: String? { body["messages"]?[0]?["code"]?.stringValue }
        /// `messages[0].message`.
        var message: String? { body["messages"]?[0]?["message"]?.stringValue }
        /// `response`.
        var response: JSONValue { body["response"] ?? .null }
    }

    /// Sends a request and checks the Data API envelope of the answer: a `response` object and
    /// `messages[0]` with a string `code` and `message`.
    @discardableResult
    func send(
        _ method: HTTPRequest.Method, _ target: String, json: JSONValue? = nil, token: String? = nil,
        headers extra: HTTPFields = [:], body bytes: [UInt8]? = nil, checkEnvelope: Bool = true,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> Answer {
        var headers = extra
        if json != nil, headers[.contentType] == nil { headers[.contentType] = "application/json" }
        if let token { headers[.authorization] = "Bearer " + token }
        let response = dialect.respond(
            to: DialectRequest(
                method: method, target: target, headers: headers, body: bytes ?? json?.serializedBytes() ?? []),
            store: store)
        guard checkEnvelope else {
            return Answer(
                status: Int(response.status.code), body: .null, headers: response.headers, bytes: response.body)
        }
        let body = try JSONParser().parse(response.body)
        #expect(body["response"]?.objectValue != nil, "no 'response' object in \(body)", sourceLocation: sourceLocation)
        #expect(
            body["messages"]?[0]?["code"]?.stringValue != nil, "messages[0].code is not a string in \(body)",
            sourceLocation: sourceLocation)
        #expect(
            body["messages"]?[0]?["message"]?.stringValue != nil, "messages[0].message is not a string in \(body)",
            sourceLocation: sourceLocation)
        #expect(
            response.headers[.contentType] == "application/json; charset=utf-8", sourceLocation: sourceLocation)
        return Answer(status: Int(response.status.code), body: body, headers: response.headers, bytes: response.body)
    }

    /// `Authorization: Basic …` for `username`:`password`.
    static func basic(_ username: String, _ password: String) -> HTTPFields {
        var headers = HTTPFields()
        headers[.authorization] = "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()
        return headers
    }

    /// Logs in as the contract's admin and returns the token.
    func login(sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
        let answer = try send(
            .post, Self.base + "/sessions", json: [:], headers: Self.basic("admin", "admin-password-123"),
            sourceLocation: sourceLocation)
        #expect(answer.status == 200, "\(answer.body)", sourceLocation: sourceLocation)
        return try #require(answer.response["token"]?.stringValue, sourceLocation: sourceLocation)
    }

    /// `POST …/layouts/Artists/_find` with `query` (and other body keys).
    func find(_ body: JSONValue, token: String) throws -> Answer {
        try send(.post, Self.artists + "/_find", json: body, token: token)
    }
}
