import Foundation
import Testing
import TreatyTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `treaty record` of CloudKit Web Services: a recording of `treaty serve` of the gallery,
/// served again, answers every record type's query as the original, and `treaty diff
/// --read-only` finds nothing between them.
@Suite struct CloudKitRecordTests {
    static let contract = "Contracts/gallery/contract.yaml"
    static let query =
        "/database/1/iCloud.com.example.Gallery/development/public/records/query?ckAPIToken=gallery-api-token-0001"

    @Test("a recording of the gallery answers every record type's query as the original, and diffs clean")
    func recordsGallery() async throws {
        let server = try ServeProcess(["--contract", Self.contract, "--fixtures", "Fixtures/gallery", "--port", "0"])
        defer { server.stop() }
        let url = try #require(server.url, "\(server.banner)")
        let directory = try TemporaryDirectory()
        let out = directory.path("recorded")
        let recorded = try await TreatyProcess.run([
            "record", "--contract", Self.contract, "--target", url, "--out", out,
        ])
        #expect(recorded.status == 0, "\(recorded.standardError)")
        #expect(
            recorded.standardOutput
                == "treaty: recorded 5 records of 1 resource in 6 requests; wrote 2 files to \(out)/\n",
            "2 record types in the public zone, the private default zone and Studio: \(recorded.standardOutput)")
        for (name, text) in try SecretLeakTests.files(under: out) {
            #expect(!text.contains("gallery-api-token-0001"), "\(name) holds the API token")
            #expect(!text.contains("gallery-web-token-curator"), "\(name) holds the web auth token")
        }

        let clean = try await TreatyProcess.run([
            "diff", "--contract", Self.contract, "--target", url, "--fixtures", out, "--read-only",
        ])
        #expect(clean.status == 0, "\(clean.standardOutput)\(clean.standardError)")
        #expect(
            clean.standardOutput.hasSuffix("treaty diff: 0 divergences in 0 of 5 compared cases\n"),
            "\(clean.standardOutput)")

        let replay = try ServeProcess(["--contract", Self.contract, "--fixtures", out, "--port", "0"])
        defer { replay.stop() }
        let replayURL = try #require(replay.url, "\(replay.banner)")
        for type in ["Artist", "Artwork"] {
            let original = try await Self.records(url + Self.query, type: type)
            #expect(original.count > 0)
            let again = try await Self.records(replayURL + Self.query, type: type)
            #expect(
                again == original, "the \(type) query answers differently:\noriginal \(original)\nrecording \(again)")
        }
    }

    @Test("a record type longer than a page is read page by page, and the curator's Studio zone is recorded")
    func pagesAndPrivateZones() async throws {
        let directory = try TemporaryDirectory()
        let fixtures = directory.path("fixtures")
        try FileManager.default.createDirectory(atPath: fixtures, withIntermediateDirectories: true)
        let artists = (1...201).map { number in
            #"{"recordName": "artist-\#(number)", "fields": {"name": {"value": "Artist \#(number)", "type": "STRING"}}}"#
        }
        try ("[" + artists.joined(separator: ",\n") + "]").write(
            toFile: fixtures + "/Artist.json", atomically: true, encoding: .utf8)
        let draft =
            #"[{"recordName": "draft-1", "database": "private", "zoneID": {"zoneName": "Studio"}, "fields": {"title": {"value": "Draft", "type": "STRING"}}}]"#
        try draft.write(toFile: fixtures + "/Artwork.json", atomically: true, encoding: .utf8)
        let server = try ServeProcess(["--contract", Self.contract, "--fixtures", fixtures, "--port", "0"])
        defer { server.stop() }
        let url = try #require(server.url, "\(server.banner)")
        let out = directory.path("recorded")
        let recorded = try await TreatyProcess.run([
            "record", "--contract", Self.contract, "--target", url, "--out", out,
        ])
        #expect(recorded.status == 0, "\(recorded.standardError)")
        #expect(
            recorded.standardOutput
                == "treaty: recorded 202 records of 1 resource in 7 requests; wrote 2 files to \(out)/\n",
            "two pages of public artists, one of artworks, one each in the private zones: \(recorded.standardOutput)")
        let artworks = try String(contentsOfFile: out + "/Artwork.json", encoding: .utf8)
        #expect(
            artworks.contains(#""zoneName": "Studio""#) && artworks.contains(#""database": "private""#), "\(artworks)")
    }

    /// The `records` of a public query of `type`, as comparable JSON.
    static func records(_ url: String, type: String) async throws -> NSArray {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: ["query": ["recordType": type]])
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (data, _) = try await URLSession.shared.data(for: request)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(object["records"] as? NSArray)
    }
}
