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
        let serverLog = directory + "/serve.log"
        let server = try ServeProcess(
            [
                "--contract", contract, "--fixtures", "Fixtures/blog", "--port", "0", "--log-level", "trace",
                "--admin-token", Self.adminToken, "--superuser", "admin@example.com:\(Self.superuserPassword)",
            ], errorLog: serverLog)
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
        let live = try await TreatyProcess.run(
            ["verify", "--contract", contract, "--target", base, "--junit", directory + "/reports/live.xml"],
            environment: environment)
        let mock = try await TreatyProcess.run(
            ["verify", "--contract", contract, "--junit", directory + "/reports/mock.xml"], environment: environment)
        #expect(live.status == 0, "\(live.standardOutput)\(live.standardError)")
        #expect(mock.status == 0, "\(mock.standardOutput)\(mock.standardError)")
        var artefacts = try Self.files(under: directory + "/reports")
        artefacts["live stdout"] = live.standardOutput
        artefacts["live stderr"] = live.standardError
        artefacts["mock stdout"] = mock.standardOutput
        artefacts["mock stderr"] = mock.standardError
        let journal = try await Self.adminGet(base + "/__treaty/requests")
        artefacts["journal"] = journal
        artefacts["state"] = try await Self.adminGet(base + "/__treaty/state/users")
        #expect(journal.contains("erin@example.com"), "the multipart sign-up is journaled")
        #expect(journal.contains(#"\"password\":\"<redacted>\""#), "the journal keeps the body, masked")
        #expect(journal.contains("password=<redacted>&passwordConfirm=<redacted>"), "and form bodies")
        #expect(journal.contains(#""authorization":"<redacted>""#))
        #expect(server.stop(SIGTERM) == 0)
        artefacts["serve log"] = try String(contentsOfFile: serverLog, encoding: .utf8)
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
        let serverLog = directory + "/serve.log"
        let server = try ServeProcess(
            [
                "--contract", contract, "--fixtures", "Fixtures/gallery", "--port", "0", "--log-level", "trace",
                "--admin-token", Self.adminToken,
            ], errorLog: serverLog)
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
        let live = try await TreatyProcess.run(
            ["verify", "--contract", contract, "--target", base, "--junit", directory + "/reports/live.xml"],
            environment: environment)
        let mock = try await TreatyProcess.run(
            ["verify", "--contract", contract, "--junit", directory + "/reports/mock.xml"], environment: environment)
        #expect(live.status == 0, "\(live.standardOutput)\(live.standardError)")
        #expect(mock.status == 0, "\(mock.standardOutput)\(mock.standardError)")
        var artefacts = try Self.files(under: directory + "/reports")
        artefacts["live stdout"] = live.standardOutput
        artefacts["live stderr"] = live.standardError
        artefacts["mock stdout"] = mock.standardOutput
        artefacts["mock stderr"] = mock.standardError
        let journal = try await Self.adminGet(base + "/__treaty/requests")
        artefacts["journal"] = journal
        artefacts["state"] = try await Self.adminGet(base + "/__treaty/state/_ck_records")
        #expect(
            journal.contains("ckAPIToken=<redacted>&ckWebAuthToken=<redacted>"), "the journal keeps the query, masked")
        #expect(server.stop(SIGTERM) == 0)
        artefacts["serve log"] = try String(contentsOfFile: serverLog, encoding: .utf8)
        #expect(Self.leaks(in: artefacts) == [])
    }
}
