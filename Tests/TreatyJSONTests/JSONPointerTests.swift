import Testing
@testable import TreatyJSON

@Suite struct JSONPointerTests {
    static let rfcDocument = #"""
    {
      "foo": ["bar", "baz"],
      "": 0,
      "a/b": 1,
      "c%d": 2,
      "e^f": 3,
      "g|h": 4,
      "i\\j": 5,
      "k\"l": 6,
      " ": 7,
      "m~n": 8
    }
    """#

    @Test("RFC 6901 section 5 examples resolve as specified", arguments: [
        ("", nil), ("/foo", #"["bar","baz"]"#), ("/foo/0", #""bar""#), ("/", "0"), ("/a~1b", "1"),
        ("/c%d", "2"), ("/e^f", "3"), ("/g|h", "4"), (#"/i\j"#, "5"), (#"/k"l"#, "6"), ("/ ", "7"),
        ("/m~0n", "8"),
    ] as [(String, String?)])
    func rfcExamples(pointer: String, expected: String?) throws {
        let document = try JSONParser().parse(Self.rfcDocument)
        let resolved = try #require(try JSONPointer(parsing: pointer).resolve(in: document))
        #expect(resolved == (try expected.map { try JSONParser().parse($0) } ?? document))
    }

    @Test("escapes round-trip through parsing and description", arguments: [
        "", "/foo/0", "/a~1b", "/m~0n", "/~01", "/~10", "/ ", "/c%d", "/", "//", "/a/b~0~1c/3",
    ])
    func roundTrip(text: String) throws {
        let pointer = try JSONPointer(parsing: text)
        #expect(pointer.description == text)
        #expect(try JSONPointer(parsing: pointer.description) == pointer)
    }

    @Test("tokens are kept unescaped")
    func tokens() throws {
        #expect(try JSONPointer(parsing: "/a~1b/m~0n/~01").tokens == ["a/b", "m~n", "~1"])
        #expect(JSONPointer.root.appending("a/b").appending(index: 3).description == "/a~1b/3")
        #expect(JSONPointer(tokens: ["x", "y"]).parent == JSONPointer(tokens: ["x"]))
        #expect(JSONPointer.root.parent == .root)
    }

    @Test("invalid pointers are refused with a message", arguments: [
        ("foo", "invalid JSON pointer 'foo': a non-empty pointer starts with '/'"),
        ("/a~2", "invalid JSON pointer '/a~2': '~' must be followed by '0' (for '~') or '1' (for '/')"),
        ("/a~", "invalid JSON pointer '/a~': '~' must be followed by '0' (for '~') or '1' (for '/')"),
    ] as [(String, String)])
    func invalid(text: String, message: String) throws {
        let error = try #require(throws: JSONPointerError.self) { try JSONPointer(parsing: text) }
        #expect(error.description == message)
    }

    @Test("array tokens must be canonical indices in range", arguments: ["/foo/01", "/foo/-", "/foo/2", "/foo/x", "/missing", "/foo/0/0"])
    func unresolvable(text: String) throws {
        let document = try JSONParser().parse(Self.rfcDocument)
        #expect(document[pointer: try JSONPointer(parsing: text)] == nil)
    }
}
