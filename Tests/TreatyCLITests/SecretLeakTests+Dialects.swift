import Foundation
import Testing

extension SecretLeakTests {
    /// A copy of `Contracts/<name>` in `directory`, with `replacements` applied to its
    /// `contract.yaml`; returns the copy's contract path.
    static func contractCopy(_ name: String, in directory: String, replacing replacements: [(String, String)]) throws
        -> String
    {
        let source = TreatyProcess.root + "/Contracts/" + name
        let copy = directory + "/" + name
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        for file in try FileManager.default.contentsOfDirectory(atPath: source) where file != "suites" {
            try FileManager.default.copyItem(atPath: source + "/" + file, toPath: copy + "/" + file)
        }
        var contract = try String(contentsOfFile: copy + "/contract.yaml", encoding: .utf8)
        for (old, new) in replacements {
            #expect(contract.contains(old), "Contracts/\(name)/contract.yaml no longer holds \(old)")
            contract = contract.replacingOccurrences(of: old, with: new)
        }
        try FileManager.default.removeItem(atPath: copy + "/contract.yaml")
        try contract.write(toFile: copy + "/contract.yaml", atomically: true, encoding: .utf8)
        return copy + "/contract.yaml"
    }

    /// The `token` member of a JSON answer.
    static func token(in body: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]
        return try #require(object?["token"] as? String, "no token in \(body)")
    }

    static func formEncoded(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value
    }

    @Test("PocketBase: passwords in JSON and form bodies, the tokens they earn, and a live verify as superuser")
    func pocketBase() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let contract = try Self.contractCopy("blog", in: directory, replacing: [])
        let server = try Self.tracingServer(
            contract: contract, fixtures: "Fixtures/blog", in: directory,
            extra: ["--superuser", "admin@example.com:\(Self.superuserPassword)"])
        defer { server.stop(SIGTERM) }
        let base = try #require(server.url, "\(server.banner)")
        let users = base + "/api/collections/users"
        let json = ["Content-Type": "application/json"]
        let form = ["Content-Type": "application/x-www-form-urlencoded"]
        let password = Self.formEncoded(Self.userPassword)
        let signUp = try await Self.send(
            "POST", users + "/records", headers: json,
            body:
                #"{"email":"carol@example.com","password":"\#(Self.userPassword)","passwordConfirm":"\#(Self.userPassword)"}"#
        )
        #expect(signUp.status == 200, "\(signUp.body)")
        _ = try await Self.send(
            "POST", users + "/records", headers: form,
            body: "email=dave%40example.com&password=\(password)&passwordConfirm=\(password)")
        let multipart = [
            "--TreatyBoundary", #"Content-Disposition: form-data; name="email""#, "", "erin@example.com",
            "--TreatyBoundary", #"Content-Disposition: form-data; name="password""#, "", Self.userPassword,
            "--TreatyBoundary", #"Content-Disposition: form-data; name="passwordConfirm""#, "", Self.userPassword,
            "--TreatyBoundary--", "",
        ].joined(separator: "\r\n")
        _ = try await Self.send(
            "POST", users + "/records", headers: ["Content-Type": "multipart/form-data; boundary=TreatyBoundary"],
            body: multipart)
        _ = try await Self.send(
            "POST", users + "/auth-with-password", headers: form,
            body: "identity=carol%40example.com&password=\(password)")
        let login = try await Self.send(
            "POST", users + "/auth-with-password", headers: json,
            body: #"{"identity":"carol@example.com","password":"\#(Self.userPassword)"}"#)
        #expect(login.status == 200, "\(login.body)")
        let token = try Self.token(in: login.body)
        let refresh = try await Self.send("POST", users + "/auth-refresh", headers: ["Authorization": token])
        #expect(refresh.status == 200, "\(refresh.body)")
        let refreshed = try Self.token(in: refresh.body)
        let environment = ["TREATY_PB_SUPERUSER": "admin@example.com:\(Self.superuserPassword)"]
        var artefacts = try await Self.verifyArtefacts(
            [
                "live": ["--contract", contract, "--target", base, "--junit", directory + "/reports/live.xml"],
                "mock": ["--contract", contract, "--junit", directory + "/reports/mock.xml"],
            ], environment: environment, directory: directory)
        artefacts.merge(try await Self.serverArtefacts(server, base: base, state: "users", directory: directory)) { $1 }
        let journal = try #require(artefacts["journal"])
        #expect(journal.contains("erin@example.com"), "the multipart sign-up is journaled")
        #expect(journal.contains(#"\"password\":\"<redacted>\""#), "the journal keeps the body, masked")
        #expect(journal.contains("password=<redacted>&passwordConfirm=<redacted>"), "and form bodies")
        #expect(journal.contains(#""authorization":"<redacted>""#))
        #expect(artefacts.count >= 9)
        #expect(Self.leaks(in: artefacts) == [])
        for name in artefacts.keys.sorted() {
            #expect(artefacts[name]?.contains(token) == false, "\(name) holds a PocketBase token")
            #expect(artefacts[name]?.contains(refreshed) == false, "\(name) holds a refreshed PocketBase token")
        }
    }

    @Test("CloudKit: API and web-auth tokens in queries and bodies, mock and live verify, and the state dump")
    func cloudKit() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let contract = try Self.contractCopy(
            "gallery", in: directory,
            replacing: [
                ("gallery-api-token-0001", Self.cloudKitAPIToken), ("gallery-web-token-curator", Self.cloudKitWebToken),
            ])
        let server = try Self.tracingServer(contract: contract, fixtures: "Fixtures/gallery", in: directory)
        defer { server.stop(SIGTERM) }
        let base = try #require(server.url, "\(server.banner)")
        let records = base + "/database/1/iCloud.com.example.Gallery/development/private/records/query"
        let query = try await Self.send(
            "POST", records + "?ckAPIToken=\(Self.cloudKitAPIToken)&ckWebAuthToken=\(Self.cloudKitWebToken)",
            headers: ["Content-Type": "application/json"],
            body:
                #"{"query":{"recordType":"Artist"},"zoneID":{"zoneName":"_defaultZone"},"ckWebAuthToken":"\#(Self.cloudKitWebToken)"}"#
        )
        #expect(query.status == 200, "\(query.body)")
        let environment = [
            "TREATY_CK_API_TOKEN": Self.cloudKitAPIToken, "TREATY_CK_WEB_AUTH_TOKEN": Self.cloudKitWebToken,
        ]
        var artefacts = try await Self.verifyArtefacts(
            [
                "live": ["--contract", contract, "--target", base, "--junit", directory + "/reports/live.xml"],
                "mock": ["--contract", contract, "--junit", directory + "/reports/mock.xml"],
            ], environment: environment, directory: directory)
        artefacts.merge(try await Self.serverArtefacts(server, base: base, state: "_ck_records", directory: directory)) {
            $1
        }
        let journal = try #require(artefacts["journal"])
        #expect(
            journal.contains("ckAPIToken=<redacted>&ckWebAuthToken=<redacted>"), "the journal keeps the query, masked")
        #expect(Self.leaks(in: artefacts) == [])
    }
}
