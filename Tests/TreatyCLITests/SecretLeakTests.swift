import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// No secret reaches an artefact: `treaty verify` (against the in-process simulator and live
/// against `treaty serve`) with a bearer token, Basic credentials, custom credential headers
/// and every dialect's logins and credentials (PocketBase passwords and tokens, FileMaker Basic
/// credentials and session tokens, CloudKit API and web-auth tokens), and `treaty serve` at its
/// most talkative with its journal on. Every artefact — consoles, server logs, JUnit files,
/// journal and state dumps — is searched for every secret raw, base64-encoded and URL-encoded.
@Suite(.serialized) struct SecretLeakTests {
    /// Secrets with characters that URL and base64 encodings change.
    static let token = "tok/Live+98=765&x"
    static let apiKey = "key 0123?456#789"
    static let tenant = "tenant:secret@55"
    static let basicUser = "ops"
    static let basicPassword = "basic-pass/31!"
    static let fileMakerPassword = "fm-pass/77+x"
    static let adminToken = "adm1n-t0ken/+="
    static let superuserPassword = "pb-super/55+x"
    static let userPassword = "pb-user/66+y&z"
    static let cloudKitAPIToken = "ck-api-tok-8a7b6c5d4e"
    static let cloudKitWebToken = "ck-web-tok-1f2e3d4c5b"

    static let secrets = [
        token, apiKey, tenant, basicPassword, fileMakerPassword, adminToken, superuserPassword, userPassword,
        cloudKitAPIToken, cloudKitWebToken,
    ]

