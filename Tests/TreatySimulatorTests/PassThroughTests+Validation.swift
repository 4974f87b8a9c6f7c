import HTTPTypes
import Testing
import TreatyDialect
import TreatySimulator
import TreatyTestSupport

/// A validating proxy keeps the payload checker of each request it judged.
extension PassThroughTests {
    @Test("the checker a validator keeps for a request judges its next answer afresh")
    func keptCheckerJudgesAfresh() throws {
        let validator = AnswerValidator(judging: try #require(try Self.demoSchema()))
        let demo = Self.demoBackend()
        let good = demo.dialect.respond(to: DialectRequest(method: .get, target: DemoID.tasksP1), store: demo.store)
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        let broken = DialectResponse(status: .ok, headers: headers, body: Array(#"[{"id": "x", "title": 1}]"#.utf8))
        let first = validator.validate(method: "GET", path: DemoID.tasksP1, query: "", answer: broken)
        let second = validator.validate(method: "GET", path: DemoID.tasksP1, query: "", answer: broken)
        #expect(!first.violations.isEmpty)
        #expect(second == first)
        for _ in 0..<3 {
            let clean = validator.validate(method: "GET", path: DemoID.tasksP1, query: "", answer: good)
            #expect(clean.judged && clean.violations.isEmpty, "\(clean.violations)")
        }
        let unknown = validator.validate(method: "GET", path: "/nowhere", query: "", answer: good)
        #expect(unknown.endpoint == nil && !unknown.judged)
        #expect(validator.validate(method: "GET", path: "/nowhere", query: "", answer: good) == unknown)
    }
}
