import Testing
@testable import TreatyJSON

@Suite struct JSONParserStreamingTests {
    struct Stop: Error, Equatable {}

    @Test("a top-level array is handed out element by element with indices and positions")
    func streamsArray() throws {
        let text = "[\n  {\"id\": 1},\n  \"two\", 3 ,\n[]\n]"
        var elements: [JSONElement] = []
        let top = try JSONParser().parse(Array(text.utf8)) { elements.append($0) }
        #expect(top == .array(count: 4))
        #expect(elements.map(\.index) == [0, 1, 2, 3])
        #expect(elements.map(\.value) == [["id": 1], "two", 3, []])
        #expect(elements.map(\.position) == [
            JSONSourcePosition(offset: 4, line: 2, column: 3),
            JSONSourcePosition(offset: 17, line: 3, column: 3),
            JSONSourcePosition(offset: 24, line: 3, column: 10),
            JSONSourcePosition(offset: 28, line: 4, column: 1),
        ])
    }

    @Test("an empty top-level array calls nothing and counts zero", arguments: ["[]", " [ \n ] "])
    func emptyArray(text: String) throws {
        var calls = 0
        #expect(try JSONParser().parse(Array(text.utf8)) { _ in calls += 1 } == .array(count: 0))
        #expect(calls == 0)
    }

    @Test("any other top-level value is returned whole and the callback is never called", arguments: [
        #"{"items": [1, 2]}"#, "42", #""text""#, "null",
    ])
    func otherTopLevel(text: String) throws {
        var calls = 0
        let top = try JSONParser().parse(Array(text.utf8)) { _ in calls += 1 }
        #expect(top == .value(try JSONParser().parse(text)))
        #expect(calls == 0)
    }

    @Test("errors thrown by the callback propagate unchanged and stop parsing")
    func callbackErrors() throws {
        var seen: [Int] = []
        #expect(throws: Stop()) {
            _ = try JSONParser().parse(Array("[1, 2, 3, x".utf8)) { element in
                seen.append(element.index)
                if element.index == 1 { throw Stop() }
            }
        }
        #expect(seen == [0, 1])
    }

    @Test("parse errors inside and after elements are JSONParseError with the usual descriptions", arguments: [
        ("[1, 2", "line 1, column 6 (byte 5): unexpected end of input, expected ',' or ']' after an array element"),
        ("[1 2]", "line 1, column 4 (byte 3): unexpected '2', expected ',' or ']' after an array element"),
        ("[1,]", "line 1, column 4 (byte 3): unexpected ']', expected a value after ','"),
        ("[", "line 1, column 2 (byte 1): unexpected end of input, expected a value or ']'"),
        ("[?]", "line 1, column 2 (byte 1): unexpected '?', expected a value or ']'"),
        ("[{\"a\": [1,}]", "line 1, column 11 (byte 10): unexpected '}', expected a value after ','"),
        ("[1] x", "line 1, column 5 (byte 4): unexpected 'x' after the end of the JSON value"),
        ("", "line 1, column 1 (byte 0): the document is empty (expected a JSON value)"),
        ("[{\"a\":1,\"a\":2}]", "line 1, column 9 (byte 8): duplicate key \"a\" in an object"),
    ] as [(String, String)])
    func parseErrors(text: String, description: String) throws {
        let error = try #require(throws: JSONParseError.self) {
            _ = try JSONParser().parse(Array(text.utf8)) { _ in }
        }
        #expect(error.description == description)
        let whole = try #require(throws: JSONParseError.self) { try JSONParser().parse(text) }
        #expect(whole == error)
    }

    @Test("elements before an error are still handed out")
    func elementsBeforeError() throws {
        var count = 0
        #expect(throws: JSONParseError.self) {
            _ = try JSONParser().parse(Array("[1, 2, 3".utf8)) { _ in count += 1 }
        }
        #expect(count == 3)
    }

    @Test("the top-level array counts as one level of nesting")
    func depth() throws {
        let parser = JSONParser(options: .init(maxDepth: 2))
        #expect(try parser.parse(Array("[[1], [2]]".utf8)) { _ in } == .array(count: 2))
        let error = try #require(throws: JSONParseError.self) { _ = try parser.parse(Array("[[[1]]]".utf8)) { _ in } }
        #expect(error.description == "line 1, column 3 (byte 2): nesting deeper than 2 levels (the limit)")
    }

    @Test("many elements stream in order from a non-contiguous collection too")
    func manyElements() throws {
        let text = "[" + (0..<5_000).map { "{\"n\": \($0)}" }.joined(separator: ",") + "]"
        var next = 0
        let top = try JSONParser().parse(text.utf8.lazy.map { $0 }) { element in
            #expect(element.value == ["n": .number(JSONNumber(next))])
            next += 1
        }
        #expect(top == .array(count: 5_000))
    }
}
