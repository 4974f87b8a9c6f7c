import Foundation
import Testing

extension SecretLeakTests {
    @Test(
        "spy and validating proxies in front of PocketBase: passwords and tokens pass through but reach no journal, log, recording, exported fixture or JUnit"
    )
    func passThrough() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let contract = try Self.contractCopy("blog", in: directory, replacing: [])
        let live = try ServeProcess(["--contract", contract, "--fixtures", "Fixtures/blog", "--port", "0"])
        defer { live.stop(SIGTERM) }
        let liveURL = try #require(live.url, "\(live.banner)")
        let validating = try ServeProcess(
            [
                "--contract", contract, "--no-fixtures", "--port", "0", "--log-level", "trace", "--admin-token",
                Self.adminToken, "--validate", liveURL, "--junit", directory + "/reports/validate.xml",
            ], errorLog: directory + "/validate.log")
        defer { validating.stop(SIGTERM) }
        let spying = try ServeProcess(
            [
                "--contract", contract, "--no-fixtures", "--port", "0", "--log-level", "trace", "--admin-token",
                Self.adminToken, "--spy", liveURL, "--record", "--export-dir", directory + "/exported",
            ], errorLog: directory + "/spy.log")
        defer { spying.stop(SIGTERM) }
        var artefacts: [String: String] = [:]
        var tokens: [String] = []
        for (name, proxy) in [("validate", validating), ("spy", spying)] {
            let base = try #require(proxy.url, "\(proxy.banner)")
            let users = base + "/api/collections/users"
            let email = "\(name)@example.com"
            let signUp = try await Self.send(
                "POST", users + "/records", headers: ["Content-Type": "application/json"],
                body:
                    #"{"email":"\#(email)","password":"\#(Self.userPassword)","passwordConfirm":"\#(Self.userPassword)"}"#
            )
            #expect(signUp.status == 200, "\(name): \(signUp.body)")
            let login = try await Self.send(
                "POST", users + "/auth-with-password", headers: ["Content-Type": "application/json"],
                body: #"{"identity":"\#(email)","password":"\#(Self.userPassword)"}"#)
            #expect(login.status == 200, "\(name): \(login.body)")
            let token = try Self.token(in: login.body)
            tokens.append(token)
            let refresh = try await Self.send("POST", users + "/auth-refresh", headers: ["Authorization": token])
            #expect(refresh.status == 200, "\(name): the token passed through to the live backend")
            tokens.append(try Self.token(in: refresh.body))
            // A route PocketBase does not have: the spy forwards it, credentials included, and
            // records it.
            let hook = try await Self.send(
                "GET", base + "/api/hooks/ping?token=\(Self.formEncoded(token))", headers: ["Authorization": token])
            #expect(hook.status == 404, "\(name): \(hook.body)")
            // A record the spy lacks: forwarded with the token, and kept (`--record`).
            let post = try await Self.send(
                "GET", base + "/api/collections/posts/records/p1hellotreaty01", headers: ["Authorization": token])
            #expect(post.status == 200, "\(name): \(post.body)")
            artefacts[name + " journal"] = try await Self.adminGet(base + "/__treaty/requests")
        }
        artefacts["spy recording"] = try await Self.adminGet(try #require(spying.url) + "/__treaty/recorded/routes")
        let export = try await Self.send(
            "POST", try #require(spying.url) + "/__treaty/export",
            headers: ["Authorization": "Bearer \(Self.adminToken)"])
        #expect(export.status == 200, "\(export.body)")
        let exported = try Self.files(under: directory + "/exported")
        #expect(exported.keys.contains { $0.hasSuffix("posts.json") }, "\(exported.keys)")
        #expect(exported.values.contains { $0.contains("p1hellotreaty01") }, "the forwarded post joined the store")
        #expect(validating.stop(SIGTERM) == 0)
        #expect(spying.stop(SIGTERM) == 0)
        artefacts["validate log"] = try String(contentsOfFile: directory + "/validate.log", encoding: .utf8)
        artefacts["spy log"] = try String(contentsOfFile: directory + "/spy.log", encoding: .utf8)
        artefacts.merge(try Self.files(under: directory + "/reports")) { $1 }
        #expect(artefacts["validate journal"]?.contains(#""origin":"forwarded""#) == true)
        #expect(artefacts["spy recording"]?.contains("/api/hooks/ping") == true)
        #expect(artefacts["spy journal"]?.contains(#""origin":"forwarded""#) == true)
        #expect(artefacts.count == 6)
        artefacts.merge(exported) { $1 }
        #expect(Self.leaks(in: artefacts) == [])
        for name in artefacts.keys.sorted() {
            for token in tokens {
                #expect(artefacts[name]?.contains(token) == false, "\(name) holds a PocketBase token")
            }
        }
    }
}
