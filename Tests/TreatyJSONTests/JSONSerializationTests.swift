import Testing
@testable import TreatyJSON

@Suite struct JSONSerializationTests {
    static let sample = #"{"b": [1, "two", null, true, {}], "a": {"x": [], "é": -0.5E3}, "": false}"#

    @Test("compact output has no whitespace")
    func compact() throws {
        let value = try JSONParser().parse(Self.sample)
        #expect(value.serialized() == #"{"b":[1,"two",null,true,{}],"a":{"x":[],"é":-0.5E3},"":false}"#)
    }

    @Test("pretty output indents by two spaces, one member per line, empty containers inline")
    func pretty() throws {
        let value = try JSONParser().parse(Self.sample)
        #expect(value.serialized(options: .init(pretty: true)) == """
        {
          "b": [
            1,
            "two",
            null,
            true,
            {}
          ],
          "a": {
            "x": [],
            "é": -0.5E3
          },
          "": false
        }
        """)
        #expect(JSONValue.array([]).serialized(options: .init(pretty: true)) == "[]")
        #expect(JSONValue.string("x").serialized(options: .init(pretty: true)) == "\"x\"")
    }

    @Test("sortedKeys orders keys byte-wise by UTF-8, at every level")
    func sortedKeys() throws {
        let value = try JSONParser().parse(#"{"b": 1, "a": {"z": 1, "Z": 2, "é": 3, "e": 4}, "B": 2, "aa": 0}"#)
        #expect(value.serialized(options: .init(sortedKeys: true)) == #"{"B":2,"a":{"Z":2,"e":4,"z":1,"é":3},"aa":0,"b":1}"#)
        #expect(value.serialized(options: .init(pretty: true, sortedKeys: true)).hasPrefix("{\n  \"B\": 2,\n  \"a\": {\n    \"Z\": 2,"))
    }

    @Test("strings escape quotes, backslashes and control characters only", arguments: [
        ("quote \" backslash \\ slash /", #""quote \" backslash \\ slash /""#),
        ("\u{08}\u{0C}\n\r\t", #""\b\f\n\r\t""#),
        ("\u{0}\u{1}\u{1F}\u{7F}", "\"\\u0000\\u0001\\u001f\u{7F}\""),
        ("é € 😀 \u{2028}", "\"é € 😀 \u{2028}\""),
    ] as [(String, String)])
    func escapes(string: String, expected: String) throws {
        #expect(JSONValue.string(string).serialized() == expected)
        #expect(try JSONParser().parse(expected) == .string(string))
    }

    @Test("serializedBytes are the UTF-8 of serialized")
    func bytes() throws {
        let value = try JSONParser().parse(Self.sample)
        for options in [JSONWriteOptions(), JSONWriteOptions(pretty: true), JSONWriteOptions(pretty: true, sortedKeys: true)] {
            #expect(value.serializedBytes(options: options) == Array(value.serialized(options: options).utf8))
        }
    }

    @Test("numbers are written as their exact text")
    func numbers() {
        let value: JSONValue = [.number(JSONNumber(text: "1.50")!), .number(JSONNumber(-3)), .number(JSONNumber(text: "1e400")!)]
        #expect(value.serialized() == "[1.50,-3,1e400]")
    }

    static let corpus = [
        "null", "true", "0", "-0", "3.14159", "1E-9", "12345678901234567890", #""""#, #""\u0000\ud83d\ude00""#,
        "[]", "{}", "[[[]]]", #"{"a":{"b":{"c":[1,{"d":null}]}}}"#, Self.sample,
        #"[{"id":"8f14e45f-ceea-467f-a0b5-1b3e4c1f7a11","title":"Task 1","description":null,"watcher_ids":[],"position":1}]"#,
        #"{"text":"line\nbreak \"quoted\" tab\t é","slash":"a\/b"}"#,
    ]

    @Test("parse, serialize and parse again gives an equal value", arguments: corpus)
    func roundTrip(text: String) throws {
        let value = try JSONParser().parse(text)
        for options in [JSONWriteOptions(), JSONWriteOptions(pretty: true), JSONWriteOptions(sortedKeys: true)] {
            let again = try JSONParser().parse(value.serialized(options: options))
            #expect(again == value)
            #expect(again.serialized(options: options) == value.serialized(options: options))
        }
    }

    @Test("deep values serialize without recursion")
    func deepValue() throws {
        var value: JSONValue = 1
        for _ in 0..<900 { value = ["a": [value]] }
        let text = value.serialized()
        #expect(text.hasPrefix(#"{"a":[{"a":[{"#))
        #expect(text.utf8.count == 900 * 8 + 1)
    }
}
