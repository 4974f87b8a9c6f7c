import Foundation
import HTTPTypes
import Testing
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyTestSupport

@testable import TreatyCloudKit

/// The user operations (`users/current`, `users/caller`, `users/discover`, `users/lookup/email`,
/// `users/lookup/id`) served from the contract's users, and references saved without an action.
@Suite("CloudKit users and reference actions")
struct CloudKitUserTests {
    /// A container with the signed-in user Mei, the discoverable Ada and the private Ben.
    static func harness() throws -> CloudKitHarness {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ck-\(UUID().uuidString).yaml").path
        let text = """
            api: people
            dialect: cloudkit
            container:
              identifier: \(CloudKitHarness.container)
              api_tokens: [\(CloudKitHarness.apiToken)]
              users:
                - { record_name: _mei, web_auth_token: \(CloudKitHarness.webToken), first_name: Mei, last_name: Chen,
                    email: mei@example.com, phone: "+1 555 0100" }
                - { record_name: _ada, web_auth_token: ada-token, first_name: Ada, last_name: Okafor,
                    email: Ada@Example.com, phone: "+1 (555) 0101" }
                - { record_name: _ben, web_auth_token: ben-token, first_name: Ben, last_name: Ito,
                    email: ben@example.com, discoverable: false }
              record_types:
                Artist:
                  name: STRING
                Work:
                  artist: { type: REFERENCE, target: Artist }
            """
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let contract = try #require(ContractLoader(vocabulary: .treatyDialects).load(fileAt: file).contract)
        return try CloudKitHarness(contract: contract)
    }

    @Test("users/caller answers the signed-in user's identity with its lookup info and name")
    func caller() throws {
        let h = try Self.harness()
        let answer = h.call("users/caller", database: "public", method: .get)
        #expect(answer.status == 200)
        let identity = try #require(answer.json["users"]?.arrayValue?.first)
        #expect(identity["userRecordName"] == "_mei")
        #expect(identity["lookupInfo"]?["emailAddress"] == "mei@example.com")
        #expect(identity["nameComponents"] == ["givenName": "Mei", "familyName": "Chen"])
        #expect(h.call("users/caller", database: "public", signedIn: false, method: .get).json["serverErrorCode"] == "AUTHENTICATION_REQUIRED")
    }

    @Test("GET users/discover lists the other discoverable users; a private user is left out")
    func discoverAll() throws {
        let h = try Self.harness()
        let answer = h.call("users/discover", database: "public", method: .get)
        #expect(answer.status == 200)
        let names = answer.json["users"]?.arrayValue?.compactMap { $0["userRecordName"]?.stringValue }
        #expect(names == ["_ada"])
    }

    @Test("POST users/discover answers each lookup info in order; an unknown or private user only echoes it")
    func discoverByLookupInfo() throws {
        let h = try Self.harness()
        let body: JSONValue = [
            "lookupInfos": [
                ["emailAddress": "ada@example.com"], ["phoneNumber": "+15550101"], ["userRecordName": "_ben"],
                ["emailAddress": "nobody@example.com"],
            ]
        ]
        let answer = h.call("users/discover", body, database: "public")
        #expect(answer.status == 200)
        let users = try #require(answer.json["users"]?.arrayValue)
        #expect(users.count == 4)
        #expect(users[0]["userRecordName"] == "_ada" && users[0]["nameComponents"]?["givenName"] == "Ada")
        #expect(users[0]["lookupInfo"] == ["emailAddress": "ada@example.com"])
        #expect(users[1]["userRecordName"] == "_ada")
        #expect(users[2] == ["lookupInfo": ["userRecordName": "_ben"]])
        #expect(users[3] == ["lookupInfo": ["emailAddress": "nobody@example.com"]])
    }

    @Test("users/lookup/email and users/lookup/id find discoverable users; by id without the email")
    func lookups() throws {
        let h = try Self.harness()
        let byEmail = h.call(
            "users/lookup/email", ["users": [["emailAddress": "ADA@example.com"], ["emailAddress": "ben@example.com"]]],
            database: "public")
        #expect(byEmail.status == 200)
        #expect(
            byEmail.json["users"] == [
                ["userRecordName": "_ada", "firstName": "Ada", "lastName": "Okafor", "emailAddress": "Ada@Example.com"]
            ])
        let byID = h.call("users/lookup/id", ["users": [["userRecordName": "_mei"], ["userRecordName": "_ben"]]], database: "public")
        #expect(byID.json["users"] == [["userRecordName": "_mei", "firstName": "Mei", "lastName": "Chen"]])
    }

    @Test("a malformed lookup is BAD_REQUEST naming the entry; a wrong method names the ones it takes")
    func badLookups() throws {
        let h = try Self.harness()
        let missing = h.call("users/discover", ["users": []], database: "public")
        #expect(missing.status == 400 && missing.json["reason"]?.stringValue?.contains("lookupInfos") == true)
        let empty = h.call("users/lookup/email", ["users": [["userRecordName": "_ada"]]], database: "public")
        #expect(empty.status == 400 && empty.json["reason"]?.stringValue?.contains("users[0] needs one of 'emailAddress'") == true)
        let wrongMethod = h.call("users/lookup/id", database: "public", method: .get)
        #expect(wrongMethod.status == 400 && wrongMethod.json["reason"]?.stringValue?.contains("takes POST, not GET") == true)
    }

    @Test("users/current shows the name of a discoverable user only")
    func currentUser() throws {
        let h = try Self.harness()
        #expect(h.call("users/current", database: "public", method: .get).json["firstName"] == "Mei")
        let hidden = h.call("users/current", database: "public", query: "ckAPIToken=\(CloudKitHarness.apiToken)&ckWebAuthToken=ben-token", method: .get)
        #expect(hidden.json == ["userRecordName": "_ben"])
    }

    @Test("saving a reference without an action is refused for that record; a fixture may leave it out")
    func referenceWithoutAction() throws {
        let h = try Self.harness()
        _ = h.modify([CloudKitHarness.op("create", "a1", fields: ["name": ["value": "Ada", "type": "STRING"]])])
        let answer = h.modify([
            CloudKitHarness.op("create", "w1", recordType: "Work", fields: ["artist": ["value": ["recordName": "a1"], "type": "REFERENCE"]]),
            CloudKitHarness.op("create", "w2", recordType: "Work", fields: ["artist": ["value": ["recordName": "a1", "action": "NONE"], "type": "REFERENCE"]]),
        ])
        #expect(answer.status == 200)
        let records = try #require(answer.json["records"]?.arrayValue)
        #expect(records[0]["serverErrorCode"] == "BAD_REQUEST")
        #expect(records[0]["reason"]?.stringValue?.contains("field 'artist' has no 'action'") == true)
        #expect(records[1]["recordName"] == "w2" && records[1]["serverErrorCode"] == nil)
        let stored = try CloudKitFieldValue.stored(
            ["value": ["recordName": "a1"], "type": "REFERENCE"], field: "artist", declared: .reference, zone: .null,
            source: .fixture)
        #expect(stored?.value["action"] == "NONE")
    }
}
