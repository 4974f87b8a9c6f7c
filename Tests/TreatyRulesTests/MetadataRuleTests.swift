import Testing
import TreatyCore
import TreatyJSON
import TreatyRules

@Suite struct MetadataRuleTests {
    let one = "GET /projects/{project_id}/tasks/{id}"

    @Test("RS-MD-1: timestamps are UTC with exactly three fraction digits", arguments: [
        ("2025-01-01T05:00:00Z", true), ("2025-01-01T05:00:00.000+00:00", true), ("2025-01-01 05:00:00.000Z", true),
        ("2025-01-01T05:00:00.000Z", false), ("2025-01-01T05:00:00.1234Z", true),
    ])
    func timestampFormat(value: String, violates: Bool) throws {
        let violations = try Demo.violations(.object(Demo.t1.with("updated_at", .string(value))), endpoint: one)
        #expect(violations.map(\.rule) == (violates ? ["RS-MD-1"] : []))
    }

    @Test("RS-MD-1: a missing created_at is reported by the metadata rule")
    func missingTimestamp() throws {
        let violations = try Demo.violations(.object(Demo.t1.with("created_at", nil)), endpoint: one)
        #expect(Demo.lines(violations) == [
            "RS-MD-1 /created_at: the record is missing 'created_at' | expected a string like \"2025-01-01T09:00:00.000Z\" (UTC, exactly 3 fraction digits, Z); found missing (the key is absent)"
        ])
    }

    @Test("RS-MD-2: updated_at never precedes created_at")
    func updatedBeforeCreated() throws {
        let violations = try Demo.violations(.object(Demo.t1.with("updated_at", "2024-12-31T23:59:59.999Z")), endpoint: one)
        #expect(Demo.lines(violations) == [
            "RS-MD-2 /updated_at: 'updated_at' is earlier than 'created_at' | expected updated_at at or after \"2025-01-01T05:00:00.000Z\"; found string \"2024-12-31T23:59:59.999Z\""
        ])
    }

    @Test("RS-MD-3: version is a non-negative integer", arguments: [JSONValue.string("7"), 7.5, -1, .null])
    func versionType(value: JSONValue) throws {
        let violations = try Demo.violations(.object(Demo.t1.with("version", value)), endpoint: one)
        #expect(violations.map(\.rule) == ["RS-MD-3"])
        #expect(violations.first?.message == "'version' is not a non-negative integer")
    }

    @Test("RS-MD-4: a tombstone is not served in a full list nor by id")
    func tombstoneHidden() throws {
        let list = try Demo.violations([.object(Demo.t1), .object(Demo.t5)], endpoint: "GET /projects/{project_id}/tasks")
        #expect(Demo.lines(list) == [
            "RS-MD-4 /1/deleted_at: a deleted record is in a full list | expected only live records (deleted_at: null); found string \"2025-01-01T10:00:00.000Z\""
        ])
        let byID = try Demo.violations(.object(Demo.t5), endpoint: one)
        #expect(Demo.lines(byID) == [
            "RS-MD-4 /deleted_at: a deleted record is served by id | expected a 404 response for a deleted record; found string \"2025-01-01T10:00:00.000Z\""
        ])
    }
}
