import Testing
import TreatyCore
import TreatyJSON
import TreatyRules

@Suite struct IdentityRuleTests {
    let list = "GET /projects/{project_id}/tasks"

    @Test("the reference list of P1 conforms to every rule")
    func referenceListConforms() throws {
        let payload = JSONValue.array([.object(Demo.t1), .object(Demo.t2), .object(Demo.t3)])
        #expect(try Demo.violations(payload, endpoint: "GET /projects/\(Demo.p1)/tasks").isEmpty)
    }

    @Test("RS-ID-1: a record without id is reported as missing")
    func missingID() throws {
        let violations = try Demo.violations(.array([.object(Demo.t1.with("id", nil))]), endpoint: list)
        #expect(Demo.lines(violations, rule: "RS-ID-1") == [
            "RS-ID-1 /0/id: the record has no 'id' | expected a UUID string; found missing (the key is absent)"
        ])
    }

    @Test("RS-ID-1: an id whose JSON type changes between records breaks the declared type, once")
    func idTypeChanges() throws {
        let payload = JSONValue.array([.object(Demo.t1), .object(Demo.t2.with("id", 42))])
        #expect(Demo.lines(try Demo.violations(payload, endpoint: list), rule: "RS-ID-1") == [
            "RS-ID-1 /1/id: the id is not a UUID string | expected a UUID string; found number 42"
        ])
    }

    @Test("RS-ID-1: every payload of a run is held to the declared id type")
    func idTypeAcrossPayloads() throws {
        let target = try EndpointReference.resolve("GET /projects/{project_id}/tasks/{id}", in: Demo.contract)
        var checker = ConformanceChecker(plan: try CheckPlan(contract: Demo.contract, target: target))
        #expect(checker.check(payload: .object(Demo.t1)).isEmpty)
        let second = checker.check(payload: .object(Demo.t2.with("id", "42")))
        #expect(Demo.lines(second, rule: "RS-ID-1") == [
            "RS-ID-1 /id: the id is not a UUID string | expected a UUID string; found string \"42\""
        ])
        let third = checker.check(payload: .object(Demo.t3.with("id", 7)))
        #expect(Demo.lines(third, rule: "RS-ID-1") == [
            "RS-ID-1 /id: the id is not a UUID string | expected a UUID string; found number 7"
        ])
    }

    @Test("RS-ID-1: a list that holds one id twice")
    func duplicateIDInList() throws {
        let payload = JSONValue.array([.object(Demo.t1), .object(Demo.t1.with("position", 5))])
        #expect(Demo.lines(try Demo.violations(payload, endpoint: list), rule: "RS-ID-1") == [
            "RS-ID-1 /1/id: id \"0CB1E29C-658C-4A14-95E6-0AF593BD04CF\" appears twice in one list | expected each id once; found the same id as /0/id"
        ])
    }

    @Test("RS-ID-2: GET by id answers the id exactly as requested, byte for byte")
    func idEcho() throws {
        let lower = Demo.t1["id"]?.stringValue?.lowercased() ?? ""
        let endpoint = "GET /projects/\(Demo.p1)/tasks/\(Demo.t1["id"]?.stringValue ?? "")"
        #expect(try Demo.violations(.object(Demo.t1), endpoint: endpoint).isEmpty)
        let violations = try Demo.violations(.object(Demo.t1.with("id", .string(lower))), endpoint: endpoint)
        #expect(Demo.lines(violations, rule: "RS-ID-2") == [
            "RS-ID-2 /id: the id differs in case from the one requested | expected id \"0CB1E29C-658C-4A14-95E6-0AF593BD04CF\" exactly as requested; found string \"0cb1e29c-658c-4a14-95e6-0af593bd04cf\""
        ])
        let other = try Demo.violations(.object(Demo.t2), endpoint: endpoint)
        #expect(Demo.lines(other, rule: "RS-ID-2") == [
            "RS-ID-2 /id: the response carries another record than the one requested | expected id \"0CB1E29C-658C-4A14-95E6-0AF593BD04CF\" exactly as requested; found string \"0FD630F1-F29D-4DA9-953F-48F1A09F76B5\""
        ])
    }

    @Test("RS-ID-3: internal keys never leak", arguments: ["local_id", "remote_id", "rowid", "_id"])
    func internalKeys(key: String) throws {
        let violations = try Demo.violations(.array([.object(Demo.t1.with(key, 17))]), endpoint: list)
        #expect(Demo.lines(violations) == [
            "RS-ID-3 /0/\(key): internal key '\(key)' leaks into the payload | expected no '\(key)' key (records are identified by 'id' only); found number 17"
        ])
    }

    @Test("RS-ID-4: a record of another parent served under this parent's scope")
    func scopedIdentity() throws {
        let endpoint = "GET /projects/\(Demo.p2)/tasks/\(Demo.t1["id"]?.stringValue ?? "")"
        let violations = try Demo.violations(.object(Demo.t1), endpoint: endpoint)
        #expect(Demo.lines(violations) == [
            "RS-ID-4 /project_id: a record of another parent is served in this parent's scope | expected project_id \"6B0D549B-6F03-475A-9600-A35A099950D8\" (or a 404 response); found string \"36F675CC-81E7-4EF5-A8E2-5D940ED90475\""
        ])
    }
}
