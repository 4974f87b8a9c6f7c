import Testing

@testable import TreatyReports

@Suite struct PayloadViewTests {
    static func finding(_ pointer: String, expected: String, found: String, rule: String = "RS-NL-1") -> HTMLReport.Finding {
        HTMLReport.Finding(rule: rule, kind: "RuleViolation", pointer: pointer, summary: "s", expected: expected, found: found)
    }

    @Test("a missing key gets a ghost line inside its record, marked and explained")
    func missingKeyGhost() throws {
        let view = try #require(
            PayloadView(
                json: #"[{"id":"a","title":"x"},{"id":"b"}]"#, base: "",
                findings: [Self.finding("/1/title", expected: "a value or null", found: "missing (the key is absent, not null)")]))
        let ghost = try #require(view.rows.first { $0.isGhost })
        #expect(ghost.text == #""title": (missing)"#)
        #expect(ghost.mark == .missing)
        #expect(ghost.depth == 2)
        #expect(ghost.notes == ["RS-NL-1: expected a value or null; found missing (the key is absent, not null)"])
        // The ghost sits in the second record, after its last member and before its brace.
        let index = try #require(view.rows.firstIndex { $0.isGhost })
        #expect(view.rows[index - 1].text == #""id": "b","#)
        #expect(view.rows[index + 1].text == "}")
        #expect(view.unplaced.isEmpty)
    }

    @Test("null, extra keys, renamed keys and wrong values are marked on their own lines")
    func marks() throws {
        let findings = [
            Self.finding("/tags", expected: "an array ([] for no members)", found: "null"),
            Self.finding("/extra", expected: "only declared keys", found: "\"x\""),
            Self.finding("/watcherIds", expected: "key 'watcher_ids'", found: "key 'watcherIds' with an array of 2"),
            Self.finding("/updated_at", expected: "a string like \"2025-01-01T09:00:00.000Z\"", found: "\"yesterday\""),
        ]
        let view = try #require(
            PayloadView(
                json: #"{"tags":null,"extra":"x","watcherIds":["1","2"],"updated_at":"yesterday"}"#, base: "", findings: findings))
        let marks = Dictionary(view.rows.compactMap { row in row.mark.map { (row.text.prefix(8), $0) } }, uniquingKeysWith: { a, _ in a })
        #expect(marks["\"tags\": "] == .null)
        #expect(marks["\"extra\":"] == .extra)
        #expect(marks["\"watcher"] == .key)
        #expect(marks["\"updated"] == .mismatch)
    }

    @Test("pointers are read relative to the shown value, and ones outside it are kept as unplaced")
    func basePointer() throws {
        let inside = Self.finding("/items/3/title", expected: "a string", found: "number 4")
        let outside = Self.finding("/items/4/title", expected: "a string", found: "number 5")
        let view = try #require(PayloadView(json: #"{"title":4}"#, base: "/items/3", findings: [inside, outside]))
        #expect(view.rows.first { $0.text.hasPrefix("\"title\"") }?.mark == .mismatch)
        #expect(view.unplaced == [outside])
    }

    @Test("secret values are masked, long values cut, and the layout is bounded")
    func bounds() throws {
        let long = String(repeating: "y", count: 500)
        let view = try #require(PayloadView(json: #"{"password":"hunter2","note":"\#(long)"}"#, base: "", findings: []))
        #expect(!view.rows.contains { $0.text.contains("hunter2") })
        #expect(view.rows.contains { $0.text == #""password": "<redacted>""# })
        #expect(view.rows.allSatisfy { $0.text.count < PayloadView.maxScalarLength + 20 })
        let many = "[" + (0..<1000).map(String.init).joined(separator: ",") + "]"
        let big = try #require(PayloadView(json: many, base: "", findings: []))
        #expect(big.rows.count == PayloadView.maxRows)
        #expect(big.omittedRows == 1002 - PayloadView.maxRows)
    }

    @Test("text that is not JSON is not laid out")
    func notJSON() {
        #expect(PayloadView(json: "<html>oops</html>", base: "", findings: []) == nil)
    }
}
