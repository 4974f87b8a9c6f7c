import Testing
import TreatyCore
import TreatyJSON
import TreatyRules

@testable import TreatyPocketBase

/// The `PB-*` rules on hand-written answers of the blog schema's `tags` and `users`.
@Suite struct PocketBaseConformanceTests {
    static let collections =
        (try? PocketBaseSchemaLoader().load(fileAt: Fixtures.path("blog-pb_schema.json")).get()) ?? []
    static var tags: PocketBaseCollection {
        collections.first { $0.name == "tags" } ?? PocketBaseCollection(name: "tags")
    }
    static var users: PocketBaseCollection {
        collections.first { $0.name == "users" } ?? PocketBaseCollection(name: "users")
    }

    let conformance = PocketBaseConformance(collections: Self.collections, callerSeesEmails: false)

    func tag(_ changes: [String: JSONValue] = [:], removing: [String] = []) -> JSONValue {
        var record: JSONObject = [
            "collectionId": .string(Self.tags.id), "collectionName": "tags", "id": "abcdefghij12345", "name": "go",
            "created": "2025-03-04 05:06:07.089Z", "updated": "2025-03-04 05:06:07.089Z",
        ]
        for (key, value) in changes { record[key] = value }
        for key in removing { record[key] = nil }
        return .object(record)
    }

    func rules(_ violations: [RuleViolation]) -> [String] {
        violations.map { "\($0.rule.rawValue) \($0.pointer)" }
    }

    @Test("a well-formed record and list pass")
    func wellFormed() {
        #expect(conformance.checkRecord(tag(), collection: Self.tags).isEmpty)
        let list: JSONValue = ["page": 1, "perPage": 30, "totalItems": 1, "totalPages": 1, "items": [tag()]]
        #expect(conformance.checkList(list, collection: Self.tags).isEmpty)
    }

    @Test("a fields= selection lets the keys it leaves out be missing, and still judges the ones it keeps")
    func fieldSelection() {
        #expect(PocketBasePayloadChecker.selection("fields=id,name:excerpt(5),expand.tag.name&page=2") == ["id", "name", "expand"])
        #expect(PocketBasePayloadChecker.selection("fields=*,expand.tag") == nil)
        #expect(PocketBasePayloadChecker.selection("page=2") == nil)
        let selected: Set<String> = ["id", "name"]
        let narrow = tag(removing: ["collectionId", "collectionName", "created", "updated"])
        #expect(conformance.checkRecord(narrow, collection: Self.tags, selected: selected).isEmpty)
        #expect(rules(conformance.checkRecord(narrow, collection: Self.tags)).contains("PB-FIELD-1 /created"))
        let list: JSONValue = ["page": 1, "perPage": 30, "totalItems": 1, "totalPages": 1, "items": [tag(["name": 42], removing: ["created"])]]
        #expect(rules(conformance.checkList(list, collection: Self.tags, selected: selected)) == ["PB-TYPE-1 /items/0/name"])
        let missingKept = tag(removing: ["name", "created"])
        #expect(rules(conformance.checkRecord(missingKept, collection: Self.tags, selected: selected)) == ["PB-FIELD-1 /name"])
    }

    @Test(
        "each broken record names its rule and pointer",
        arguments: [
            (["id": "ABC"] as [String: JSONValue], [String](), "PB-REC-1 /id"),
            (["collectionName": "posts"], [], "PB-REC-1 /collectionName"),
            ([:], ["name"], "PB-FIELD-1 /name"),
            (["name": nil], [], "PB-TYPE-1 /name"),
            (["name": 42], [], "PB-TYPE-1 /name"),
            (["created": "2025-03-04T05:06:07Z"], [], "PB-DATE-1 /created"),
        ])
    func brokenRecord(changes: [String: JSONValue], removing: [String], expected: String) {
        #expect(rules(conformance.checkRecord(tag(changes, removing: removing), collection: Self.tags)) == [expected])
    }

    @Test("auth records hide password and tokenKey, and a hidden email")
    func hidden() {
        let user: JSONValue = [
            "collectionId": .string(Self.users.id), "collectionName": "users", "id": "abcdefghij12345",
            "email": "a@example.com", "emailVisibility": false, "verified": false, "name": "", "avatar": "",
            "tokenKey": "secret", "created": "2025-03-04 05:06:07.089Z", "updated": "2025-03-04 05:06:07.089Z",
        ]
        #expect(
            rules(conformance.checkRecord(user, collection: Self.users)) == ["PB-HIDE-1 /tokenKey", "PB-HIDE-1 /email"])
        let superuser = PocketBaseConformance(collections: Self.collections, callerSeesEmails: true)
        #expect(rules(superuser.checkRecord(user, collection: Self.users)) == ["PB-HIDE-1 /tokenKey"])
    }

    @Test("a list envelope with a string count and no items breaks PB-LIST-1")
    func brokenList() {
        let list: JSONValue = ["page": "1", "perPage": 30, "totalItems": 0, "totalPages": 0]
        #expect(rules(conformance.checkList(list, collection: Self.tags)) == ["PB-LIST-1 /page", "PB-LIST-1 /items"])
    }

    @Test("an error body needs status, message and data")
    func errorBody() {
        let good: JSONValue = ["status": 404, "message": "The requested resource wasn't found.", "data": [:]]
        #expect(conformance.checkError(good, status: 404).isEmpty)
        let bad: JSONValue = ["code": 404, "message": "Not found."]
        #expect(rules(conformance.checkError(bad, status: 404)) == ["PB-ERR-1 /status", "PB-ERR-1 /data"])
        #expect(rules(conformance.checkError(nil, status: 404)) == ["PB-ERR-1 "])
    }
}
