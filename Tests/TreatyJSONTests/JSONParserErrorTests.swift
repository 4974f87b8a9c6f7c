import Testing
@testable import TreatyJSON

@Suite struct JSONParserErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let input: String
        let code: String
        let description: String
        var testDescription: String { input.debugDescription }
    }

    static let cases: [Case] = [
        // Empty documents.
        Case(input: "", code: "json.empty-document",
             description: "line 1, column 1 (byte 0): the document is empty (expected a JSON value)"),
        Case(input: " \n\t ", code: "json.empty-document",
             description: "line 2, column 3 (byte 4): the document is empty (expected a JSON value)"),
        // Unexpected end of input.
        Case(input: "[1, 2", code: "json.unexpected-end",
             description: "line 1, column 6 (byte 5): unexpected end of input, expected ',' or ']' after an array element"),
        Case(input: "[", code: "json.unexpected-end",
             description: "line 1, column 2 (byte 1): unexpected end of input, expected a value or ']'"),
        Case(input: "[1,", code: "json.unexpected-end",
             description: "line 1, column 4 (byte 3): unexpected end of input, expected a value after ','"),
        Case(input: "{", code: "json.unexpected-end",
             description: "line 1, column 2 (byte 1): unexpected end of input, expected a string key or '}'"),
        Case(input: "{\"a\"", code: "json.unexpected-end",
             description: "line 1, column 5 (byte 4): unexpected end of input, expected ':' after an object key"),
        Case(input: "{\"a\":", code: "json.unexpected-end",
             description: "line 1, column 6 (byte 5): unexpected end of input, expected a value after ':'"),
        Case(input: "{\"a\":1", code: "json.unexpected-end",
             description: "line 1, column 7 (byte 6): unexpected end of input, expected ',' or '}' after an object member"),
        Case(input: "{\"a\":1,", code: "json.unexpected-end",
             description: "line 1, column 8 (byte 7): unexpected end of input, expected a string key after ','"),
        Case(input: "\"abc", code: "json.unexpected-end",
             description: "line 1, column 5 (byte 4): unexpected end of input, expected '\"' to close the string"),
        Case(input: "\"ab\\", code: "json.unexpected-end",
             description: "line 1, column 5 (byte 4): unexpected end of input, expected an escape character after '\\'"),
        Case(input: "\"\\u12", code: "json.unexpected-end",
             description: "line 1, column 6 (byte 5): unexpected end of input, expected four hex digits after '\\u'"),
        Case(input: "tru", code: "json.unexpected-end",
             description: "line 1, column 4 (byte 3): unexpected end of input, expected 'true'"),
        // Unexpected characters.
        Case(input: "[1 2]", code: "json.unexpected-character",
             description: "line 1, column 4 (byte 3): unexpected '2', expected ',' or ']' after an array element"),
        Case(input: "[1,]", code: "json.unexpected-character",
             description: "line 1, column 4 (byte 3): unexpected ']', expected a value after ','"),
        Case(input: "{\"a\":1,}", code: "json.unexpected-character",
             description: "line 1, column 8 (byte 7): unexpected '}', expected a string key after ','"),
        Case(input: "{a:1}", code: "json.unexpected-character",
             description: "line 1, column 2 (byte 1): unexpected 'a', expected a string key or '}'"),
        Case(input: "{\"a\" 1}", code: "json.unexpected-character",
             description: "line 1, column 6 (byte 5): unexpected '1', expected ':' after an object key"),
        Case(input: "{\"a\":1 \"b\":2}", code: "json.unexpected-character",
             description: "line 1, column 8 (byte 7): unexpected '\"', expected ',' or '}' after an object member"),
        Case(input: "'text'", code: "json.unexpected-character",
             description: "line 1, column 1 (byte 0): unexpected ''', expected a JSON value"),
        Case(input: "[\u{0B}]", code: "json.unexpected-character",
             description: "line 1, column 2 (byte 1): unexpected 0x0B, expected a value or ']'"),
        Case(input: "[\u{A0}]", code: "json.unexpected-character",
             description: "line 1, column 2 (byte 1): unexpected U+00A0, expected a value or ']'"),
        Case(input: "[é]", code: "json.unexpected-character",
             description: "line 1, column 2 (byte 1): unexpected 'é', expected a value or ']'"),
        Case(input: "trUe", code: "json.unexpected-character",
             description: "line 1, column 3 (byte 2): unexpected 'U', expected 'true'"),
        Case(input: "/* comment */ 1", code: "json.unexpected-character",
             description: "line 1, column 1 (byte 0): unexpected '/', expected a JSON value"),
        Case(input: "[\n  1,\n  x]", code: "json.unexpected-character",
             description: "line 3, column 3 (byte 9): unexpected 'x', expected a value after ','"),
        // Invalid escapes and surrogates.
        Case(input: #""a\qb""#, code: "json.invalid-escape",
             description: #"line 1, column 3 (byte 2): invalid escape '\q' in a string"#),
        Case(input: "\"\\\u{01}\"", code: "json.invalid-escape",
             description: #"line 1, column 2 (byte 1): invalid escape '\' followed by 0x01 in a string"#),
        Case(input: #""\u12G4""#, code: "json.invalid-escape",
             description: #"line 1, column 2 (byte 1): invalid escape in a string: '\u' must be followed by four hex digits"#),
        Case(input: #""\uD800""#, code: "json.unpaired-surrogate",
             description: #"line 1, column 2 (byte 1): unpaired surrogate escape \uD800: a high surrogate must be followed by a low surrogate escape (\uDC00-\uDFFF)"#),
        Case(input: #""x\uDC00""#, code: "json.unpaired-surrogate",
             description: #"line 1, column 3 (byte 2): unpaired surrogate escape \uDC00: a low surrogate must follow a high surrogate escape (\uD800-\uDBFF)"#),
        Case(input: #""\ud83d\u0041""#, code: "json.unpaired-surrogate",
             description: #"line 1, column 2 (byte 1): unpaired surrogate escape \uD83D: a high surrogate must be followed by a low surrogate escape (\uDC00-\uDFFF)"#),
        Case(input: #""\uD83Dx""#, code: "json.unpaired-surrogate",
             description: #"line 1, column 2 (byte 1): unpaired surrogate escape \uD83D: a high surrogate must be followed by a low surrogate escape (\uDC00-\uDFFF)"#),
        Case(input: #""\uD83D\uD83D""#, code: "json.unpaired-surrogate",
             description: #"line 1, column 2 (byte 1): unpaired surrogate escape \uD83D: a high surrogate must be followed by a low surrogate escape (\uDC00-\uDFFF)"#),
        // Raw control characters in strings.
        Case(input: "\"a\nb\"", code: "json.control-character",
             description: #"line 1, column 3 (byte 2): unescaped control character 0x0A in a string (write it as \n)"#),
        Case(input: "[\"\t\"]", code: "json.control-character",
             description: #"line 1, column 3 (byte 2): unescaped control character 0x09 in a string (write it as \t)"#),
        Case(input: "\"\u{1F}\"", code: "json.control-character",
             description: #"line 1, column 2 (byte 1): unescaped control character 0x1F in a string (write it as \u001f)"#),
        Case(input: "\"esc\\n then \u{00}\"", code: "json.control-character",
             description: #"line 1, column 13 (byte 12): unescaped control character 0x00 in a string (write it as \u0000)"#),
        // Invalid numbers.
        Case(input: "01", code: "json.invalid-number",
             description: "line 1, column 1 (byte 0): invalid number '01': leading zeros are not allowed"),
        Case(input: "[-007]", code: "json.invalid-number",
             description: "line 1, column 2 (byte 1): invalid number '-007': leading zeros are not allowed"),
        Case(input: "1.", code: "json.invalid-number",
             description: "line 1, column 1 (byte 0): invalid number '1.': expected a digit after '.'"),
        Case(input: "[1.e5]", code: "json.invalid-number",
             description: "line 1, column 2 (byte 1): invalid number '1.e5': expected a digit after '.'"),
        Case(input: ".5", code: "json.invalid-number",
             description: "line 1, column 1 (byte 0): invalid number '.5': a number must start with a digit or '-'"),
        Case(input: "+1", code: "json.invalid-number",
             description: "line 1, column 1 (byte 0): invalid number '+1': a number cannot start with '+'"),
        Case(input: "-", code: "json.invalid-number",
             description: "line 1, column 1 (byte 0): invalid number '-': expected a digit after '-'"),
        Case(input: "[- 1]", code: "json.invalid-number",
             description: "line 1, column 2 (byte 1): invalid number '-': expected a digit after '-'"),
        Case(input: "1e", code: "json.invalid-number",
             description: "line 1, column 1 (byte 0): invalid number '1e': expected a digit in the exponent"),
        Case(input: "1E+", code: "json.invalid-number",
             description: "line 1, column 1 (byte 0): invalid number '1E+': expected a digit in the exponent"),
        // Not-JSON numbers.
        Case(input: "NaN", code: "json.non-finite-number",
             description: #"line 1, column 1 (byte 0): 'NaN' is not JSON; write null or a string such as "NaN" instead"#),
        Case(input: "[Infinity]", code: "json.non-finite-number",
             description: #"line 1, column 2 (byte 1): 'Infinity' is not JSON; write null or a string such as "Infinity" instead"#),
        Case(input: "{\"x\": -Infinity}", code: "json.non-finite-number",
             description: #"line 1, column 7 (byte 6): '-Infinity' is not JSON; write null or a string such as "-Infinity" instead"#),
        // Trailing data.
        Case(input: "{} x", code: "json.trailing-data",
             description: "line 1, column 4 (byte 3): unexpected 'x' after the end of the JSON value"),
        Case(input: "1 2", code: "json.trailing-data",
             description: "line 1, column 3 (byte 2): unexpected '2' after the end of the JSON value"),
        Case(input: "[]\n]", code: "json.trailing-data",
             description: "line 2, column 1 (byte 3): unexpected ']' after the end of the JSON value"),
        Case(input: "truex", code: "json.trailing-data",
             description: "line 1, column 5 (byte 4): unexpected 'x' after the end of the JSON value"),
        // Duplicate keys.
        Case(input: #"{"id": 1, "id": 2}"#, code: "json.duplicate-key",
             description: #"line 1, column 11 (byte 10): duplicate key "id" in an object"#),
        Case(input: "{\"a\":1,\n \"b\":{\"c\":1,\"c\":null}}", code: "json.duplicate-key",
             description: #"line 2, column 13 (byte 20): duplicate key "c" in an object"#),
        Case(input: #"{"a\"b": 1, "a\u0022b": 2}"#, code: "json.duplicate-key",
             description: #"line 1, column 13 (byte 12): duplicate key "a\"b" in an object"#),
        Case(input: #"{"é": 1, "\u00e9": 2}"#, code: "json.duplicate-key",
             description: #"line 1, column 11 (byte 10): duplicate key "é" in an object"#),
        Case(input: #"{"": 1, "": 2}"#, code: "json.duplicate-key",
             description: #"line 1, column 9 (byte 8): duplicate key "" in an object"#),
    ]

    @Test("every kind of invalid document fails with its pinned description and code", arguments: cases)
    func pinnedFailure(_ testCase: Case) throws {
        let error = try #require(throws: JSONParseError.self) { try JSONParser().parse(testCase.input) }
        #expect(error.description == testCase.description)
        #expect(error.code == testCase.code)
        #expect("\(error.position): \(error.message)" == error.description)
        #expect(!error.message.contains("\n"))
    }

    static let invalidUTF8Cases: [([UInt8], String)] = [
        ([0x22, 0x61, 0xFF, 0x22], "line 1, column 3 (byte 2): invalid UTF-8: byte 0xFF does not start a valid sequence"),
        ([0x22, 0xC3, 0x22], "line 1, column 2 (byte 1): invalid UTF-8: byte 0xC3 does not start a valid sequence"),
        ([0x22, 0xC0, 0xAF, 0x22], "line 1, column 2 (byte 1): invalid UTF-8: byte 0xC0 does not start a valid sequence"),
        ([0x22, 0xED, 0xA0, 0x80, 0x22], "line 1, column 2 (byte 1): invalid UTF-8: byte 0xED does not start a valid sequence"),
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "line 1, column 2 (byte 1): invalid UTF-8: byte 0xF4 does not start a valid sequence"),
        ([0x22, 0x80, 0x22], "line 1, column 2 (byte 1): invalid UTF-8: byte 0x80 does not start a valid sequence"),
        ([0x22, 0xE2, 0x82], "line 1, column 2 (byte 1): invalid UTF-8: byte 0xE2 does not start a valid sequence"),
        ([0x5B, 0xFE, 0x5D], "line 1, column 2 (byte 1): invalid UTF-8: byte 0xFE does not start a valid sequence"),
        ([0x31, 0x20, 0xC3], "line 1, column 3 (byte 2): invalid UTF-8: byte 0xC3 does not start a valid sequence"),
        (Array(#"{"key_is_long_enough": "0123456789abcdef"#.utf8) + [0xF8] + Array("\"}".utf8),
         "line 1, column 41 (byte 40): invalid UTF-8: byte 0xF8 does not start a valid sequence"),
        (Array(#"{"a\n": "x"#.utf8) + [0x9F] + Array("\"}".utf8),
         "line 1, column 11 (byte 10): invalid UTF-8: byte 0x9F does not start a valid sequence"),
        ]

    @Test("invalid UTF-8 is refused inside strings and outside them, at the first bad byte", arguments: invalidUTF8Cases)
    func invalidUTF8(bytes: [UInt8], description: String) throws {
        let error = try #require(throws: JSONParseError.self) { try JSONParser().parse(bytes) }
        #expect(error.description == description)
        #expect(error.code == "json.invalid-utf8")
    }

    @Test("nesting deeper than maxDepth is refused at the first bracket too many")
    func depthLimit() throws {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try JSONParser().parse(ok) }
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        let error = try #require(throws: JSONParseError.self) { try JSONParser().parse(deep) }
        #expect(error.description == "line 1, column 513 (byte 512): nesting deeper than 512 levels (the limit)")
        #expect(error.code == "json.too-deep")
    }

    @Test("100,000 nested openers give the depth error, never a crash", arguments: ["[", "{\"a\":"])
    func hostileNesting(opener: String) throws {
        let text = String(repeating: opener, count: 100_000)
        let error = try #require(throws: JSONParseError.self) { try JSONParser().parse(text) }
        #expect(error.message == "nesting deeper than 512 levels (the limit)")
        #expect(error.position.offset == 512 * opener.utf8.count)
        let streamed = try #require(throws: JSONParseError.self) {
            _ = try JSONParser().parse(Array(text.utf8)) { _ in }
        }
        #expect(streamed == error)
    }

    @Test("maxDepth is capped at the documented ceiling", arguments: [Int.max, 100_000, 1_001])
    func depthCeiling(maxDepth: Int) throws {
        let parser = JSONParser(options: .init(maxDepth: maxDepth))
        let text = String(repeating: "{\"a\":", count: 100_000)
        let error = try #require(throws: JSONParseError.self) { try parser.parse(text) }
        #expect(error.message == "nesting deeper than 1000 levels (the limit)")
        let atCeiling = String(repeating: "[", count: 1_000) + String(repeating: "]", count: 1_000)
        #expect(throws: Never.self) { try parser.parse(atCeiling) }
    }

    @Test("a maxDepth of 0 refuses any container but accepts scalars")
    func zeroDepth() throws {
        let parser = JSONParser(options: .init(maxDepth: 0))
        #expect(try parser.parse("1") == 1)
        let error = try #require(throws: JSONParseError.self) { try parser.parse("[]") }
        #expect(error.description == "line 1, column 1 (byte 0): nesting deeper than 0 levels (the limit)")
    }

    @Test("a document larger than maxDocumentSize is refused before parsing")
    func documentSize() throws {
        let parser = JSONParser(options: .init(maxDocumentSize: 10))
        let error = try #require(throws: JSONParseError.self) { try parser.parse("[1, 2, 3, 4, 5]") }
        #expect(error.description == "line 1, column 1 (byte 0): the document is 15 bytes, larger than the limit of 10 bytes")
        #expect(error.code == "json.document-too-large")
        #expect(try parser.parse("[1,2,3,4]") == [1, 2, 3, 4])
        let streamed = try #require(throws: JSONParseError.self) { _ = try parser.parse(Array("[1, 2, 3, 4, 5]".utf8)) { _ in } }
        #expect(streamed == error)
    }

    @Test("duplicate keys are found in large objects too")
    func duplicateInLargeObject() throws {
        let members = (0..<100).map { "\"key\($0)\": \($0)" }.joined(separator: ", ")
        let text = "{" + members + ", \"key57\": true}"
        let error = try #require(throws: JSONParseError.self) { try JSONParser().parse(text) }
        #expect(error.message == #"duplicate key "key57" in an object"#)
        #expect(error.position.offset == text.utf8.count - 14)
        let unique = try JSONParser().parse("{" + members + "}")
        #expect(unique.objectValue?.count == 100)
        #expect(unique["key99"] == 99)
    }

    @Test("keys that collide in the quick filter but differ are accepted")
    func similarKeys() throws {
        // Same length, first and last byte: the filter cannot tell these apart.
        let value = try JSONParser().parse(#"{"abc": 1, "axc": 2, "ayc": 3, "a\u0062c2": 4}"#)
        #expect(value.objectValue?.keys == ["abc", "axc", "ayc", "abc2"])
    }

    @Test("canonically equivalent keys are duplicates, as lookups could not tell them apart")
    func canonicalDuplicates() throws {
        let error = try #require(throws: JSONParseError.self) { try JSONParser().parse(#"{"\u00e9": 1, "e\u0301": 2}"#) }
        #expect(error.code == "json.duplicate-key")
    }

    @Test("error messages are one line and descriptions lead with the position")
    func descriptionShape() throws {
        let error = try #require(throws: JSONParseError.self) { try JSONParser().parse("{\n\"a\":\n[1,\n2,,3]}") }
        #expect(error.position == JSONSourcePosition(offset: 13, line: 4, column: 3))
        #expect(error.description == "line 4, column 3 (byte 13): unexpected ',', expected a value after ','")
    }
}
