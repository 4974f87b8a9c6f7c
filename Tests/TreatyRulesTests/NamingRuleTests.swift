import Testing
import TreatyCore
import TreatyJSON
import TreatyRules

@Suite struct NamingRuleTests {
    let one = "GET /projects/{project_id}/tasks/{id}"

    @Test("RS-NM-1: a camelCase key names the declared snake_case key it stands for")
    func camelCaseKey() throws {
        let violations = try Demo.violations(.object(Demo.t1.renaming("created_at", to: "createdAt")), endpoint: one)
        #expect(Demo.lines(violations) == [
            "RS-NM-1 /createdAt: key 'createdAt' is not snake_case | expected key 'created_at'; found key 'createdAt' with string \"2025-01-01T05:00:00.000Z\""
        ])
    }

    @Test("RS-NM-1: an undeclared key that is not snake_case")
    func unconventionalKey() throws {
        let violations = try Demo.violations(.object(Demo.t1.with("dueDate", nil).with("Priority", 1)), endpoint: one)
        #expect(Demo.lines(violations) == [
            "RS-NM-1 /Priority: key 'Priority' is not snake_case | expected a snake_case key such as 'priority'; found key 'Priority' with number 1"
        ])
    }

    @Test("RS-NM-2: relation keys in another form", arguments: [
        ("watchers_ids", "watcher_ids"), ("watcherIds", "watcher_ids"), ("assigneeId", "assignee_id"),
    ])
    func relationForms(wrong: String, right: String) throws {
        let violations = try Demo.violations(.object(Demo.t1.renaming(right, to: wrong)), endpoint: one)
        let rule = wrong.contains("_") ? "RS-NM-2" : "RS-NM-1"
        #expect(violations.map(\.rule) == [RuleID(rawValue: rule)])
        #expect(violations.first?.pointer.description == "/\(wrong)")
        #expect(violations.first?.expected == "key '\(right)'")
    }

    @Test("RS-NM-2: ids sent under the relation's own name")
    func idsUnderRelationName() throws {
        let record = Demo.t1.renaming("assignee_id", to: "assignee").renaming("watcher_ids", to: "watchers")
        let violations = try Demo.violations(.object(record), endpoint: one)
        #expect(Demo.lines(violations) == [
            "RS-NM-2 /assignee: relation 'assignee' carries ids under its nested key | expected ids under 'assignee_id', or nested objects under 'assignee'; found string \"6513270E-269E-4D37-B2A7-4DE452E6B438\"",
            "RS-NM-2 /watchers: relation 'watchers' carries ids under its nested key | expected ids under 'watcher_ids', or nested objects under 'watchers'; found an array of 2",
        ])
    }

    @Test("TR-KEY-1: an undeclared conventional key is a warning, with a suggestion for typos")
    func undeclaredKey() throws {
        let violations = try Demo.violations(.object(Demo.t1.with("titel", "x").with("priority", 2)), endpoint: one)
        #expect(Demo.lines(violations) == [
            "TR-KEY-1 /titel: key 'titel' is not declared for 'task' | expected only declared keys; found string \"x\"",
            "TR-KEY-1 /priority: key 'priority' is not declared for 'task' | expected only declared keys; found number 2",
        ])
        #expect(violations.allSatisfy { $0.severity == .warning })
        #expect(violations.first?.fix == "did you mean 'title'? otherwise declare 'titel' in the contract, or stop sending it")
    }
}
