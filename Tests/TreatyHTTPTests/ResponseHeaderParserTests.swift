import HTTPTypes
import Testing

@testable import TreatyHTTP

@Suite struct ResponseHeaderParserTests {
    static func parse(_ lines: [String]) -> ResponseHeaderParser {
        var parser = ResponseHeaderParser()
        for line in lines {
            parser.consume(Array(line.utf8))
        }
        return parser
    }

    @Test("fields of the last block are kept in order, with the reason phrase")
    func lastBlock() throws {
        let parser = Self.parse([
            "HTTP/1.1 100 Continue\r\n", "\r\n",
            "HTTP/1.1 103 Early Hints\r\n", "Link: </a.css>\r\n", "\r\n",
            "HTTP/1.1 201 Created Just Now\r\n", "Location: /posts/1\r\n", "Set-Cookie: a=1\r\n", "Set-Cookie: b=2\r\n",
            "\r\n",
        ])
        #expect(parser.reasonPhrase == "Created Just Now")
        let fields = parser.headerFields
        #expect(fields[.location] == "/posts/1")
        #expect(fields[values: .setCookie] == ["a=1", "b=2"])
        #expect(fields[try #require(HTTPField.Name("Link"))] == nil)
        #expect(fields.count == 3)
    }

    @Test("values are trimmed, empty values kept, folded lines joined, names keep their case")
    func valueShapes() throws {
        let parser = Self.parse([
            "HTTP/2 200\r\n", "x-padded: \t spaced value \t\r\n", "X-Empty:\r\n", "X-Folded: first\r\n",
            "   second\r\n",
            "not a header line\r\n", ": no name\r\n", "\r\n",
        ])
        #expect(parser.reasonPhrase == "")
        let fields = parser.headerFields
        #expect(fields[try #require(HTTPField.Name("X-Padded"))] == "spaced value")
        #expect(fields[try #require(HTTPField.Name("x-empty"))] == "")
        #expect(fields[try #require(HTTPField.Name("x-folded"))] == "first second")
        #expect(fields.map(\.name.rawName) == ["x-padded", "X-Empty", "X-Folded"])
    }

    @Test("a header name that isn't a valid token is dropped")
    func invalidName() {
        let parser = Self.parse(["HTTP/1.1 200 OK\r\n", "Bad Name: x\r\n", "Good: y\r\n"])
        #expect(parser.headerFields.map(\.name.rawName) == ["Good"])
    }
}
