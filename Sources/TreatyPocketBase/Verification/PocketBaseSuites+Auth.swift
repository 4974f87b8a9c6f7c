internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension PocketBaseSuites {
    /// The cases for an auth collection's flows (pocketbase.md §11): password login refusing an
    /// empty body and a wrong password, and `auth-refresh` refusing a missing or foreign token.
    func authCases(
        _ collection: PocketBaseCollection, all: [PocketBaseCollection], suite: String, location: SourceLocation?
    ) -> [VerificationCase] {
        guard collection.type == .auth, collection.field(named: "email") != nil else { return [] }
        let name = collection.name
        return [
            makeCase(
                suite, "\(name): auth-with-password refuses an empty body and a wrong password, and logs in",
                rules: [.pocketBaseError, .pocketBaseRecord], clauses: ["§11.2"], location: location, writes: true,
                collections: all
            ) { bench in
                let (id, body) = try await bench.createRecord(collection, check: false)
                let path = "/api/collections/\(collection.name)/auth-with-password"
                let empty = try await bench.context.send(.post, path, body: .object(JSONObject()))
                try bench.context.require(empty, status: 400, rule: .pocketBaseError, "a password login without a body")
                bench.judge(bench.conformance.checkError(empty.json, status: 400), in: empty)
                for key in ["identity", "password"] where empty.value(at: "/data/\(key)/code")?.stringValue == nil {
                    bench.context.fail(
                        .pocketBaseError, at: "/data/\(key)", "\(empty.request) with {} names no error for '\(key)'",
                        detail: "fix: an empty login body fails on identity and password (pocketbase.md §11)")
                }
                let identity = body["email"] ?? .string("")
                let wrong = try await bench.context.send(
                    .post, path, body: ["identity": identity, "password": "treaty-wrong-password"])
                try bench.context.require(wrong, status: 400, rule: .pocketBaseError, "a login with a wrong password")
                if wrong.value(at: "/message")?.stringValue != "Failed to authenticate." {
                    bench.context.fail(
                        .pocketBaseError, at: "/message",
                        "\(wrong.request): expected \"Failed to authenticate.\", got \(PocketBaseBench.show(wrong.value(at: "/message")))")
                }
                let right = try await bench.context.send(
                    .post, path, body: ["identity": identity, "password": body["password"] ?? .null])
                try bench.context.require(right, status: 200, rule: .pocketBaseRecord, "a login with the right password")
                if right.value(at: "/token")?.stringValue?.isEmpty != false || right.value(at: "/record/id")?.stringValue != id {
                    bench.context.fail(
                        .pocketBaseRecord, "\(right.request) answered no token or another record than \(id)",
                        detail: "fix: a login answers {\"token\", \"record\"} (pocketbase.md §11)")
                }
            },
            makeCase(
                suite, "\(name): auth-refresh needs a token of this collection", rules: [.pocketBaseError],
                clauses: ["§11.4"], location: location, writes: false, collections: all
            ) { bench in
                let path = "/api/collections/\(collection.name)/auth-refresh"
                var anonymous = HTTPFields()
                anonymous[.authorization] = ""
                let none = try await bench.context.send(.post, path, headers: anonymous)
                try bench.context.require(none, status: 401, rule: .pocketBaseError, "auth-refresh without a token")
                bench.judge(bench.conformance.checkError(none.json, status: 401), in: none)
                let foreign = try await bench.context.send(.post, path)
                try bench.context.require(
                    foreign, status: 403, rule: .pocketBaseError, "auth-refresh with the superuser's token (another collection)")
                bench.judge(bench.conformance.checkError(foreign.json, status: 403), in: foreign)
            },
        ]
    }
}
