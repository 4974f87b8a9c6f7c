import Testing
import TreatyCore
import TreatyJSON
import TreatyRules

@Suite struct ValueRuleTests {
    let one = "GET /projects/{project_id}/tasks/{id}"

    @Test("TR-TYPE-1: values have their declared types", arguments: [
        ("position", JSONValue.string("0"), "an integer"),
        ("position", JSONValue.number(JSONNumber(text: "1.5") ?? JSONNumber(0)), "an integer"),
        ("title", JSONValue.number(JSONNumber(5)), "a string"),
        ("assignee_id", JSONValue.number(JSONNumber(5)), "a UUID string or null"),
        ("watcher_ids", JSONValue.array(["x"]), "an array of UUID strings"),
    ] as [(String, JSONValue, String)])
    func wrongTypes(key: String, value: JSONValue, expected: String) throws {
        let violations = try Demo.violations(.object(Demo.t1.with(key, value)), endpoint: one)
        #expect(violations.map(\.rule) == ["TR-TYPE-1"])
        #expect(violations.first?.expected == expected)
        #expect(violations.first?.message == "'\(key)' has the wrong type")
    }

    @Test("TR-TYPE-1: null only where nullable")
    func nullOnlyWhereNullable() throws {
        let violations = try Demo.violations(.object(Demo.t1.with("title", .null).with("author_id", .null)), endpoint: one)
        #expect(Demo.lines(violations) == [
            "TR-TYPE-1 /title: 'title' is null but not nullable | expected a string (not null); found null",
            "TR-TYPE-1 /author_id: 'author_id' is null but not nullable | expected a UUID string (not null); found null",
        ])
        #expect(violations.first?.fix == "send a value, or declare 'title' nullable: true")
    }

    @Test("TR-VAL-1: enum, trimmed length and minimum")
    func constraints() throws {
        let record = Demo.t1.with("state", "in_progress").with("title", "   ").with("position", -1)
        let violations = try Demo.violations(.object(record), endpoint: one)
        #expect(Demo.lines(violations) == [
            "TR-VAL-1 /title: 'title' breaks its value rule | expected at least 1 character after trimming; found string \"   \"",
            "TR-VAL-1 /state: 'state' breaks its value rule | expected one of: \"todo\", \"inProgress\", \"done\"; found string \"in_progress\"",
            "TR-VAL-1 /position: 'position' breaks its value rule | expected a number ≥ 0; found number -1",
        ])
        let long = try Demo.violations(.object(Demo.t1.with("title", .string(String(repeating: "x", count: 81)))), endpoint: one)
        #expect(long.first?.expected == "at most 80 characters after trimming (found 81)")
    }

    @Test("TR-BODY-1: a list endpoint answers an array, a single-record endpoint an object")
    func bodyShape() throws {
        let list = try Demo.violations(.object(Demo.t1), endpoint: "GET /projects/{project_id}/tasks")
        #expect(Demo.lines(list, rule: "TR-BODY-1") == [
            "TR-BODY-1 : a list endpoint answered something other than an array | expected a JSON array of task records; found an object"
        ])
        let single = try Demo.violations([.object(Demo.t1)], endpoint: one)
        #expect(Demo.lines(single, rule: "TR-BODY-1") == [
            "TR-BODY-1 : a single-record endpoint answered an array | expected one task object; found an array"
        ])
        let items = try Demo.violations(["T1", 7], endpoint: "GET /projects/{project_id}/tasks")
        #expect(Demo.lines(items) == [
            "TR-BODY-1 /0: a record is not a JSON object | expected a task object; found string \"T1\"",
            "TR-BODY-1 /1: a record is not a JSON object | expected a task object; found number 7",
        ])
    }

    @Test("bare records of a resource skip endpoint rules such as ordering and scope")
    func bareRecords() throws {
        let payload: JSONValue = [.object(Demo.t3), .object(Demo.t4), .object(Demo.t1)]
        #expect(try Demo.violations(payload, resource: "task").isEmpty)
        #expect(try Demo.violations(.object(Demo.users[0].renaming("display_name", to: "displayName")), resource: "user")
            .map(\.rule) == ["RS-NM-1"])
    }

    @Test("every built-in rule has a distinct id and a requirement")
    func catalog() {
        let ids = ConformanceRule.recordRules.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ConformanceRule.recordRules.allSatisfy { !$0.requirement.isEmpty })
        #expect(ConformanceRule.named("RS-NL-1")?.requirement == "responses carry every declared key: an absent value is null, no members []")
    }
}
