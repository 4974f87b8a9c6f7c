import Testing

@testable import TreatyCore

/// The pre-parse nesting scan that keeps hostile documents off the parser's stack.
@Suite struct NestingEstimateTests {
    @Test(
        "the estimate counts indentation, block indicators and flow brackets",
        arguments: [
            ("", 0),
            ("a: 1", 1),
            ("a:\n  b: 1", 2),
            ("a:\n  b:\n    c: 1\nd: 2", 3),
            ("a: [1, [2, [3]]]", 4),
            ("a: {b: {c: 1}}", 3),
            ("- - x", 3),
            ("- a\n- b", 2),
            ("? a\n: b", 2),
            ("a: [\n  [1,\n   2]]", 3),
        ])
    func depth(text: String, depth: Int) {
        #expect(NestingEstimate(scanning: text, stopAbove: 64).maxDepth == depth)
    }

    @Test(
        "brackets inside quotes, block scalars, comments and plain words do not count",
        arguments: [
            #"a: "[[[[{{{{""#,
            "a: '[[[[{{{{'",
            "a: '[[it''s]]'",
            "a: |\n  [[[[\n  {{{{\n  - - - -\nb: 1",
            "a: >-\n  [[[[\n\n  ]]]]\nb: 1",
            "- |2\n  [[[[\n- 1",
            "# [[[[{{{{\na: 1",
            "a: 1 # [[[[",
            "a: x[y{z",
            "a: b - c - d",
        ])
    func ignoresText(text: String) {
        #expect(NestingEstimate(scanning: text, stopAbove: 64).maxDepth <= 2)
    }

    @Test("quoted strings inside flow collections do not open brackets")
    func quotedInsideFlow() {
        #expect(NestingEstimate(scanning: #"a: ["[[[", '{{{', "]]"]"#, stopAbove: 64).maxDepth == 2)
    }

    @Test("a block scalar ends where the indentation falls back")
    func blockScalarEnds() {
        let estimate = NestingEstimate(scanning: "a: |\n  [[[[\nb: [[1]]", stopAbove: 64)
        #expect(estimate.maxDepth == 3)
        #expect(estimate.line == 3)
    }

    @Test("the line of the deepest point is reported")
    func deepestLine() {
        let estimate = NestingEstimate(scanning: "a: 1\nb:\n  c: [[1]]\nd: [2]", stopAbove: 64)
        #expect(estimate.maxDepth == 4)
        #expect(estimate.line == 3)
    }

    @Test("the scan stops at the first line above the limit")
    func stopsAboveLimit() {
        let text = "a: [[[[\n" + String(repeating: "[", count: 100_000)
        let estimate = NestingEstimate(scanning: text, stopAbove: 3)
        #expect(estimate.maxDepth == 5)
        #expect(estimate.line == 1)
    }
}
