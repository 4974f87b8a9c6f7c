import Testing
import TreatyCore
import TreatyJSON
import TreatyRules

@Suite struct NullRuleTests {
    let one = "GET /projects/{project_id}/tasks/{id}"

    @Test("RS-NL-1: T2 with its null assignee_id and empty watcher_ids conforms")
    func explicitNullsConform() throws {
        #expect(Demo.t2["assignee_id"] == .null)
        #expect(Demo.t2["watcher_ids"] == [])
        #expect(try Demo.violations(.object(Demo.t2), endpoint: one).isEmpty)
    }

    @Test("RS-NL-1: a dropped null says missing, not null")
    func droppedNull() throws {
        let violations = try Demo.violations(
            .object(Demo.t2.with("assignee_id", nil).with("description", nil)), endpoint: one)
        #expect(
            Demo.lines(violations) == [
                "RS-NL-1 /description: the record is missing 'description' | expected a value or null; found missing (the key is absent, not null)",
                "RS-NL-1 /assignee_id: the record is missing 'assignee_id' | expected a value or null; found missing (the key is absent, not null)",
            ])
        #expect(violations.first?.fix == "emit 'description': null when there is no value")
    }

    @Test("RS-NL-1: a live record carries its tombstone key as null, not absent")
    func liveRecordWithoutTombstoneKey() throws {
        #expect(Demo.t2["deleted_at"] == .null)
        let violations = try Demo.violations(.object(Demo.t2.with("deleted_at", nil)), endpoint: one)
        #expect(
            Demo.lines(violations) == [
                "RS-NL-1 /deleted_at: the live record is missing its tombstone key 'deleted_at' | expected 'deleted_at': null on a live record; found missing (the key is absent, not null)"
            ])
        #expect(violations.first?.fix == "emit 'deleted_at': null on every live record")
    }

    @Test("RS-NL-1: a to-many without members is [] — neither missing nor null")
    func emptyToMany() throws {
        let missing = try Demo.violations(.object(Demo.t2.with("watcher_ids", nil)), endpoint: one)
        #expect(
            Demo.lines(missing) == [
                "RS-NL-1 /watcher_ids: the record is missing 'watcher_ids' | expected an array ([] for no members); found missing (the key is absent, not null)"
            ])
        let null = try Demo.violations(.object(Demo.t2.with("watcher_ids", .null)), endpoint: one)
        #expect(
            Demo.lines(null) == [
                "RS-NL-1 /watcher_ids: to-many 'watcher_ids' is null instead of [] | expected an array ([] for no members); found null",
                "TR-TYPE-1 /watcher_ids: 'watcher_ids' is null but not nullable | expected an array ([] for no members); found null",
            ])
    }

    @Test("RS-NL-5: to-many ids are a set, emitted sorted ascending")
    func idSets() throws {
        let ids = Demo.t1["watcher_ids"]?.arrayValue ?? []
        let reversed = try Demo.violations(.object(Demo.t1.with("watcher_ids", .array(ids.reversed()))), endpoint: one)
        #expect(
            Demo.lines(reversed) == [
                "RS-NL-5 /watcher_ids: 'watcher_ids' is not sorted ascending | expected members sorted ascending (byte-wise); found [\"D23F0824-128B-4F33-8C5C-7FD0A6A3A450\",\"9531985D-5D9D-49F8-9818-E811892F902B\"]"
            ])
        let doubled = try Demo.violations(.object(Demo.t1.with("watcher_ids", .array(ids + ids))), endpoint: one)
        #expect(doubled.map(\.rule) == ["RS-NL-5"])
        #expect(doubled.first?.message == "'watcher_ids' lists a member twice")
    }
}
