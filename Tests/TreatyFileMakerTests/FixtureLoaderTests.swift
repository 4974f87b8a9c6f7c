import Foundation
import Testing
import TreatyCore
import TreatyDialect
import TreatyJSON

@testable import TreatyFileMaker

/// `<Layout>.json` fixture files: records with their `recordId` and `modId`, auto-enter values
/// for what they leave out, counters for what comes next, and located errors.
@Suite struct FixtureLoaderTests {
    /// Loads `files` (name → text) for the music schema.
    func load(_ files: [String: String]) throws -> (result: FileMakerFixtureLoader.Result, directory: String) {
        let directory = try TemporaryDirectory(files)
        defer { directory.remove() }
        return (
            FileMakerFixtureLoader().load(directory: directory.path, schema: try MusicFiles.schema()), directory.path
        )
    }

    func sequences(_ fixtures: FixtureSet?) -> [String] {
        (fixtures?.records[FileMakerStoreModel.sequences] ?? []).map {
            "\($0["recordId"]?.stringValue ?? "?")=\($0["last"]?.numberValue?.text ?? "?")"
        }
    }

    @Test("the music fixtures load with their recordIds, modIds (\"0\" by default) and typed values")
    func music() throws {
        let result = FileMakerFixtureLoader().load(directory: MusicFiles.fixturesPath, schema: try MusicFiles.schema())
        #expect(result.diagnostics.isEmpty, "\(DiagnosticRenderer().render(result.diagnostics))")
        let fixtures = try #require(result.fixtures)
        let artists = try #require(fixtures.records["Music/Artists"])
        #expect(artists.map { $0["recordId"] } == ["1", "2", "3", "4"])
        #expect(artists.map { $0["modId"] } == ["2", "0", "0", "0"])
        #expect(artists[0]["born"] == 1926)
        #expect(artists[0]["since"] == "05/26/1944")
        #expect(artists[0]["updated"] == "01/02/2025 09:00:00")
        #expect(artists[0]["photo"] == "", "a field left out is empty")
        #expect(artists[0]["fullName"] == "")
        #expect(artists[0]["gNote"] == nil, "globals are not stored with records")
        let albums = try #require(fixtures.records["Music/Albums"])
        #expect(albums.map { $0["recordId"] } == ["1", "2", "3"])
        #expect(albums.map { $0["modId"] } == ["0", "0", "0"])
        #expect(albums.map { $0["title"] } == ["Kind of Blue", "Bitches Brew", "A Love Supreme"])
        #expect(sequences(fixtures) == ["Music/Albums=3", "Music/Artists=4", "Music/Artists::serial=4"])
    }

