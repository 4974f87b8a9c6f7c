import Foundation
import HTTPTypes
import Testing
import TreatyCore
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
}
