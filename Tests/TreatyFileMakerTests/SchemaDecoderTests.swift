import Foundation
import Testing
import TreatyCore
import TreatyDialectKit

@testable import TreatyFileMaker
import TreatyTestSupport

/// `databases:` of a `filemaker` contract: the music example decodes; every mistake is a
/// located diagnostic (file:line:column, message, suggestion).
@Suite struct SchemaDecoderTests {
    /// Writes `yaml` to a temporary `contract.yaml`, loads it with `ContractLoader` and decodes
    /// its `databases`; returns the result and the file's path.
    func decode(_ yaml: String) throws -> (result: FileMakerSchemaDecoder.Result, file: String) {
        let directory = try TemporaryDirectory(["contract.yaml": yaml])
        defer { directory.remove() }
        let file = directory.file("contract.yaml")
        let loaded = ContractLoader(vocabulary: .treatyDialects).load(fileAt: file)
        let contract = try #require(loaded.contract, "\(DiagnosticRenderer().render(loaded.diagnostics))")
        #expect(contract.sections["databases"] != nil)
        return (FileMakerSchemaDecoder().decode(contract), file)
    }

    /// `line:column: message` of each diagnostic, with its details, the file's path left out.
    func located(_ diagnostics: [Diagnostic], in file: String) -> [String] {
        diagnostics.map { diagnostic in
            let place =
                diagnostic.location.map { location in
                    (location.file == file ? "" : location.file) + ":\(location.line ?? 0):\(location.column ?? 0)"
                } ?? "?"
            return ([place + ": " + diagnostic.message] + diagnostic.details).joined(separator: " | ")
        }
    }

    // MARK: - The music contract