    @Test("records that leave out recordId, serial and uuid fields get them; counters hold the largest")
    func autoEnter() throws {
        let (result, _) = try load([
            "Artists.json": """
            [
              {"recordId": "7", "firstName": "Ann"},
              {"firstName": "Bob", "serial": 20, "id": "B0B"},
              {"firstName": "Cy"}
            ]
            """
        ])
        #expect(result.diagnostics.isEmpty, "\(DiagnosticRenderer().render(result.diagnostics))")
        let artists = try #require(result.fixtures?.records["Music/Artists"])
        #expect(artists.map { $0["recordId"] } == ["7", "8", "9"])
        #expect(artists.map { $0["modId"] } == ["0", "0", "0"])
        #expect(artists[0]["serial"] == 1, "a number serial is a JSON number, the table's first")
        #expect(artists[1]["serial"] == 20)
        #expect(artists[2]["serial"] == 21, "a serial left out continues after the largest so far")
        #expect(artists[1]["id"] == "B0B", "a given value is kept")
        let ids = artists.compactMap { $0["id"]?.stringValue }
        #expect(ids[0].hasPrefix("00000000-0000-4000-8000-") && ids[0].hasSuffix("7") && ids[0].count == 36)
        #expect(ids[2].hasPrefix("00000000-0000-4000-8000-") && ids[2].hasSuffix("9") && ids[2] != ids[0])
        #expect(UUID(uuidString: ids[0]) != nil)
        #expect(artists[0]["updated"] == "", "only serial and uuid auto-enter values are filled in fixtures")
        #expect(sequences(result.fixtures) == ["Music/Artists=9", "Music/Artists::serial=21"])

        let again = try load(["Artists.json": #"[{"recordId": "7", "firstName": "Ann"}]"#]).result
        #expect(
            again.fixtures?.records["Music/Artists"]?.first?["id"]?.stringValue == ids[0], "fixture UUIDs are stable")
    }

    @Test("a file under the database's folder is read too")
    func databaseFolder() throws {
        let (result, _) = try load(["Music/Albums.json": #"[{"title": "Blue Train", "year": "1957"}]"#])
        #expect(result.diagnostics.isEmpty, "\(DiagnosticRenderer().render(result.diagnostics))")
        #expect(
            result.fixtures?.records["Music/Albums"]?.first?["year"] == 1957, "a numeric string is stored as a number")
    }

    @Test(
        "each bad record is a located error, and nothing loads",
        arguments: [
            (
                "an unknown field",
                """
                [
                  {"firstName": "Ann", "firstNmae": "X"}
                ]
                """,
                "unknown-field", 2, "layout 'Artists' has no field 'firstNmae' (did you mean 'firstName'?)"
            ),
            (
                "a bad date",
                """
                [
                  {"firstName": "Ann",
                   "since": "02/30/1950"}
                ]
                """,
                "invalid-record", 3, "'since': Date value does not meet validation entry options (date field)"
            ),
            (
                "a duplicate recordId",
                """
                [
                  {"recordId": "1", "firstName": "Ann"},
                  {"recordId": "1", "firstName": "Bob"}
                ]
                """,
                "invalid-record", 3, "recordId '1' is not a new positive integer"
            ),
            (
                "an empty not_empty field",
                """
                [
                  {"firstName": "Ann"},
                  {"lastName": "Nobody"}
                ]
                """,
                "required-field", 3, "record 1 leaves 'firstName' empty, which must not be empty"
            ),
        ])
    func badRecord(mistake: String, text: String, rule: String, line: Int, message: String) throws {
        let (result, directory) = try load(["Artists.json": text])
        #expect(result.fixtures == nil, "\(mistake)")
        let diagnostic = try #require(result.diagnostics.first, "\(mistake)")
        #expect(result.diagnostics.count == 1, "\(DiagnosticRenderer().render(result.diagnostics))")
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.rule.rawValue == rule)
        #expect(diagnostic.message == message)
        #expect(diagnostic.location?.file == directory + "/Artists.json")
        #expect(diagnostic.location?.line == line, "\(mistake)")
        #expect(diagnostic.location?.column != nil)
    }

    @Test("the unknown field is pointed at, and the fix lists the layout's fields")
    func unknownFieldPointer() throws {
        let (result, _) = try load(["Artists.json": #"[{"firstName": "Ann", "firstNmae": "X"}]"#])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.pointer?.description == "/0/firstNmae")
        let artists = try #require(try MusicFiles.database().layout(named: "Artists"))
        #expect(diagnostic.fix == "use the layout's fields: " + artists.fields.map(\.name).joined(separator: ", "))
        #expect(
            diagnostic.fix?.hasPrefix("use the layout's fields: id, serial, firstName, lastName, born, genre") == true)
    }

    @Test("a file named after no layout is an error with a suggestion")
    func unknownLayout() throws {
        let (result, directory) = try load(["Artist.json": "[]"])
        #expect(result.fixtures == nil)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(diagnostic.rule == "unknown-layout")
        #expect(diagnostic.message == "'Artist.json' names no layout of the contract")
        #expect(diagnostic.details == ["did you mean 'Artists.json'?"])
        #expect(diagnostic.location == TreatyCore.SourceLocation(file: directory + "/Artist.json"))
        #expect(diagnostic.fix == "name fixture files after layouts: Artists.json, Albums.json, Admin Log.json")
    }

    @Test("invalid JSON is an error at its line and column")
    func invalidJSON() throws {
        let (result, directory) = try load([
            "Albums.json": """
            [
              {"title": "Blue Train",, "year": 1957}
            ]
            """
        ])
        #expect(result.fixtures == nil)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(diagnostic.message.hasPrefix("invalid JSON: "), "\(diagnostic.message)")
        #expect(diagnostic.location?.file == directory + "/Albums.json")
        #expect(diagnostic.location?.line == 2)
        #expect(diagnostic.location?.column == 26)
    }

    @Test("a file that is not an array of records is an error")
    func notAnArray() throws {
        let (result, _) = try load(["Albums.json": #"{"title": "Blue Train"}"#])
        #expect(result.fixtures == nil)
        #expect(result.diagnostics.map(\.message) == ["a fixture file holds a JSON array of records, found object"])
    }

    @Test("a file over the size limit is refused as file-too-large before it is read")
    func sizeLimit() throws {
        let directory = try TemporaryDirectory(["Albums.json": #"[{"title": "Blue Train"}]"#])
        defer { directory.remove() }
        var loader = FileMakerFixtureLoader()
        loader.maxFileSize = 10
        let result = loader.load(directory: directory.path, schema: try MusicFiles.schema())
        #expect(result.fixtures == nil)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(diagnostic.rule == "file-too-large")
        #expect(diagnostic.message == "the fixture file has 25 bytes, more than the limit of 10 bytes")
        #expect(diagnostic.location == TreatyCore.SourceLocation(file: directory.path + "/Albums.json"))
    }

    @Test("a file in a database's folder named after no layout is an error too")
    func unknownLayoutInFolder() throws {
        let (result, directory) = try load(["Music/Artist.json": "[]"])
        #expect(result.fixtures == nil)
        #expect(result.diagnostics.map(\.message) == ["'Music/Artist.json' names no layout of the contract"])
        #expect(result.diagnostics.first?.location == TreatyCore.SourceLocation(file: directory + "/Music/Artist.json"))
    }
}
