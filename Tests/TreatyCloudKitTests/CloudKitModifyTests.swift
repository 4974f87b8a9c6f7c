import Testing
import TreatyJSON

@testable import TreatyCloudKit

/// `records/modify`: every operation type with its change-tag and existence rules, atomic
/// batches in custom zones, and reference actions (cloudkit.md §4, §5, §12).
@Suite struct CloudKitModifyTests {
    typealias H = CloudKitHarness

    static func tag(_ answer: (status: Int, json: JSONValue), _ index: Int = 0) -> String? {
        answer.json["records"]?[index]?["recordChangeTag"]?.stringValue
    }

    static func code(_ answer: (status: Int, json: JSONValue), _ index: Int = 0) -> String? {
        answer.json["records"]?[index]?["serverErrorCode"]?.stringValue
    }

    @Test("create, then update with the tag: a new tag; a stale tag is CONFLICT and writes nothing")
    func changeTags() throws {
        let h = try H()
        let created = h.modify([H.op("create", "a1", fields: ["name": ["value": "Mei"]])])
        let first = try #require(Self.tag(created), "\(created.json)")
        let updated = h.modify([H.op("update", "a1", tag: first, fields: ["name": ["value": "Mei Chen"]])])
        let second = try #require(Self.tag(updated), "\(updated.json)")
        #expect(second != first)
        let stale = h.modify([H.op("update", "a1", tag: first, fields: ["name": ["value": "stale"]])])
        #expect(stale.status == 200 && Self.code(stale) == "CONFLICT")
        #expect(stale.json["records"]?[0]?["uuid"]?.stringValue != nil)
        let lookup = h.call("records/lookup", ["records": [["recordName": "a1"]]])
        #expect(lookup.json["records"]?[0]?["fields"]?["name"]?["value"] == "Mei Chen")
        #expect(Self.tag(lookup) == second)
    }

    @Test("every operation type meets a missing or existing record as the table of §5 says")
    func operationTypes() throws {
        let h = try H()
        #expect(Self.code(h.modify([H.op("update", "none", tag: "1")])) == "NOT_FOUND")
        #expect(Self.code(h.modify([H.op("replace", "none", tag: "1")])) == "NOT_FOUND")
        #expect(Self.code(h.modify([H.op("delete", "none", tag: "1")])) == "NOT_FOUND")
        #expect(Self.code(h.modify([H.op("forceDelete", "none")])) == "NOT_FOUND")
        #expect(Self.tag(h.modify([H.op("forceUpdate", "f1", fields: ["n": ["value": 1]])])) != nil)
        #expect(Self.code(h.modify([H.op("create", "f1")])) == "EXISTS")
        let replaced = h.modify([H.op("forceReplace", "f1", fields: ["m": ["value": 2]])])
        #expect(replaced.json["records"]?[0]?["fields"]?["n"] == nil, "replace keeps no unsent field")
        let tag = try #require(Self.tag(replaced))
        #expect(Self.code(h.modify([H.op("delete", "f1", tag: "stale")])) == "CONFLICT")
        let deleted = h.modify([H.op("delete", "f1", tag: tag)])
        #expect(deleted.json["records"]?[0]?["deleted"] == .bool(true))
        let server = h.modify([H.op("create", nil, fields: ["n": ["value": 3]])])
        #expect(server.json["records"]?[0]?["recordName"]?.stringValue?.isEmpty == false)
    }

    @Test("an atomic batch in a custom zone writes nothing when one operation fails; the default zone is not atomic")
    func atomicBatches() throws {
        let h = try H()
        #expect(h.createZone("Studio").status == 200)
        let batch = [H.op("create", "s1"), H.op("update", "missing", tag: "1")]
        let atomic = h.modify(batch, zone: "Studio")
        #expect(Self.code(atomic, 0) == "ATOMIC_ERROR" && Self.code(atomic, 1) == "NOT_FOUND")
        let lookup = h.call("records/lookup", ["records": [["recordName": "s1"]], "zoneID": ["zoneName": "Studio"]])
        #expect(Self.code(lookup) == "NOT_FOUND")
        let loose = h.modify(batch, zone: "Studio", atomic: false)
        #expect(Self.tag(loose, 0) != nil && Self.code(loose, 1) == "NOT_FOUND")
        let plain = h.modify([H.op("create", "d1"), H.op("update", "missing", tag: "1")])
        #expect(Self.tag(plain, 0) != nil, "the default zone applies each operation on its own")
    }

    @Test("VALIDATE references need their target and keep it alive; DELETE_SELF goes with its target")
    func referenceActions() throws {
        let h = try H()
        let nobody: JSONValue = ["value": ["recordName": "nobody", "action": "VALIDATE"], "type": "REFERENCE"]
        let dangling = h.modify([H.op("create", "w1", recordType: "Work", fields: ["artist": nobody])])
        #expect(Self.code(dangling) == "VALIDATING_REFERENCE_ERROR")
        _ = h.modify([H.op("create", "a1"), H.op("create", "a2")])
        _ = h.modify([
            H.op("create", "w1", recordType: "Work", fields: ["artist": ["value": ["recordName": "a1", "action": "VALIDATE"], "type": "REFERENCE"]]),
            H.op("create", "w2", recordType: "Work", fields: ["artist": ["value": ["recordName": "a2", "action": "DELETE_SELF"], "type": "REFERENCE"]]),
        ])
        #expect(Self.code(h.modify([H.op("forceDelete", "a1")])) == "VALIDATING_REFERENCE_ERROR")
        #expect(h.modify([H.op("forceDelete", "a2")]).json["records"]?[0]?["deleted"] == .bool(true))
        let works = h.call("records/lookup", ["records": [["recordName": "w1"], ["recordName": "w2"]]])
        #expect(Self.code(works, 0) == nil && Self.code(works, 1) == "NOT_FOUND")
    }

    @Test("request-level refusals: over 200 operations, two operations on one record, bad JSON")
    func requestLevel() throws {
        let h = try H()
        let many = h.modify((0...200).map { H.op("create", "r\($0)") })
        #expect(many.status == 400 && many.json["serverErrorCode"] == "BAD_REQUEST")
        let twice = h.modify([H.op("create", "x"), H.op("forceUpdate", "x")])
        #expect(twice.status == 400)
        let big = h.modify([H.op("create", "big", fields: ["text": ["value": .string(String(repeating: "x", count: 1_000_001))]])])
        #expect(big.status == 200 && Self.code(big) == "BAD_REQUEST", "a record over 1 MB is refused")
        let missingZone = h.modify([H.op("create", "x")], zone: "Nowhere")
        #expect(missingZone.status == 404 && missingZone.json["serverErrorCode"] == "ZONE_NOT_FOUND")
    }

    @Test("development learns record types on first save; production refuses them")
    func schemaByEnvironment() throws {
        let h = try H()
        #expect(Self.tag(h.modify([H.op("create", "n1", recordType: "Note", fields: ["text": ["value": "hi"]])])) != nil)
        let typed = h.modify([H.op("create", "n2", recordType: "Note", fields: ["text": ["value": 5]])])
        #expect(Self.code(typed) == "BAD_REQUEST", "a learned STRING field refuses a number")
        let production = h.call(
            "records/modify", ["operations": [H.op("create", "n1", recordType: "Note")]], environment: "production")
        #expect(production.json["records"]?[0]?["serverErrorCode"] == "BAD_REQUEST")
    }
}
