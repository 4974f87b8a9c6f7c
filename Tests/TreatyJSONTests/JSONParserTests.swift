import Foundation
import Testing
@testable import TreatyJSON

@Suite struct JSONParserTests {
    @Test("scalars parse to their JSONValue cases", arguments: [
        ("null", JSONValue.null),
        ("true", .bool(true)),
        ("false", .bool(false)),
        ("0", .number(JSONNumber(0))),
        ("-12", .number(JSONNumber(-12))),
        (#""text""#, .string("text")),
        (#""""#, .string("")),
    ] as [(String, JSONValue)])
    func scalars(text: String, expected: JSONValue) throws {
        #expect(try JSONParser().parse(text) == expected)
    }

    @Test("objects keep their keys in received order and arrays their elements")
    func containers() throws {
        let value = try JSONParser().parse(#"{"z": 1, "a": [true, null, "x", []], "m": {}}"#)
        let object = try #require(value.objectValue)
        #expect(object.keys == ["z", "a", "m"])
        #expect(value["a"] == [true, nil, "x", []])
        #expect(value["m"] == .object(JSONObject()))
    }

    @Test("whitespace of all four kinds is allowed around every token")
    func whitespace() throws {
        let value = try JSONParser().parse(" \t\r\n{ \"a\" \n:\t[ 1 ,\r\n 2 ] , \"b\" : null }\n ")
        #expect(value == ["a": [1, 2], "b": nil])
    }

    @Test("a leading UTF-8 byte order mark is skipped and columns start after it")
    func byteOrderMark() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("[1]".utf8)
        #expect(try JSONParser().parse(bytes) == [1])
        let error = try #require(throws: JSONParseError.self) { try JSONParser().parse([0xEF, 0xBB, 0xBF] + Array("[x]".utf8)) }
        #expect(error.description == "line 1, column 2 (byte 4): unexpected 'x', expected a value or ']'")
        let onlyMark = try #require(throws: JSONParseError.self) { try JSONParser().parse([0xEF, 0xBB, 0xBF] as [UInt8]) }
        #expect(onlyMark.code == "json.empty-document")
    }

    @Test("numbers keep their exact text", arguments: [
        "0", "-1", "42", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
        "12345678901234567890", "-0", "1.50", "0.10", "1E3", "1e-7", "-2.5E+10", "123456789012345678",
        "1234567890123456789",
    ])
    func numberFidelity(text: String) throws {
        let value = try JSONParser().parse(text)
        let number = try #require(value.numberValue)
        #expect(number.text == text)
        #expect(value.serialized() == text)
        #expect(number == JSONNumber(text: text))
    }

    @Test("canonical integers that fit are stored as Int64")
    func integerStorage() throws {
        let value = try JSONParser().parse("[7, -7, 9223372036854775807, 12345678901234567890, -0, 1.0]")
        let numbers = try #require(value.arrayValue).compactMap(\.numberValue)
        #expect(numbers.map(\.int64Value) == [7, -7, .max, nil, 0, nil])
        #expect(numbers.map(\.isInteger) == [true, true, true, true, true, false])
        #expect(numbers[0].storage == .integer(7))
        #expect(numbers[4].storage == .text("-0", isInteger: true))
    }

    @Test("string escapes are decoded", arguments: [
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{08}\u{0C}\n\r\t"),
        (#""\u0041\u00e9\u20AC""#, "Aé€"),
        (#""\ud83d\ude00 and \uD834\uDD1E""#, "😀 and 𝄞"),
        (#""a\u0000b""#, "a\u{0}b"),
        (#""plain \"quoted\" text with é and 😀""#, "plain \"quoted\" text with é and 😀"),
        ("\"raw é € 😀\"", "raw é € 😀"),
        (#""long run of plain text before an escape\nand after it""#, "long run of plain text before an escape\nand after it"),
    ] as [(String, String)])
    func escapes(text: String, expected: String) throws {
        #expect(try JSONParser().parse(text) == .string(expected))
    }

    @Test("every byte length of a plain string is read correctly around the 8-byte fast path")
    func stringLengths() throws {
        for length in 0..<40 {
            let content = String((0..<length).map { Character(UnicodeScalar(UInt8(0x61 + $0 % 26))) })
            #expect(try JSONParser().parse("[\"\(content)\"]") == [.string(content)])
            #expect(try JSONParser().parse("\"\(content)é\"") == .string(content + "é"))
        }
    }

    @Test("the same document parses alike from every kind of byte collection")
    func inputKinds() throws {
        let text = #"{"id": "T1", "tags": ["a", "b"], "n": 1.5}"#
        let expected = try JSONParser().parse(text)
        let bytes = Array(text.utf8)
        #expect(try JSONParser().parse(bytes) == expected)
        #expect(try JSONParser().parse(([0x20] + bytes + [0x20])[1...]) == expected)
        #expect(try JSONParser().parse(Data(bytes)) == expected)
        #expect(try JSONParser().parse(bytes.lazy.map { $0 }) == expected)
        #expect(try JSONParser().parse(text.utf8) == expected)
        #expect(try JSONParser().parse(Substring(text).utf8) == expected)
        let raw = try bytes.withUnsafeBytes { buffer throws(JSONParseError) in try JSONParser().parse(buffer) }
        #expect(raw == expected)
    }

    @Test("a nesting of exactly maxDepth levels is accepted")
    func depthAtLimit() throws {
        let parser = JSONParser(options: .init(maxDepth: 3))
        #expect(try parser.parse(#"{"a": [{"b": 1}]}"#) == ["a": [["b": 1]]])
        #expect(throws: JSONParseError.self) { try parser.parse(#"{"a": [{"b": []}]}"#) }
    }

    @Test("a document of exactly maxDocumentSize bytes is accepted")
    func sizeAtLimit() throws {
        #expect(try JSONParser(options: .init(maxDocumentSize: 3)).parse("[1]") == [1])
    }

    @Test("large objects are indexed and still keep order")
    func largeObject() throws {
        let members = (0..<200).reversed().map { "\"k\($0)\": \($0)" }.joined(separator: ",")
        let value = try JSONParser().parse("{\(members)}")
        let object = try #require(value.objectValue)
        #expect(object.keys.first == "k199")
        #expect(object.keys.last == "k0")
        #expect(object["k150"] == 150)
        #expect(object["k200"] == nil)
        #expect(object.index(forKey: "k0") == 199)
    }

    @Test("positions count lines and byte columns")
    func positions() throws {
        let error = try #require(throws: JSONParseError.self) { try JSONParser().parse("[\r\n\"é\",\n  \"😀\", ?]") }
        #expect(error.position == JSONSourcePosition(offset: 19, line: 3, column: 11))
    }

    @Test("a byte that needs attention is found at every offset of the 8-byte fast path")
    func attentionOffsets() throws {
        for prefix in 0..<24 {
            let run = String(repeating: "a", count: prefix)
            let control = try #require(throws: JSONParseError.self) { try JSONParser().parse("\"\(run)\u{01}bcdefghij\"") }
            #expect(control.position.offset == prefix + 1)
            #expect(try JSONParser().parse("\"\(run)\\nbcdefghij\"") == .string(run + "\nbcdefghij"))
            #expect(try JSONParser().parse("\"\(run)ébcdefghij\"") == .string(run + "ébcdefghij"))
            let invalid = try #require(throws: JSONParseError.self) {
                try JSONParser().parse(Array("\"\(run)".utf8) + [0xFF] + Array("bcdefghij\"".utf8))
            }
            #expect(invalid.position.offset == prefix + 1)
            #expect(invalid.code == "json.invalid-utf8")
        }
    }

    @Test("many distinct and repeated strings of one length all come back intact")
    func repeatedStrings() throws {
        let distinct = (0..<5_000).map { String(format: "id-%08d-%@", $0, String($0 % 7)) }
        let names = distinct + distinct.reversed() + ["", "a", "ab", "abcdefg", "abcdefgh", String(repeating: "z", count: 64), String(repeating: "z", count: 65)]
        let text = "[" + names.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        let value = try JSONParser().parse(text)
        #expect(value.arrayValue?.compactMap(\.stringValue) == names)
    }

    @Test("short strings at the very end of the input are read without over-reading")
    func shortStringAtEnd() throws {
        for length in 0..<10 {
            let content = String(repeating: "k", count: length)
            let bytes = Array("\"\(content)\"".utf8)
            let value = try bytes.withUnsafeBufferPointer { buffer throws(JSONParseError) in try JSONParser().parse(buffer) }
            #expect(value == .string(content))
        }
    }

    @Test("source positions describe themselves as line, column and byte")
    func positionDescription() {
        #expect(JSONSourcePosition(offset: 41, line: 3, column: 7).description == "line 3, column 7 (byte 41)")
    }
}
