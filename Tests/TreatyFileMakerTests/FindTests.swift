import Foundation
import HTTPTypes
import Testing
import TreatyDialect
import TreatyJSON

@testable import TreatyFileMaker

/// `_find` with FileMaker's find operators (filemaker.md §5) over the music fixtures, plus
/// "Johnny Cash" (born 1932, no `since`), created first so word starts, whole words and whole
/// fields differ.
@Suite struct FindTests {
    /// A server with the music fixtures and Johnny Cash, and a token.
    func server() throws -> (MusicServer, String) {
        let server = try MusicServer()
        let token = try server.login()
        let created = try server.send(
            .post, MusicServer.artists + "/records",
            json: ["fieldData": ["firstName": "Johnny", "lastName": "Cash", "born": 1932]], token: token)
        #expect(created.response["recordId"] == "5")
        return (server, token)
    }

    /// The first and last names of the records `answer` holds, in order.
    func names(_ answer: MusicServer.Answer) -> [String] {
        (answer.response["data"]?.arrayValue ?? []).map { record in
            let first = record["fieldData"]?["firstName"]?.stringValue ?? "?"
            let last = record["fieldData"]?["lastName"]?.stringValue ?? ""
            return last.isEmpty ? first : first + " " + last
        }
    }

    @Test(
        "each criterion finds the records FileMaker would, in creation order",
        arguments: [
            (
                "a word finds word starts anywhere", [["firstName": "John"]] as JSONValue,
                ["John Coltrane", "Elton John", "Johnny Cash"]
            ),
            ("case does not matter", [["firstName": "jOHN"]], ["John Coltrane", "Elton John", "Johnny Cash"]),
            ("=word finds whole words", [["firstName": "=John"]], ["John Coltrane", "Elton John"]),
            ("==text finds the whole field", [["firstName": "==John"]], ["John Coltrane"]),
            ("* is any run of characters", [["firstName": "Jo*"]], ["John Coltrane", "Elton John", "Johnny Cash"]),
            ("* inside a word", [["lastName": "*an*"]], ["John Coltrane"]),
            ("@ is one character", [["firstName": "J@hn"]], ["John Coltrane", "Elton John", "Johnny Cash"]),
            ("==J@hn is the whole field", [["firstName": "==J@hn"]], ["John Coltrane"]),
            (
                "> on a number field compares numbers", [["born": ">1930"]],
                ["Nina Simone", "Elton John", "Johnny Cash"]
            ),
            ("<= on a number field", [["born": "<=1926"]], ["Miles Davis", "John Coltrane"]),
            (
                "a number range is inclusive", [["born": "1926...1933"]],
                ["Miles Davis", "John Coltrane", "Nina Simone", "Johnny Cash"]
            ),
            ("a JSON number criterion", [["born": 1932]], ["Johnny Cash"]),
            ("= alone finds empty fields", [["since": "="]], ["Nina Simone", "Elton John", "Johnny Cash"]),
            ("* alone finds non-empty fields", [["since": "*"]], ["Miles Davis", "John Coltrane"]),
            ("! finds values that occur more than once", [["born": "!"]], ["Miles Davis", "John Coltrane"]),
            ("! on text ignores case and empty values", [["genre": "!"]], ["Miles Davis", "John Coltrane"]),
            ("a repetition matches any", [["instruments": "sopr*"]], ["John Coltrane"]),
            ("a portal field finds through related rows", [["Albums::title": "supreme"]], ["John Coltrane"]),
            ("a date range", [["since": "1/1/1940...12/31/1945"]], ["Miles Davis", "John Coltrane"]),
            (
                "a date range that ends on the day", [["since": "1/1/1940...9/23/1945"]],
                ["Miles Davis", "John Coltrane"]
            ),
            ("a date", [["since": "9/23/1945"]], ["John Coltrane"]),
            ("a date before", [["since": "<1/1/1945"]], ["Miles Davis"]),
            ("a partial date: a year", [["since": "1944"]], ["Miles Davis"]),
            ("a partial date: a month", [["since": "9/1945"]], ["John Coltrane"]),
            ("5 equals 5.0 on a number field", [["born": "1926.0"]], ["Miles Davis", "John Coltrane"]),
            ("a quoted phrase from a word start", [["firstName": "\"Elton J\""]], ["Elton John"]),
            ("text compares by text order", [["firstName": "<M"]], ["John Coltrane", "Elton John", "Johnny Cash"]),
            ("a timestamp", [["updated": "1/2/2025 9:01:00"]], ["John Coltrane"]),
            (
                "a date on a timestamp field is the whole day", [["updated": "1/2/2025"]],
                ["Miles Davis", "John Coltrane", "Nina Simone", "Elton John"]
            ),
            ("criteria of one request are AND-ed", [["genre": "Jazz", "lastName": "Davis"]], ["Miles Davis"]),
            (
                "two requests are OR-ed", [["firstName": "Miles"], ["lastName": "Simone"]],
                ["Miles Davis", "Nina Simone"]
            ),
            (
                "an omit removes from what was found", [["genre": "Jazz"], ["firstName": "Miles", "omit": "true"]],
                ["John Coltrane"]
            ),
            ("omit may be JSON true", [["genre": "Jazz"], ["firstName": "Miles", "omit": true]], ["John Coltrane"]),
            (
                "requests apply in order: a find after an omit adds back",
                [["firstName": "Miles", "omit": "true"], ["genre": "Jazz"]],
                ["Miles Davis", "John Coltrane", "Nina Simone", "Elton John", "Johnny Cash"]
            ),
            (
                "a first omit starts from every record",
                [["genre": "Jazz", "omit": "true"]],
                ["Nina Simone", "Elton John", "Johnny Cash"]
            ),
        ] as [(String, JSONValue, [String])])
    func finds(_ what: String, query: JSONValue, expected: [String]) throws {
        let (server, token) = try server()
        let answer = try server.find(["query": query], token: token)
        #expect(answer.status == 200, "\(what): \(answer.body)")
        #expect(answer.code == "0")
        #expect(names(answer) == expected, "\(what)")
        #expect(answer.response["dataInfo"]?["foundCount"]?.numberValue?.int64Value == Int64(expected.count))
        #expect(answer.response["dataInfo"]?["totalRecordCount"] == 5)
    }

