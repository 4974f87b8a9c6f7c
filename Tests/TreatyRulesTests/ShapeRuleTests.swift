import Testing
import TreatyCore
import TreatyJSON
import TreatyRules

@Suite struct ShapeRuleTests {
    let list = "GET /projects/{project_id}/tasks"
    var nestedAssignee: JSONValue { .object(Demo.users[0]) }

    @Test("RS-SH-1: a nested relation where the endpoint declares foreign keys")
    func nestedWhereForeignKeys() throws {
        let record = Demo.t1.with("assignee_id", nil).with("assignee", nestedAssignee)
        let violations = try Demo.violations(.array([.object(record)]), endpoint: list)
        #expect(Demo.lines(violations) == [
            "RS-SH-1 /0/assignee: relation 'assignee' is nested, but this endpoint declares foreign keys | expected ids under 'assignee_id'; found an object"
        ])
    }

    @Test("RS-SH-2: foreign keys on some items and nested objects on others")
    func mixedAcrossItems() throws {
        let nested = Demo.t2.with("assignee_id", nil).with("assignee", nestedAssignee)
        let violations = try Demo.violations(.array([.object(Demo.t1), .object(nested)]), endpoint: list)
        #expect(Demo.lines(violations, rule: "RS-SH-2") == [
            "RS-SH-2 /1/assignee: relation 'assignee' changes shape between records | expected foreign keys, as at /0/assignee_id; found a nested object under 'assignee'"
        ])
    }

    @Test("RS-SH-2: both shapes in one object")
    func bothInOneObject() throws {
        let violations = try Demo.violations(.array([.object(Demo.t1.with("assignee", nestedAssignee))]), endpoint: list)
        #expect(Demo.lines(violations, rule: "RS-SH-2") == [
            "RS-SH-2 /0/assignee: relation 'assignee' is sent in both shapes in one object | expected either 'assignee_id' or 'assignee'; found both keys"
        ])
    }

    @Test("RS-SH-1: where a contract declares nested, nested objects carry their id")
    func declaredNested() throws {
        var contract = Demo.contract
        let index = try #require(contract.endpoints.firstIndex { $0.signature == list })
        contract.endpoints[index].shapes["assignee"] = .nested
        let plan = try CheckPlan(contract: contract, target: .endpoint(contract.endpoints[index]))
        var checker = ConformanceChecker(plan: plan)
        let good = Demo.t1.with("assignee_id", nil).with("assignee", nestedAssignee)
        #expect(checker.check(payload: [.object(good)]).isEmpty)
        let withoutID = Demo.t1.with("assignee_id", nil).with("assignee", ["display_name": "Ava"])
        #expect(Demo.lines(checker.check(payload: [.object(withoutID)])) == [
            "RS-SH-1 /0/assignee: a nested 'assignee' object has no 'id' | expected a nested object with its 'id' (children are upserted by id); found missing (the key is absent)"
        ])
        let foreign = checker.check(payload: [.object(Demo.t1)])
        #expect(Demo.lines(foreign) == [
            "RS-SH-1 /0/assignee_id: relation 'assignee' is sent as ids, but this endpoint declares nested objects | expected nested objects under 'assignee'; found string \"6513270E-269E-4D37-B2A7-4DE452E6B438\"",
            "RS-SH-2 /0/assignee_id: relation 'assignee' changes shape between records | expected nested objects, as at /0/assignee; found ids under 'assignee_id'",
        ])
    }
}