    /// Every form a secret could leak in.
    static func forms(of secret: String) -> [String] {
        var forms = [secret, Data(secret.utf8).base64EncodedString()]
        if let encoded = secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics) { forms.append(encoded) }
        if let query = secret.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) { forms.append(query) }
        return forms
    }

    static var basicCredentials: String { Data("\(basicUser):\(basicPassword)".utf8).base64EncodedString() }

    /// Each artefact that holds any form of any secret, with the form.
    static func leaks(in artefacts: [String: String]) -> [String] {
        var found: [String] = []
        let allForms = secrets.flatMap(forms) + [basicCredentials]
        for (name, text) in artefacts.sorted(by: { $0.key < $1.key }) {
            for form in allForms where text.contains(form) { found.append("\(name) holds \(form)") }
        }
        return found
    }

    static func scratch() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("treaty-secrets-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Every file under `directory`, by path.
    static func files(under directory: String) throws -> [String: String] {
        var files: [String: String] = [:]
        for name in try FileManager.default.subpathsOfDirectory(atPath: directory) {
            let path = directory + "/" + name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            files[name] = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        }
        return files
    }

    /// Sends a request as an app would; returns the status, the response headers and the body.
    static func send(
        _ method: String, _ url: String, headers: [String: String] = [:], body: String? = nil
    ) async throws -> (status: Int, headers: [String: String], body: String) {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body.map { Data($0.utf8) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name] = value }
        }
        return (http.statusCode, fields, String(decoding: data, as: UTF8.self))
    }

    /// `treaty serve` of `contract` with `fixtures`, logging at trace level to
    /// `directory/serve.log` behind the admin token.
    static func tracingServer(contract: String, fixtures: String, in directory: String, extra: [String] = []) throws
        -> ServeProcess
    {
        try ServeProcess(
            [
                "--contract", contract, "--fixtures", fixtures, "--port", "0", "--log-level", "trace",
                "--admin-token", adminToken,
            ] + extra, errorLog: directory + "/serve.log")
    }

    /// Runs `treaty verify` once per named argument list, each expected to pass, and returns
    /// the files under `directory/reports` with each run's output (`live stdout` …).
    static func verifyArtefacts(
        _ runs: KeyValuePairs<String, [String]>, environment: [String: String], directory: String
    ) async throws -> [String: String] {
        var outputs: [String: String] = [:]
        for (name, arguments) in runs {
            let run = try await TreatyProcess.run(["verify"] + arguments, environment: environment)
            #expect(run.status == 0, "\(name): \(run.standardOutput)\(run.standardError)")
            outputs[name + " stdout"] = run.standardOutput
            outputs[name + " stderr"] = run.standardError
        }
        return try files(under: directory + "/reports").merging(outputs) { $1 }
    }

    /// The server's journal and the state dump of `resource`, then, once it stopped cleanly,
    /// its log.
    static func serverArtefacts(_ server: ServeProcess, base: String, state resource: String, directory: String)
        async throws -> [String: String]
    {
        let journal = try await adminGet(base + "/__treaty/requests")
        let state = try await adminGet(base + "/__treaty/state/" + resource)
        #expect(server.stop(SIGTERM) == 0)
        let log = try String(contentsOfFile: directory + "/serve.log", encoding: .utf8)
        return ["journal": journal, "state": state, "serve log": log]
    }

    static func adminGet(_ url: String) async throws -> String {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.setValue("Bearer \(adminToken)", forHTTPHeaderField: "Authorization")
        let (data, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200, "\(url)")
        return String(decoding: data, as: UTF8.self)
    }

    @Test("rest-sync: mock and live verify with a bearer, Basic and custom headers, and a trace-logging serve")
    func restSync() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try Self.tracingServer(
            contract: "Contracts/demo/contract.yaml", fixtures: "Fixtures/demo", in: directory)
        defer { server.stop(SIGTERM) }
        let base = try #require(server.url, "\(server.banner)")
        let credentials = [
            "--header", "X-Api-Key: \(Self.apiKey)", "--header", "Proxy-Authorization: Basic \(Self.basicCredentials)",
        ]
        let environment = ["TREATY_TOKEN": Self.token, "TREATY_HEADERS": "X-Tenant-Token: \(Self.tenant)"]
        let contract = ["--contract", "Contracts/demo/contract.yaml"]
        var artefacts = try await Self.verifyArtefacts(
            [
                "mock": contract + ["--junit", directory + "/reports/mock.xml"] + credentials,
                "live": contract + [
                    "--target", base, "--junit", directory + "/reports/live.xml",
                    "--junit-dir", directory + "/reports/suites",
                ] + credentials,
            ], environment: environment, directory: directory)
        artefacts.merge(try await Self.serverArtefacts(server, base: base, state: "task", directory: directory)) { $1 }
        #expect(artefacts["journal"]?.contains(#""authorization":"#) == true, "the journal keeps header names")
        #expect(artefacts["journal"]?.contains(#""x-api-key":"#) == true)
        #expect(artefacts.count >= 9)
        #expect(Self.leaks(in: artefacts) == [])
    }

    @Test("FileMaker: a live verify logging in with the account's password, and the session tokens it gets")
    func fileMaker() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let contract = try Self.contractCopy(
            "music", in: directory,
            replacing: [("password: admin-password-123", "password: \"\(Self.fileMakerPassword)\"")])
        let server = try Self.tracingServer(contract: contract, fixtures: "Fixtures/music", in: directory)
        defer { server.stop(SIGTERM) }
        let base = try #require(server.url, "\(server.banner)")
        var artefacts = try await Self.verifyArtefacts(
            [
                "live": [
                    "--contract", contract, "--target", base, "--database", "Music", "--junit",
                    directory + "/reports/live.xml",
                ]
            ], environment: ["TREATY_FM_USER": "admin", "TREATY_FM_PASSWORD": Self.fileMakerPassword], directory: directory)
        // A client of its own: Basic credentials, a JSON login body with an `fmDataSource`
        // password, the session token it earns (body and header), a call with it, and a logout
        // by the token in the path.
        let sessions = base + "/fmi/data/vLatest/databases/Music/sessions"
        let basic = Data("admin:\(Self.fileMakerPassword)".utf8).base64EncodedString()
        let login = try await Self.send(
            "POST", sessions, headers: ["Authorization": "Basic \(basic)", "Content-Type": "application/json"],
            body: #"{"fmDataSource":[{"database":"Other","username":"u","password":"\#(Self.fileMakerPassword)"}]}"#)
        #expect(login.status == 200, "\(login.body)")
        let session = try #require(
            login.headers.first { $0.key.lowercased() == "x-fm-data-access-token" }?.value, "\(login.headers)")
        #expect(login.body.contains(session))
        let validated = try await Self.send(
            "GET", base + "/fmi/data/vLatest/validateSession", headers: ["Authorization": "Bearer \(session)"])
        #expect(validated.status == 200, "\(validated.body)")
        #expect(try await Self.send("DELETE", sessions + "/" + session).status == 200)
        artefacts.merge(
            try await Self.serverArtefacts(server, base: base, state: "Music%2FArtists", directory: directory)) { $1 }
        let journal = try #require(artefacts["journal"])
        #expect(Self.leaks(in: artefacts) == [])
        // The session tokens the server handed out are secrets too: the journal and the serve
        // log show logout paths with the token masked, and no artefact holds one.
        #expect(journal.contains("/sessions/<redacted>"), "the runs logged out by token")
        #expect(journal.matches(of: /\/sessions\/[0-9a-f]{20,}/).isEmpty, "the journal holds a session token")
        for name in artefacts.keys.sorted() {
            #expect(artefacts[name]?.contains(session) == false, "\(name) holds a session token")
        }
    }
}
