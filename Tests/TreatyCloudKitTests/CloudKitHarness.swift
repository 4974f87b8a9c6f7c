import Crypto
import Foundation
import HTTPTypes
import TreatyCore
import TreatyDialect
import TreatyDialectKit
import TreatyJSON

@testable import TreatyCloudKit

/// An in-process CloudKit container without a contract (as `treaty serve --dialect cloudkit`
/// starts it), with one API token, one signed-in user and one server-to-server key.
struct CloudKitHarness {
    static let container = "iCloud.com.example.Treaty"
    static let apiToken = "test-api-token"
    static let webToken = "test-web-token"
    static let keyID = "test-key"

    let dialect: any Dialect
    let store: RecordStore
    let key = P256.Signing.PrivateKey()

    init(arguments: [String] = [], contract: Contract? = nil, fixtures: String? = nil) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let keyFile = directory.appendingPathComponent("public.pem").path
        try key.publicKey.pemRepresentation.write(toFile: keyFile, atomically: true, encoding: .utf8)
        var options = try CloudKitServeOptions.parsing(arguments)
        options.apiToken = options.apiToken ?? Self.apiToken
        options.webAuthToken = options.webAuthToken ?? Self.webToken
        options.serverKey = options.serverKey ?? CloudKitServerKey(keyID: Self.keyID, publicKeyFile: keyFile)
        if contract == nil { options.container = options.container ?? Self.container }
        let result = CloudKitPlugin().loadBackend(
            BackendSetup(contract: contract, fixtures: fixtures), options: options)
        guard let backend = result.backend else {
            throw HarnessError(description: result.diagnostics.map(\.message).joined(separator: "; "))
        }
        dialect = backend.makeDialect()
        store = backend.makeStore()
    }

    struct HarnessError: Error, CustomStringConvertible {
        var description: String
    }

    /// Sends an operation to `database` of `environment` with the API token (and the user's
    /// web token when `signedIn`).
    func call(
        _ operation: String, _ body: JSONValue? = nil, database: String = "private", environment: String = "development",
        signedIn: Bool = true, query: String? = nil, method: HTTPRequest.Method = .post
    ) -> (status: Int, json: JSONValue) {
        let auth = query ?? "ckAPIToken=\(Self.apiToken)" + (signedIn ? "&ckWebAuthToken=\(Self.webToken)" : "")
        let target = "/database/1/\(Self.container)/\(environment)/\(database)/\(operation)?\(auth)"
        var headers = HTTPFields()
        headers[HTTPField.Name("Host")!] = "127.0.0.1:1"
        let request = DialectRequest(method: method, target: target, headers: headers, body: body?.serializedBytes() ?? [])
        return answer(request)
    }

    func answer(_ request: DialectRequest) -> (status: Int, json: JSONValue) {
        let response = dialect.respond(to: request, store: store)
        return (response.status.code, (try? JSONParser().parse(response.body)) ?? .null)
    }

    /// A signed request to the public database.
    func signed(_ operation: String, _ body: JSONValue, date: Date = Date(), tamper: Bool = false) -> (status: Int, json: JSONValue) {
        let path = "/database/1/\(Self.container)/development/public/\(operation)"
        let bytes = body.serializedBytes()
        let formatter = ISO8601DateFormatter()
        let stamp = formatter.string(from: date)
        let hash = Data(SHA256.hash(data: bytes)).base64EncodedString()
        let signature = try! key.signature(for: Data("\(stamp):\(hash):\(path)".utf8))
        var headers = HTTPFields()
        headers[HTTPField.Name("X-Apple-CloudKit-Request-KeyID")!] = Self.keyID
        headers[HTTPField.Name("X-Apple-CloudKit-Request-ISO8601Date")!] = stamp
        headers[HTTPField.Name("X-Apple-CloudKit-Request-SignatureV1")!] = signature.derRepresentation.base64EncodedString()
        let sent = tamper ? bytes + Array(" ".utf8) : bytes
        return answer(DialectRequest(method: .post, target: path, headers: headers, body: sent))
    }

    /// Creates the custom zone `name` in the private database.
    @discardableResult
    func createZone(_ name: String, atomic: Bool = true) -> (status: Int, json: JSONValue) {
        call("zones/modify", ["operations": [["operationType": "create", "zone": ["zoneID": ["zoneName": .string(name)], "atomic": .bool(atomic)]]]])
    }

    /// One `records/modify` in `zone` (the default zone when `nil`).
    func modify(_ operations: [JSONValue], zone: String? = nil, atomic: Bool? = nil, database: String = "private")
        -> (status: Int, json: JSONValue)
    {
        var body: JSONObject = ["operations": .array(operations)]
        if let zone { body["zoneID"] = ["zoneName": .string(zone)] }
        if let atomic { body["atomic"] = .bool(atomic) }
        return call("records/modify", .object(body), database: database)
    }

    static func op(_ type: String, _ name: String?, recordType: String? = "Artist", tag: String? = nil, fields: JSONObject = [:])
        -> JSONValue
    {
        var record: JSONObject = ["fields": .object(fields)]
        if let name { record["recordName"] = .string(name) }
        if let recordType { record["recordType"] = .string(recordType) }
        if let tag { record["recordChangeTag"] = .string(tag) }
        return ["operationType": .string(type), "record": .object(record)]
    }
}
