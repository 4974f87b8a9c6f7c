import Foundation
import Testing

@testable import TreatyReports

@Suite struct JUnitEscapingTests {
    /// A report whose one test case carries `text` in every place text can go.
    static func report(_ text: String) -> TestReport {
        TestReport(
            name: "escaping", timestamp: SampleReports.start,
            suites: [
                TestSuiteReport(
                    name: "suite", hostname: "host", timestamp: SampleReports.start,
                    cases: [
                        TestCaseReport(
                            name: "case " + text,
                            classname: "contracts.A.B",
                            outcome: .failed(TestProblem(message: text, type: "BodyMismatch", detail: text)),
                            systemOut: text,
                            properties: [TestProperty(name: "value", value: text)]
                        )
                    ])
            ])
    }

    /// (input, how it appears in attributes, how it appears in element text)
    static let matrix: [(String, String, String)] = [
        ("a & b", "a &amp; b", "a &amp; b"),
        ("<tag>", "&lt;tag&gt;", "&lt;tag&gt;"),
        ("\"double\" 'single'", "&quot;double&quot; &apos;single&apos;", "&quot;double&quot; &apos;single&apos;"),
        ("x]]>y", "x]]&gt;y", "x]]&gt;y"),
        ("esc\u{1B}here", "esc\\u{1B}here", "esc\\u{1B}here"),
        ("nul\u{0}here", "nul\\u{0}here", "nul\\u{0}here"),
        ("bell\u{7}", "bell\\u{7}", "bell\\u{7}"),
        ("nonchar\u{FFFE}\u{FFFF}", "nonchar\\u{FFFE}\\u{FFFF}", "nonchar\\u{FFFE}\\u{FFFF}"),
        ("\u{1B}[31mred\u{1B}[0m and \u{1B}[1;4mbold", "red and bold", "red and bold"),
        ("\u{1B}]8;;https://x.test\u{7}link\u{1B}]8;;\u{1B}\\", "link", "link"),
        ("tab\there", "tab&#9;here", "tab\there"),
        ("é ✓ 🙂", "é ✓ 🙂", "é ✓ 🙂"),
    ]

    @Test("text is escaped and sanitized in attributes and element content", arguments: matrix)
    func escaping(input: String, attribute: String, content: String) throws {
        let text = try JUnitWriter().document(for: Self.report(input)).text
        #expect(text.contains("<property name=\"value\" value=\"\(attribute)\"/>"))
        #expect(text.contains("<failure message=\"\(attribute)\" type=\"BodyMismatch\">\(content)</failure>"))
        #expect(text.contains("<system-out>\(content)</system-out>"))
        #expect(!text.contains("\u{1B}") && !text.contains("\u{0}") && !text.contains("\u{FFFE}"))
        _ = try JUnitReader().read(bytes: Array(text.utf8), source: "escaping.xml")
    }

    @Test("a message stays on one line while a property value keeps its line breaks")
    func lineBreaks() throws {
        let text = try JUnitWriter().document(for: Self.report("one\ntwo\r\nthree\rfour")).text
        #expect(
            text.contains(
                "<failure message=\"one two three four\" type=\"BodyMismatch\">one\ntwo\nthree\nfour</failure>"))
        #expect(text.contains("<testcase name=\"case one two three four\""))
        #expect(text.contains("value=\"one&#10;two&#13;&#10;three&#13;four\""))
    }

    @Test("what was written reads back as the sanitized text")
    func readsBack() throws {
        let input = "\u{1B}[32mok\u{1B}[0m \"q\" 'a' <&> ]]> \u{0}\ttab\nline"
        let read = try JUnitReader().read(bytes: JUnitWriter().document(for: Self.report(input)), source: "r.xml")
        let testCase = try #require(read.suites.first?.cases.first)
        #expect(testCase.systemOut == "ok \"q\" 'a' <&> ]]> \\u{0}\ttab\nline")
        #expect(testCase.properties.first?.value == "ok \"q\" 'a' <&> ]]> \\u{0}\ttab\nline")
        guard case .failed(let problem) = testCase.outcome else {
            Issue.record("expected a failure, got \(testCase.outcome)")
            return
        }
        #expect(problem.message == "ok \"q\" 'a' <&> ]]> \\u{0}\ttab line")
    }

    @Test("an incomplete ANSI sequence is not swallowed: its ESC is made visible")
    func incompleteANSI() {
        #expect(TextSanitizer.clean("a\u{1B}[31") == "a\\u{1B}[31")
        #expect(TextSanitizer.clean("a\u{1B}") == "a\\u{1B}")
        #expect(TextSanitizer.clean("\u{1B}]8;;open") == "\\u{1B}]8;;open")
    }
}
