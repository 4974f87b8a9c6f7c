import Testing
import TreatyCore
import TreatyJSON
import TreatyRules

@Suite struct PayloadCheckTests {
    func check(_ text: String, endpoint: String = "GET /projects/{project_id}/tasks", limit: Int = 1000) throws -> PayloadResult {
        let plan = try CheckPlan(contract: Demo.contract, target: try EndpointReference.resolve(endpoint, in: Demo.contract))
        var check = PayloadCheck(plan: plan, maxViolationsPerPayload: limit)
        return check.check(Array(text.utf8), name: "payload.json")
    }

    @Test("streamed list items carry the line and column where each record starts")
    func positions() throws {
        let t1 = Demo.t1.with("watcher_ids", nil)
        let text = "[\n  " + JSONValue.object(t1).serialized() + ",\n  " + JSONValue.object(Demo.t2).serialized() + "\n]"
        let result = try check(text)
        #expect(result.records == 2)
        #expect(result.violations.map { "\($0.rule) \($0.position?.line ?? 0):\($0.position?.column ?? 0)" } == ["RS-NL-1 2:3"])
    }

    @Test("violations beyond the limit are counted, not kept")
    func limit() throws {
        let item = JSONValue.object(Demo.t1.with("local_id", 1)).serialized()
        let result = try check("[" + Array(repeating: item, count: 5).joined(separator: ",") + "]", limit: 2)
        #expect(result.violations.count == 2)
        #expect(result.counts.errors == 9)
        #expect(result.omitted == 7)
    }

    @Test("invalid JSON is a failure with the parser's position, not a violation")
    func invalidJSON() throws {
        let result = try check("[{\"id\": 1,}]")
        let failure = try #require(result.failure)
        #expect(DiagnosticRenderer().render(failure).hasPrefix("payload.json:1:11: error: [json."))
        #expect(!result.conforms)
    }

    @Test("a payload that is a bare string, number, boolean or null cannot be checked", arguments: [
        "\"tasks\"", "42", "true", "null",
    ])
    func bareScalar(text: String) throws {
        let result = try check(text)
        let failure = try #require(result.failure)
        #expect(failure.rule == "unusable-payload")
        #expect(failure.message.hasSuffix("not a record object or a list of records"))
    }

    @Test("an empty list conforms")
    func emptyList() throws {
        let result = try check("[]")
        #expect(result.conforms && result.records == 0)
    }
}

@Suite struct EndpointReferenceTests {
    @Test("a concrete request resolves to its template with path and query values")
    func concrete() throws {
        let target = try EndpointReference.resolve("get /projects/P1/tasks?updated_after=2025-01-01T00%3A00%3A00.000Z", in: Demo.contract)
        guard case .endpoint(let endpoint, let request) = target else {
            Issue.record("expected an endpoint")
            return
        }
        #expect(endpoint.signature == "GET /projects/{project_id}/tasks")
        #expect(request == RequestValues(path: ["project_id": "P1"], query: ["updated_after": "2025-01-01T00:00:00.000Z"]))
    }

    @Test("an unknown endpoint names the closest one and lists the rest")
    func unknown() {
        #expect(throws: CheckSetupError.self) { try EndpointReference.resolve("GET /project/{project_id}/tasks", in: Demo.contract) }
        do {
            _ = try EndpointReference.resolve("GET /projcts", in: Demo.contract)
        } catch {
            #expect("\(error)".hasPrefix("the contract has no endpoint matching 'GET /projcts' (did you mean 'GET /projects'?); it declares: GET /users, GET /projects"))
        }
        do {
            _ = try EndpointReference.resolve("/projects", in: Demo.contract)
        } catch {
            #expect("\(error)" == "'/projects' does not name an endpoint; write it as 'METHOD /path', e.g. 'GET /projects/{project_id}/tasks'")
        }
    }
}
