import Crypto
import Foundation
import HTTPTypes
import Testing
import TreatyCore
import TreatyDialect
import TreatyDialectKit
import TreatyJSON
import TreatyTestSupport

@testable import TreatyCloudKit

/// Authentication (cloudkit.md §2, §12): API tokens, web-auth tokens, and signed
/// server-to-server requests.
@Suite struct CloudKitAuthTests {
    typealias H = CloudKitHarness

    @Test("no or an unknown API token is 421 AUTHENTICATION_REQUIRED with a redirectURL")
    func apiToken() throws {
        let h = try H()
        for query in ["", "ckAPIToken=wrong"] {
            let answer = h.call("records/query", ["query": ["recordType": "A"]], database: "public", query: query)
            #expect(answer.status == 421 && answer.json["serverErrorCode"] == "AUTHENTICATION_REQUIRED")
            #expect(answer.json["redirectURL"]?.stringValue != nil && answer.json["uuid"]?.stringValue != nil)
        }
    }

    @Test("the private database and public writes need the web-auth token; public reads do not")
    func webToken() throws {
        let h = try H()
        #expect(h.call("zones/list", nil, signedIn: false, method: .get).status == 421)
        #expect(h.modify([H.op("create", "p")], database: "public").status == 200)
        let unsigned = h.call("records/modify", ["operations": [H.op("create", "q")]], database: "public", signedIn: false)
        #expect(unsigned.status == 421)
        #expect(h.call("zones/list", nil, database: "public", signedIn: false, method: .get).status == 200)
    }

    @Test("a signed request is accepted; a tampered body, an old date and the private database are refused")
    func signedRequests() throws {
        let h = try H()
        let body: JSONValue = ["operations": [H.op("create", "s1")]]
        #expect(h.signed("records/modify", body).status == 200)
        #expect(h.signed("records/modify", body, tamper: true).status == 401)
        #expect(h.signed("records/modify", body, date: Date().addingTimeInterval(-3600)).status == 401)
        let answer = h.signed("records/query", ["query": ["recordType": "Artist"]])
        #expect(answer.json["records"]?.arrayValue?.count == 1)
    }

    @Test("a contract's mistakes are located diagnostics with a suggestion")
    func contractDiagnostics() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ck-\(UUID().uuidString).yaml").path
        let text = """
            api: broken
            dialect: cloudkit
            container:
              identifier: iCloud.com.example.Broken
              record_types:
                Artist:
                  name: STRNG
                  label: { type: REFERENCE, target: Label }
            """
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let contract = try #require(ContractLoader(vocabulary: .treatyDialects).load(fileAt: file).contract)
        let diagnostics = CloudKitPlugin().decodeSchema(of: contract).diagnostics
        let typo = try #require(diagnostics.first { $0.message.contains("STRNG") })
        #expect(typo.location?.line == 7 && typo.details.contains { $0.contains("STRING") })
        #expect(diagnostics.contains { $0.message.contains("'Label', which is not declared") })
    }

    /// Loads a cloudkit contract whose container has `serverKeys` (a YAML list, indented).
    static func keyedContract(_ serverKeys: String) throws -> (Contract?, [Diagnostic]) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ck-\(UUID().uuidString).yaml").path
        let text = """
            api: keyed
            dialect: cloudkit
            container:
              identifier: iCloud.com.example.Keyed
              api_tokens: [keyed-token]
              server_keys:
            \(serverKeys)
              record_types:
                Artist:
                  name: STRING
            """
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let contract = try #require(ContractLoader(vocabulary: .treatyDialects).load(fileAt: file).contract)
        return (contract, CloudKitPlugin().decodeSchema(of: contract).diagnostics)
    }

    @Test("a contract's server_keys are keys the simulator verifies signatures with; a key that is not a PEM is located")
    func contractServerKeys() async throws {
        let (_, broken) = try Self.keyedContract("    - { key_id: broken-key, public_key: not a pem }")
        let diagnostic = try #require(broken.first { $0.message.contains("broken-key") })
        #expect(diagnostic.location?.line == 7)
        let key = P256.Signing.PrivateKey()
        let pem = key.publicKey.pemRepresentation.split(separator: "\n").map { "          " + $0 }.joined(separator: "\n")
        let (contract, diagnostics) = try Self.keyedContract("    - key_id: keyed-key\n      public_key: |\n\(pem)")
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        let options = try CloudKitServeOptions.parsing([])
        let backend = try #require(
            CloudKitPlugin().loadBackend(BackendSetup(contract: contract, fixtures: nil), options: options).backend)
        let (dialect, store) = (backend.makeDialect(), backend.makeStore())
        let path = "/database/1/iCloud.com.example.Keyed/development/public/records/query"
        let body = JSONValue.object(["query": ["recordType": "Artist"]]).serializedBytes()
        for (signer, status) in [(key, 200), (P256.Signing.PrivateKey(), 401)] {
            var headers = HTTPFields()
            for (name, value) in CloudKitRequestSigner.headers(
                keyID: "keyed-key", key: Array(signer.rawRepresentation), path: path, body: body)
            {
                if let field = HTTPField.Name(name) { headers[field] = value }
            }
            let response = dialect.respond(
                to: DialectRequest(method: .post, target: path, headers: headers, body: body), store: store)
            #expect(response.status.code == status)
        }
    }
}
