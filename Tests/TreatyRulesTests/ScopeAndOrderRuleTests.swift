import Testing
import TreatyCore
import TreatyJSON
import TreatyRules

@Suite struct ScopeAndOrderRuleTests {
    @Test("RS-PS-1: T4 of P2 leaks into P1's list, named by the path")
    func leakAgainstPath() throws {
        let payload: JSONValue = [.object(Demo.t1), .object(Demo.t4)]
        let violations = try Demo.violations(payload, endpoint: "GET /projects/\(Demo.p1)/tasks")
        #expect(Demo.lines(violations, rule: "RS-PS-1") == [
            "RS-PS-1 /1/project_id: an item of another parent is listed under this parent | expected project_id \"36F675CC-81E7-4EF5-A8E2-5D940ED90475\", as in the path; found string \"6B0D549B-6F03-475A-9600-A35A099950D8\""
        ])
    }

    @Test("RS-PS-1: without a concrete path, items must share one parent")
    func leakAgainstFirstItem() throws {
        let payload: JSONValue = [.object(Demo.t1), .object(Demo.t2), .object(Demo.t4)]
        let violations = try Demo.violations(payload, endpoint: "GET /projects/{project_id}/tasks")
        #expect(Demo.lines(violations, rule: "RS-PS-1") == [
            "RS-PS-1 /2/project_id: items of different parents are listed together | expected project_id \"36F675CC-81E7-4EF5-A8E2-5D940ED90475\", as at /0/project_id; found string \"6B0D549B-6F03-475A-9600-A35A099950D8\""
        ])
    }

    @Test("RS-OR-1: lists sort by position, ties by id; P1 lists T1, T2, T3")
    func ordering() throws {
        let list = "GET /projects/{project_id}/tasks"
        #expect(try Demo.violations([.object(Demo.t1), .object(Demo.t2), .object(Demo.t3)], endpoint: list).isEmpty)
        let byPosition = try Demo.violations([.object(Demo.t2), .object(Demo.t1), .object(Demo.t3)], endpoint: list)
        #expect(Demo.lines(byPosition) == [
            "RS-OR-1 /1/position: the list is not sorted by 'position' | expected position ascending, then id: this item before /0; found 'position' 0 after 1"
        ])
        let tie = try Demo.violations([.object(Demo.t1), .object(Demo.t3), .object(Demo.t2)], endpoint: list)
        #expect(Demo.lines(tie) == [
            "RS-OR-1 /2/id: items with equal 'position' are not ordered by id | expected position ascending, then id: this item before /1; found id \"0FD630F1-F29D-4DA9-953F-48F1A09F76B5\" after id \"6B4CB242-4A23-4596-A217-BEADDBC496CB\""
        ])
    }

    @Test("RS-OR-1: ordering restarts with each payload")
    func orderingPerPayload() throws {
        let target = try EndpointReference.resolve("GET /projects/{project_id}/tasks", in: Demo.contract)
        var checker = ConformanceChecker(plan: try CheckPlan(contract: Demo.contract, target: target))
        #expect(checker.check(payload: [.object(Demo.t3)]).isEmpty)
        #expect(checker.check(payload: [.object(Demo.t1)]).isEmpty)
    }
}
