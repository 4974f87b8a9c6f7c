import Foundation
import Testing
import TreatyTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `treaty record` of the FileMaker Data API: a recording of `treaty serve` of the music
/// catalogue, served again, answers every layout's records (portal rows included) as the
/// original, and `treaty diff --read-only` finds nothing between them.
@Suite struct FileMakerRecordTests {
    static let contract = "Contracts/music/contract.yaml"
    static let database = "/fmi/data/vLatest/databases/Music"

    @Test("a recording of the music catalogue answers every layout's records as the original, and diffs clean")
    func recordsMusic() async throws {
        let server = try ServeProcess(["--contract", Self.contract, "--fixtures", "Fixtures/music", "--port", "0"])
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
                == "treaty: recorded 7 records of 2 resources in 4 requests; wrote 2 files to \(out)/\n",
            "\(recorded.standardOutput)")
        for (name, text) in try SecretLeakTests.files(under: out) {
            #expect(!text.contains("admin-password-123"), "\(name) holds the account's password")
        }

        let clean = try await TreatyProcess.run([
            "diff", "--contract", Self.contract, "--target", url, "--fixtures", out, "--read-only",
        ])
        #expect(clean.status == 0, "\(clean.standardOutput)\(clean.standardError)")
        #expect(
            clean.standardOutput.hasSuffix("treaty diff: 0 divergences in 0 of 7 compared cases\n"),
            "\(clean.standardOutput)")

        let replay = try ServeProcess(["--contract", Self.contract, "--fixtures", out, "--port", "0"])
        defer { replay.stop() }
        let replayURL = try #require(replay.url, "\(replay.banner)")
        let (original, served) = (try await Self.token(url), try await Self.token(replayURL))
        for layout in ["Artists", "Albums", "Admin%20Log"] {
            let path = "\(Self.database)/layouts/\(layout)/records?_limit=100"
            let real = try await Self.data(url + path, token: original)
            #expect(real.count > 0)
            let again = try await Self.data(replayURL + path, token: served)
            #expect(again == real, "GET \(path) answers differently:\noriginal \(real)\nrecording \(again)")
        }
    }

    @Test("a table longer than a page is read page by page, and an empty database records empty files")
    func pagesAndEmptyTables() async throws {
        let directory = try TemporaryDirectory()
        let fixtures = directory.path("fixtures")
        try FileManager.default.createDirectory(atPath: fixtures, withIntermediateDirectories: true)
        let albums = (1...501).map { number in
            #"{"recordId": "\#(number)", "title": "Album \#(number)", "year": 1960}"#
        }
        try ("[" + albums.joined(separator: ",\n") + "]").write(
            toFile: fixtures + "/Albums.json", atomically: true, encoding: .utf8)
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
                == "treaty: recorded 501 records of 1 resource in 5 requests; wrote 2 files to \(out)/\n",
            "login, one empty Artists page, two Albums pages, logout: \(recorded.standardOutput)")

        let empty = try ServeProcess(["--contract", Self.contract, "--no-fixtures", "--port", "0"])
        defer { empty.stop() }
        let emptyURL = try #require(empty.url, "\(empty.banner)")
        let none = directory.path("none")
        let nothing = try await TreatyProcess.run([
            "record", "--contract", Self.contract, "--target", emptyURL, "--out", none,
        ])
        #expect(nothing.status == 0, "\(nothing.standardError)")
        #expect(
            nothing.standardOutput
                == "treaty: recorded 0 records of 0 resources in 4 requests; wrote 2 files to \(none)/\n",
            "\(nothing.standardOutput)")
    }

    /// A session token of the contract's account.
    static func token(_ base: String) async throws -> String {
        var request = URLRequest(url: try #require(URL(string: base + database + "/sessions")))
        request.httpMethod = "POST"
        request.httpBody = Data("{}".utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(
            "Basic \(Data("admin:admin-password-123".utf8).base64EncodedString())", forHTTPHeaderField: "Authorization")
        let (data, _) = try await URLSession.shared.data(for: request)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let response = try #require(object["response"] as? [String: Any])
        return try #require(response["token"] as? String)
    }

    /// The `response.data` of a records read, as comparable JSON.
    static func data(_ url: String, token: String) async throws -> NSArray {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let (data, _) = try await URLSession.shared.data(for: request)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let response = try #require(object["response"] as? [String: Any])
        return try #require(response["data"] as? NSArray)
    }
}
