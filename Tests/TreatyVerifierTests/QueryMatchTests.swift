import Testing
import TreatyJSON

@testable import TreatyVerifier

/// Scenario matchers in the query syntax, on objects and arrays of objects.
@Suite struct QueryMatchTests {
    static let task: JSONValue = [
        "id": "t1", "title": "Write the scenario tests", "position": 5, "done": false, "assignee_id": nil,
        "watcher_ids": ["u1", "u2"], "tag_ids": [], "meta": ["a": 1],
    ]

    static func mismatch(_ mode: QueryMatch.Mode, _ condition: String, _ value: JSONValue = task) throws -> String? {
        try QueryMatch(mode: mode, condition: condition).mismatch(value, captures: Captures())
    }

    @Test(
        "conditions hold on an object as the query model reads them",
        arguments: [
            #"title ~ "scenario""#, "position = 5", "position > 4.5", "done = false", "assignee_id = null",
            #"watcher_ids:each ?= "u2""#, #"watcher_ids != "u3""#, "tag_ids:length = 0", #"id = "t1" && (position < 3 || done = false)"#,
            #"title:lower = "write the scenario tests""#,
        ])
    func holds(condition: String) throws {
        #expect(try Self.mismatch(.all, condition) == nil)
        #expect(try Self.mismatch(.none, condition) != nil)
    }

    @Test("all, any and none over an array name the items that break them")
    func arrays() throws {
        let items: JSONValue = [["n": 1], ["n": 5], ["n": 9]]
        #expect(try Self.mismatch(.all, "n > 0", items) == nil)
        #expect(try Self.mismatch(.all, "n > 4", items) == "expected every value to satisfy 'n > 4'; item 0 does not")
        #expect(try Self.mismatch(.any, "n = 9", items) == nil)
        #expect(try Self.mismatch(.any, "n = 7", items) == "expected some value to satisfy 'n = 7'; none of 3 does")
        #expect(try Self.mismatch(.none, "n > 4", items) == "expected no value to satisfy 'n > 4'; items 1, 2 do")
        #expect(try Self.mismatch(.all, "n > 0", "text")?.hasPrefix("expected an object or an array of objects") == true)
    }

    @Test("a condition on a field the values do not have is reported, not a crash")
    func unknownField() throws {
        let problem = try Self.mismatch(.all, "nope = 1")
        #expect(problem?.contains("does not apply to these values") == true, "\(problem ?? "nil")")
    }
}