    @Test("// finds today on the store's clock")
    func today() throws {
        var components = DateComponents()
        (components.year, components.month, components.day, components.hour) = (2025, 3, 4, 10)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let start = Int64(try #require(calendar.date(from: components)).timeIntervalSince1970 * 1000)
        let server = try MusicServer(configuration: StoreConfiguration(clock: .fixed(startMilliseconds: start)))
        let token = try server.login()
        for (name, since) in [("Today", "03/04/2025"), ("Yesterday", "03/03/2025")] {
            let created = try server.send(
                .post, MusicServer.artists + "/records",
                json: ["fieldData": ["firstName": .string(name), "since": .string(since)]],
                token: token)
            #expect(created.code == "0")
        }
        #expect(names(try server.find(["query": [["since": "//"]]], token: token)) == ["Today"])
        #expect(
            names(try server.find(["query": [["since": "<//"]]], token: token)) == [
                "Miles Davis", "John Coltrane", "Yesterday",
            ])
    }

    @Test("no match is code 401 on HTTP 500 with an empty response")
    func noMatch() throws {
        let (server, token) = try server()
        let answer = try server.find(["query": [["firstName": "Zelda"]]], token: token)
        #expect(answer.status == 500)
        #expect(answer.code == "401")
        #expect(answer.message == "No records match the request")
        #expect(answer.response == [:])
    }

    @Test("found records are sorted, then offset and limit page them (strings accepted, as python-fmrest sends)")
    func sortedPage() throws {
        let (server, token) = try server()
        let answer = try server.find(
            [
                "query": [["born": ">1900"]], "sort": [["fieldName": "born", "sortOrder": "descend"]], "offset": "2",
                "limit": "2",
            ], token: token)
        #expect(names(answer) == ["Nina Simone", "Johnny Cash"])
        #expect(answer.response["dataInfo"]?["foundCount"] == 5)
        #expect(answer.response["dataInfo"]?["returnedCount"] == 2)
    }

    @Test(
        "bad requests have FileMaker's codes",
        arguments: [
            ("an empty query", ["query": []] as JSONValue, "400", 500),
            ("only empty criteria", ["query": [["firstName": ""]]], "400", 500),
            ("no query", ["limit": 1], "958", 400),
            ("an unknown field", ["query": [["nickname": "x"]]], "102", 500),
            ("a global field", ["query": [["gNote": "x"]]], "960", 400),
            ("an unknown body key", ["query": [["firstName": "x"]], "limits": 1], "960", 400),
            ("text in a number criterion", ["query": [["born": ">abc"]]], "502", 500),
        ] as [(String, JSONValue, String, Int)])
    func refused(_ what: String, body: JSONValue, code: String, status: Int) throws {
        let (server, token) = try server()
        let answer = try server.find(body, token: token)
        #expect(answer.code == code, "\(what)")
        #expect(answer.status == status, "\(what)")
    }
}
