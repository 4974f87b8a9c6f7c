import Foundation
import HTTPTypes
import Testing
import TreatyCore
import TreatyJSON

@testable import TreatyFileMaker
import TreatyTestSupport

/// FileMaker's own layout metadata (the answer of `GET …/layouts/{layout}`) imported by a
/// contract's `metadata:`: what the server reports becomes the layout, and a portal's relationship
/// comes from the contract.
@Suite struct LayoutMetadataTests {
    /// The simulator's metadata answer for the music Artists layout.
    func artistsMetadata() throws -> String {
        let server = try MusicServer()
        let token = try server.login()
        let answer = try server.send(.get, MusicServer.artists, token: token)
        return String(decoding: answer.bytes, as: UTF8.self)
    }

    func decode(_ contract: String, metadata: String) throws -> (FileMakerSchemaDecoder.Result, String) {
        let directory = try TemporaryDirectory(["contract.yaml": contract, "metadata/Artists.json": metadata])
        defer { directory.remove() }
        let loaded = ContractLoader(vocabulary: .treatyDialects).load(fileAt: directory.file("contract.yaml"))
        let model = try #require(loaded.contract, "\(DiagnosticRenderer().render(loaded.diagnostics))")
        return (FileMakerSchemaDecoder().decode(model), directory.file("metadata/Artists.json"))
    }

    static let contract = """
        api: imported
        dialect: filemaker
        databases:
          Music:
            accounts: [{ username: admin, password: secret-password }]
            layouts:
              Artists:
                table: Artists
                metadata: metadata/Artists.json
                portals:
                  Albums: { match: { parent: id, child: artist_id } }
        """

    @Test("the server's metadata round-trips: fields, results, repetitions, portals and value lists")
    func roundTrip() throws {
        let (result, _) = try decode(Self.contract, metadata: try artistsMetadata())
        #expect(result.diagnostics.isEmpty, "\(DiagnosticRenderer().render(result.diagnostics))")
        let database = try #require(result.schema?.databases.first)
        let imported = try #require(database.layout(named: "Artists"))
        let original = try #require(try MusicFiles.database().layout(named: "Artists"))
        #expect(imported.fields.map(\.name) == original.fields.map(\.name))
        #expect(imported.fields.map(\.result) == original.fields.map(\.result))
        #expect(imported.fields.map(\.kind) == original.fields.map(\.kind))
        #expect(imported.fields.map(\.repetitions) == original.fields.map(\.repetitions))
        #expect(imported.fields.map(\.global) == original.fields.map(\.global))
        #expect(imported.field(named: "firstName")?.notEmpty == true)
        #expect(imported.field(named: "firstName")?.maxCharacters == 100)
        let portal = try #require(imported.portal(named: "Albums"))
        #expect(portal.table == "Albums" && portal.fields == ["title", "year"])
        #expect(portal.parentKey == "id" && portal.childKey == "artist_id")
        #expect(imported.valueLists == original.valueLists)
        let related = try #require(database.table(named: "Albums"), "the portal's table comes from the metadata")
        #expect(related.fields.map(\.name) == ["title", "year", "artist_id"])
        #expect(related.field(named: "year")?.result == .number)
    }

    @Test("a metadata portal without a match in the contract, and an unknown result, are located errors")
    func mistakes() throws {
        var metadata = try artistsMetadata()
        metadata = metadata.replacingOccurrences(of: "\"result\":\"number\"", with: "\"result\":\"numbr\"")
        let contract = Self.contract.replacingOccurrences(
            of: "\n        portals:\n          Albums: { match: { parent: id, child: artist_id } }", with: "")
        let (result, file) = try decode(contract, metadata: metadata)
        #expect(result.schema == nil)
        let messages = result.diagnostics.map {
            ($0.location?.file ?? "") + ": " + $0.message + " " + $0.details.joined()
        }
        #expect(
            messages.contains {
                $0.hasPrefix(file)
                    && $0.contains("field 'serial' has the unknown result 'numbr' did you mean 'number'?")
            }, "\(messages)")
        #expect(
            messages.contains { $0.contains("portal 'Albums' of the layout metadata has no 'match' in the contract") },
            "\(messages)")
        #expect(result.diagnostics.allSatisfy { $0.location?.line != nil })
    }

    @Test("unreadable or invalid metadata is refused with the file named")
    func unreadable() throws {
        let (broken, file) = try decode(Self.contract, metadata: "{\"response\": ")
        #expect(broken.schema == nil)
        #expect(broken.diagnostics.first?.location?.file == file)
        #expect(broken.diagnostics.first?.message.hasPrefix("invalid JSON") == true)
        let (missing, _) = try decode(Self.contract, metadata: "{\"response\": {\"layouts\": []}}")
        #expect(missing.diagnostics.contains { $0.message == "the layout metadata has no 'fieldMetaData' array" })
    }
}