    @Test("the music contract decodes: 3 layouts, the Albums portal, 3 scripts, the Genres value list")
    func music() throws {
        let contract = try MusicFiles.contract()
        let decoded = FileMakerSchemaDecoder().decode(contract)
        #expect(decoded.diagnostics.isEmpty, "\(DiagnosticRenderer().render(decoded.diagnostics))")
        let schema = try #require(decoded.schema)
        #expect(schema.databases.map(\.name) == ["Music"])
        let music = try #require(schema.database(named: "music"), "database names compare case-insensitively")
        #expect(music.accounts == [FileMakerDatabase.Account(username: "admin", password: "admin-password-123")])
        #expect(music.layouts.map(\.name) == ["Artists", "Albums", "Admin Log"])
        #expect(music.layouts.map(\.table) == ["Artists", "Albums", "Artists"])
        #expect(music.layout(named: "Admin Log")?.folder == "Admin")
        #expect(music.tables.map(\.name) == ["Artists", "Albums"])

        let artists = try #require(music.layout(named: "Artists"))
        #expect(artists.primaryKey == "id")
        let names = [
            "id", "serial", "firstName", "lastName", "born", "genre", "since", "updated", "photo", "fullName", "gNote",
        ]
        #expect(artists.fields.map(\.name).filter(names.contains) == names, "the fields, in contract order")
        #expect(artists.field(named: "id")?.autoEnter == .uuid)
        #expect(artists.field(named: "serial")?.result == .number)
        #expect(artists.field(named: "serial")?.autoEnter == .serial)
        let firstName = try #require(artists.field(named: "firstName"))
        #expect(firstName.notEmpty && firstName.maxCharacters == 100 && firstName.result == .text)
        #expect(artists.field(named: "born")?.result == .number, "the shorthand names the result type")
        #expect(artists.field(named: "since")?.result == .date)
        #expect(artists.field(named: "updated")?.result == .timeStamp)
        #expect(artists.field(named: "updated")?.autoEnter == .modificationTimestamp)
        #expect(artists.field(named: "photo")?.result == .container)
        #expect(artists.field(named: "fullName")?.kind == .calculation)
        #expect(artists.field(named: "fullName")?.isWritable == false)
        #expect(artists.field(named: "gNote")?.global == true)
        #expect(artists.field(named: "genre")?.valueList == "Genres")
        #expect(artists.valueLists == [FileMakerValueList(name: "Genres", values: ["Jazz", "Blues", "Rock", "Soul"])])
        let text = try String(contentsOfFile: MusicFiles.contractPath, encoding: .utf8)
        let line = try #require(
            text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("firstName:") })
        #expect(
            artists.field(named: "firstName")?.location
                == TreatyCore.SourceLocation(file: MusicFiles.contractPath, line: line + 1, column: 11))

        let albums = try #require(artists.portals.first)
        #expect(artists.portals.count == 1)
        #expect(albums.name == "Albums" && albums.table == "Albums")
        #expect(albums.parentKey == "id" && albums.childKey == "artist_id")
        #expect(albums.fields == ["title", "year"])
        #expect(albums.qualified("title") == "Albums::title")

        #expect(music.scripts.map(\.name) == ["Echo", "Version", "Fail"])
        #expect(music.script(named: "Echo")?.behaviour == .result("{{param}}"))
        #expect(music.script(named: "Version")?.behaviour == .result("1.0"))
        #expect(music.script(named: "Version")?.folder == "Utilities")
        #expect(music.script(named: "Fail")?.behaviour == .error("3"))
        #expect(music.script(named: "Echo")?.run(parameter: "hi").result == "hi")
        #expect(music.script(named: "Fail")?.run(parameter: "hi").error == "3")
    }

    // MARK: - Located mistakes

    static let header = """
        api: music
        dialect: filemaker
        databases:
          Music:

        """

    @Test(
        "each mistake is one located error with its message and suggestion",
        arguments: [
            (
                "an unknown key in a layout",
                """
                    accounts: [{ username: admin, password: pw }]
                    layouts:
                      Artists:
                        tabel: Artists
                        fields: { id: text }
                """,
                ":8:9: unknown key 'tabel' in layout 'Artists' | did you mean 'table'?"
            ),
            (
                "a field with an unknown result type",
                """
                    accounts: [{ username: admin, password: pw }]
                    layouts:
                      Artists:
                        fields:
                          id: text
                          born: { result: nubmer }
                """,
                ":10:27: 'result' 'nubmer' is not one of: text, number, date, time, timeStamp, container | did you mean 'number'?"
            ),
            (
                "a field whose shorthand names an unknown result type",
                """
                    accounts: [{ username: admin, password: pw }]
                    layouts:
                      Artists:
                        fields:
                          id: text
                          since: dat
                """,
                ":10:18: the result of 'since' 'dat' is not one of: text, number, date, time, timeStamp, container | did you mean 'date'?"
            ),
            (
                "a portal whose table no layout shows",
                """
                    accounts: [{ username: admin, password: pw }]
                    layouts:
                      Artists:
                        fields: { id: text }
                        portals:
                          Records: { table: Album, match: { parent: id, child: artist_id }, fields: [title] }
                      Albums:
                        fields: { artist_id: text, title: text }
                """,
                ":10:11: portal 'Records' shows table 'Album', which no layout of 'Music' shows | did you mean 'Albums'?"
            ),
            (
                "a portal without match",
                """
                    accounts: [{ username: admin, password: pw }]
                    layouts:
                      Artists:
                        fields: { id: text }
                        portals:
                          Albums: { fields: [title] }
                      Albums:
                        fields: { artist_id: text, title: text }
                """,
                ":10:11: portal 'Albums' has no 'match'"
            ),
            (
                "a primary key that is not a field",
                """
                    accounts: [{ username: admin, password: pw }]
                    layouts:
                      Artists:
                        primary_key: ids
                        fields: { id: text, born: number }
                """,
                ":7:7: the primary key 'ids' of layout 'Artists' is not one of its fields | did you mean 'id'?"
            ),
            (
                "a script with both a result and an error",
                """
                    accounts: [{ username: admin, password: pw }]
                    layouts:
                      Artists:
                        fields: { id: text }
                    scripts:
                      Echo: { result: "{{param}}", error: 3 }
                """,
                ":10:7: script 'Echo' needs exactly one of 'result' or 'error'"
            ),
            (
                "a database without accounts",
                """
                    layouts:
                      Artists:
                        fields: { id: text }
                """,
                ":4:3: database 'Music' has no accounts, so no session can open"
            ),
        ])
    func located(mistake: String, body: String, expected: String) throws {
        let (result, file) = try decode(Self.header + body + "\n")
        #expect(result.schema == nil, "\(mistake) is an error")
        #expect(result.diagnostics.allSatisfy { $0.severity == .error })
        #expect(located(result.diagnostics, in: file) == [expected], "\(mistake)")
        #expect(result.diagnostics.first?.snippet?.isEmpty == false, "a caret snippet shows the line")
    }

    @Test("the fix of a missing portal match shows the shape to write")
    func portalMatchFix() throws {
        let (result, _) = try decode(
            Self.header + """
                    accounts: [{ username: admin, password: pw }]
                    layouts:
                      Artists:
                        fields: { id: text }
                        portals:
                          Albums: { fields: [title] }

                """)
        #expect(result.diagnostics.map(\.rule) == ["missing-key"])
        #expect(
            result.diagnostics.first?.fix
                == "add 'match: { parent: <this layout's key field>, child: <the related table's field> }'")
    }

    @Test("a contract of the filemaker dialect without 'databases' is an error naming the file")
    func databasesMissing() {
        let contract = Contract(api: "music", dialect: .fileMaker, naming: .any, resources: [], file: "music.yaml")
        let result = FileMakerSchemaDecoder().decode(contract)
        #expect(result.schema == nil)
        #expect(result.diagnostics.map(\.rule) == ["missing-key"])
        #expect(result.diagnostics.first?.location == TreatyCore.SourceLocation(file: "music.yaml"))
        #expect(result.diagnostics.first?.message == "a filemaker contract has no 'databases'")
        #expect(
            result.diagnostics.first?.fix == "add 'databases:' with each hosted file's accounts, layouts and scripts")
        #expect(FileMakerPlugin().decodeSchema(of: contract).diagnostics == result.diagnostics)
    }

    @Test("a layout without 'table' shows the table of its own name")
    func tableDefaults() throws {
        let (result, _) = try decode(
            Self.header + """
                    accounts: [{ username: admin, password: pw }]
                    layouts:
                      Artists: { fields: { id: text } }

                """)
        #expect(result.diagnostics.isEmpty)
        #expect(
            result.schema?.databases.first?.layouts.first?.table == "Artists", "the table defaults to the layout's name"
        )
    }
}
