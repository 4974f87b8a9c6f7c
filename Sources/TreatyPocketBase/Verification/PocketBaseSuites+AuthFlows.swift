internal import Foundation
internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension PocketBaseSuites {
    /// The cases for an auth collection's other flows (pocketbase.md §11): `auth-methods`, the
    /// token's claims, OTP, the password-reset, verification and email-change requests,
    /// impersonation and OAuth2 without providers; and for a base collection, that auth routes
    /// are not there (§2).
    func authFlowCases(
        _ collection: PocketBaseCollection, all: [PocketBaseCollection], suite: String, location: SourceLocation?
    ) -> [VerificationCase] {
        let name = collection.name
        let path = "/api/collections/\(name)/"
        guard collection.type == .auth, let auth = collection.auth, collection.field(named: "email") != nil else {
            return [
                makeCase(
                    suite, "\(name): auth routes answer 404 Missing or invalid auth collection context.",
                    rules: [.pocketBaseError], clauses: ["§2.8"], location: location, writes: false, collections: all
                ) { bench in
                    let methods = try await bench.context.send(.get, path + "auth-methods")
                    let login = try await bench.context.send(
                        .post, path + "auth-with-password",
                        body: ["identity": "treaty@example.com", "password": "treaty-password"])
                    for reply in [methods, login] {
                        try bench.context.require(
                            reply, status: 404, rule: .pocketBaseError, "an auth route of a base collection")
                        Self.expectMessage(
                            bench, reply, "Missing or invalid auth collection context.", "pocketbase.md §2")
                    }
                }
            ]
        }
        let superuser = self.superuser
        var cases = [
            makeCase(
                suite, "\(name): auth-methods answers the schema's methods with the legacy keys",
                rules: [.pocketBaseRecord],
                clauses: ["§11.1"], location: location, writes: false, collections: all
            ) { bench in try await Self.checkAuthMethods(bench, path, auth) },
            makeCase(
                suite, "\(name): a login token is an HS256 JWT with PocketBase's claims and lifetime",
                rules: [.pocketBaseRecord], clauses: ["§11.3"], location: location, writes: true, collections: all
            ) { bench in try await Self.checkTokenClaims(bench, collection, auth, superuser: superuser) },
            makeCase(
                suite, "\(name): request-otp and auth-with-otp follow the OTP setting", rules: [.pocketBaseError],
                clauses: ["§11.5", "§11.6"], location: location, writes: false, collections: all
            ) { bench in try await Self.checkOTP(bench, path, enabled: auth.otp.enabled) },
            makeCase(
                suite,
                "\(name): reset and verification requests answer 204 for unknown emails; bad tokens and guests are refused",
                rules: [.pocketBaseError], clauses: ["§11.7", "§11.8", "§11.9"], location: location, writes: false,
                collections: all
            ) { bench in try await Self.checkEmailFlows(bench, path) },
            makeCase(
                suite, "\(name): impersonate is for superusers and answers a non-refreshable token",
                rules: [.pocketBaseError], clauses: ["§11.10"], location: location, writes: true, collections: all
            ) { bench in try await Self.checkImpersonate(bench, collection) },
        ]
        if !auth.oauth2.enabled || (auth.oauth2.providers ?? []).isEmpty {
            cases.append(
                makeCase(
                    suite, "\(name): auth-with-oauth2 without providers answers 403", rules: [.pocketBaseError],
                    clauses: ["§11.11"], location: location, writes: false, collections: all
                ) { bench in
                    let reply = try await bench.context.send(
                        .post, path + "auth-with-oauth2",
                        body: [
                            "provider": "google", "code": "treaty", "codeVerifier": "treaty",
                            "redirectURL": "http://localhost/",
                        ])
                    try bench.context.require(
                        reply, status: 403, rule: .pocketBaseError, "auth-with-oauth2 without providers")
                    bench.judge(bench.conformance.checkError(reply.json, status: 403), in: reply)
                })
        }
        return cases
    }

    static func expectMessage(_ bench: PocketBaseBench, _ reply: Reply, _ message: String, _ source: String) {
        if reply.value(at: "/message") != .string(message) {
            bench.context.fail(
                .pocketBaseError, at: "/message",
                "\(reply.request): expected the message \"\(message)\", got \(PocketBaseBench.show(reply.value(at: "/message")))",
                detail: "fix: see \(source)")
        }
    }

    /// §11: the four methods with the schema's settings (durations 0 when off) and the legacy keys.
    static func checkAuthMethods(_ bench: PocketBaseBench, _ path: String, _ auth: PocketBaseAuthOptions) async throws {
        let reply = try await bench.context.send(.get, path + "auth-methods")
        try bench.context.require(reply, status: 200, rule: .pocketBaseRecord, "reading auth-methods")
        let identities = auth.passwordAuth.identityFields
        let password = auth.passwordAuth.enabled
        let expected: [(String, JSONValue)] = [
            ("/password/enabled", .bool(password)),
            ("/password/identityFields", .array(identities.map { .string($0) })),
            ("/oauth2/enabled", .bool(auth.oauth2.enabled)),
            ("/mfa/enabled", .bool(auth.mfa.enabled)),
            ("/mfa/duration", .number(JSONNumber(auth.mfa.enabled ? auth.mfa.duration : 0))),
            ("/otp/enabled", .bool(auth.otp.enabled)),
            ("/otp/duration", .number(JSONNumber(auth.otp.enabled ? auth.otp.duration : 0))),
            ("/usernamePassword", .bool(password && identities.contains("username"))),
            ("/emailPassword", .bool(password && identities.contains("email"))),
        ]
        for (pointer, value) in expected where reply.value(at: pointer) != value {
            bench.context.fail(
                .pocketBaseRecord, at: pointer,
                "\(reply.request): expected \(pointer) \(value.serialized()), got \(PocketBaseBench.show(reply.value(at: pointer)))",
                detail:
                    "fix: auth-methods answers password, oauth2, mfa, otp (durations 0 when off) and the legacy keys (pocketbase.md §11)"
            )
        }
        for pointer in ["/oauth2/providers", "/authProviders"] where reply.value(at: pointer)?.arrayValue == nil {
            bench.context.fail(.pocketBaseRecord, at: pointer, "\(reply.request) answered no \(pointer) array")
        }
    }

    /// The claims of a JWT, and whether its header is `{"alg":"HS256","typ":"JWT"}`.
    static func jwtClaims(of token: String) -> (JSONObject, Bool)? {
        let parts = token.split(separator: ".")
        guard parts.count == 3, let header = Base64URL.decode(parts[0]), let payload = Base64URL.decode(parts[1]),
            let claims = (try? JSONParser().parse(payload))?.objectValue
        else { return nil }
        let head = (try? JSONParser().parse(header))?.objectValue
        return (claims, head?["alg"] == "HS256" && head?["typ"] == "JWT")
    }

    /// Checks a token's claims: the record, the collection, `type: "auth"`, `refreshable` and an
    /// `exp` `lifetime` seconds from now (give or take two minutes).
    static func checkClaims(
        _ bench: PocketBaseBench, _ reply: Reply, id: String, collectionID: String, refreshable: Bool, lifetime: Int
    ) {
        guard let token = reply.value(at: "/token")?.stringValue, let decoded = jwtClaims(of: token) else {
            bench.context.fail(.pocketBaseRecord, at: "/token", "\(reply.request) answered no JWT token")
            return
        }
        bench.context.conceal([token])
        let (claims, signed) = decoded
        let exp = claims["exp"]?.numberValue?.int64Value ?? 0
        let expected = Int64(Date().timeIntervalSince1970) + Int64(lifetime)
        if !signed || claims["id"] != .string(id) || claims["collectionId"] != .string(collectionID)
            || claims["type"] != "auth" || claims["refreshable"] != .bool(refreshable) || abs(exp - expected) > 120
        {
            bench.context.fail(
                .pocketBaseRecord, at: "/token",
                "\(reply.request) answered a token with the claims \(JSONValue.object(claims).serialized()) (HS256: \(signed)); expected id \(id), collectionId \(collectionID), type auth, refreshable \(refreshable), exp ≈ now + \(lifetime)",
                detail:
                    "fix: tokens are HS256 JWTs with {collectionId, exp, id, refreshable, type: \"auth\"} (pocketbase.md §11)"
            )
        }
    }

    /// §11: a user's login token and the superuser's, with their lifetimes.
    static func checkTokenClaims(
        _ bench: PocketBaseBench, _ collection: PocketBaseCollection, _ auth: PocketBaseAuthOptions,
        superuser: PocketBaseSuperuser
    ) async throws {
        let (id, body) = try await bench.createRecord(collection, check: false)
        let login = try await bench.context.send(
            .post, "/api/collections/\(collection.name)/auth-with-password",
            body: ["identity": body["email"] ?? "", "password": body["password"] ?? ""])
        try bench.context.require(login, status: 200, rule: .pocketBaseRecord, "logging in as the new record")
        checkClaims(
            bench, login, id: id, collectionID: collection.id, refreshable: true, lifetime: auth.authTokenDuration)
        let admin = try await bench.context.send(
            .post, "/api/collections/_superusers/auth-with-password",
            body: ["identity": .string(superuser.email), "password": .string(superuser.password)])
        try bench.context.require(admin, status: 200, rule: .pocketBaseRecord, "logging in as the superuser")
        let superusers = bench.collections.first { $0.name == "_superusers" }
        let duration = superusers?.auth?.authTokenDuration ?? 86_400
        checkClaims(
            bench, admin, id: admin.value(at: "/record/id")?.stringValue ?? "",
            collectionID: admin.value(at: "/record/collectionId")?.stringValue ?? "", refreshable: true,
            lifetime: superusers == nil ? 86_400 : duration)
    }

    /// §11: with OTP off both routes answer 403; on, `request-otp` answers a 15-character
    /// `otpId` for an unknown email, and a wrong code is 400 `Invalid or expired OTP.`.
    static func checkOTP(_ bench: PocketBaseBench, _ path: String, enabled: Bool) async throws {
        let request = try await bench.context.send(
            .post, path + "request-otp", body: ["email": .string("treaty-nobody-\(bench.unique)@example.com")])
        guard enabled else {
            try bench.context.require(request, status: 403, rule: .pocketBaseError, "request-otp with OTP disabled")
            let login = try await bench.context.send(
                .post, path + "auth-with-otp", body: ["otpId": "treatymissing00", "password": "12345678"])
            try bench.context.require(login, status: 403, rule: .pocketBaseError, "auth-with-otp with OTP disabled")
            return
        }
        try bench.context.require(request, status: 200, rule: .pocketBaseError, "request-otp for an unknown email")
        let otpID = request.value(at: "/otpId")?.stringValue ?? ""
        if otpID.count != 15 {
            bench.context.fail(
                .pocketBaseError, at: "/otpId",
                "\(request.request) answered otpId \(PocketBaseBench.show(request.value(at: "/otpId")))",
                detail: "fix: request-otp answers a 15-character otpId even for unknown emails (pocketbase.md §11)")
        }
        let login = try await bench.context.send(
            .post, path + "auth-with-otp", body: ["otpId": .string(otpID), "password": "treaty-wrong"])
        try bench.context.require(login, status: 400, rule: .pocketBaseError, "auth-with-otp with a wrong code")
        expectMessage(bench, login, "Invalid or expired OTP.", "pocketbase.md §11")
    }

    /// §11: reset and verification requests answer 204 for an unknown email and 400
    /// `validation_is_email` for a malformed one; each `confirm-*` refuses a bad token on
    /// `data.token`; `request-email-change` needs a login.
    static func checkEmailFlows(_ bench: PocketBaseBench, _ path: String) async throws {
        for route in ["request-password-reset", "request-verification"] {
            let unknown = try await bench.context.send(
                .post, path + route, body: ["email": .string("treaty-nobody-\(bench.unique)@example.com")])
            try bench.context.require(unknown, status: 204, rule: .pocketBaseError, "\(route) for an unknown email")
            let malformed = try await bench.context.send(.post, path + route, body: ["email": "treaty-not-an-email"])
            try bench.context.require(malformed, status: 400, rule: .pocketBaseError, "\(route) for a malformed email")
            if malformed.value(at: "/data/email/code") != "validation_is_email" {
                bench.context.fail(
                    .pocketBaseError, at: "/data/email/code",
                    "\(malformed.request): expected validation_is_email, got \(PocketBaseBench.show(malformed.value(at: "/data/email/code")))"
                )
            }
        }
        for route in ["confirm-password-reset", "confirm-verification", "confirm-email-change"] {
            let reply = try await bench.context.send(
                .post, path + route,
                body: [
                    "token": "treaty-bad-token", "password": "treaty-password-123",
                    "passwordConfirm": "treaty-password-123",
                ])
            try bench.context.require(reply, status: 400, rule: .pocketBaseError, "\(route) with a bad token")
            if reply.value(at: "/data/token/code")?.stringValue == nil {
                bench.context.fail(
                    .pocketBaseError, at: "/data/token",
                    "\(reply.request) named no error on token: \(PocketBaseBench.show(reply.json))",
                    detail:
                        "fix: confirm-* with a bad token answers 400 with an error on data.token (pocketbase.md §11)")
            }
        }
        var guest = HTTPFields()
        guest[.authorization] = ""
        let change = try await bench.context.send(
            .post, path + "request-email-change", headers: guest,
            body: ["newEmail": .string("treaty-new-\(bench.unique)@example.com")])
        try bench.context.require(change, status: 401, rule: .pocketBaseError, "request-email-change without a login")
    }

    /// §11: a record's own token may not impersonate (403); an unknown id is 404; the superuser
    /// gets `{token, record}` whose token is not refreshable and lasts the asked duration.
    static func checkImpersonate(_ bench: PocketBaseBench, _ collection: PocketBaseCollection) async throws {
        let (id, body) = try await bench.createRecord(collection, check: false)
        let path = "/api/collections/\(collection.name)/"
        let login = try await bench.context.send(
            .post, path + "auth-with-password",
            body: ["identity": body["email"] ?? "", "password": body["password"] ?? ""])
        try bench.context.require(login, status: 200, rule: nil, "logging in as the new record")
        let token = login.value(at: "/token")?.stringValue ?? ""
        bench.context.conceal([token])
        var own = HTTPFields()
        own[.authorization] = token
        let refused = try await bench.context.send(
            .post, path + "impersonate/\(id)", headers: own, body: .object(JSONObject()))
        try bench.context.require(refused, status: 403, rule: .pocketBaseError, "a record impersonating itself")
        let unknown = try await bench.context.send(
            .post, path + "impersonate/treatymissing00", body: .object(JSONObject()))
        try bench.context.require(unknown, status: 404, rule: .pocketBaseError, "impersonating an unknown id")
        let reply = try await bench.context.send(.post, path + "impersonate/\(id)", body: ["duration": 100])
        try bench.context.require(reply, status: 200, rule: .pocketBaseError, "the superuser impersonating the record")
        if reply.value(at: "/record/id") != .string(id) {
            bench.context.fail(
                .pocketBaseError, at: "/record/id", "\(reply.request) answered another record than \(id)")
        }
        checkClaims(bench, reply, id: id, collectionID: collection.id, refreshable: false, lifetime: 100)
    }

    /// §10: a too short password and a mismatched confirmation are refused; a guest may not set
    /// `verified` (when guests may sign up), the superuser may.
    static func checkSignUp(_ bench: PocketBaseBench, _ collection: PocketBaseCollection) async throws {
        let path = PocketBaseBench.recordsPath(collection)
        var minimum = 8
        if case .password(let options) = collection.field(named: "password")?.options, options.min > 1 {
            minimum = options.min
        }
        let short = String(repeating: "p", count: minimum - 1)
        let probes: [(String, String, String, String)] = [
            (short, short, "password", "validation_min_text_constraint"),
            ("treaty-password-123", "treaty-password-124", "passwordConfirm", "validation_values_mismatch"),
        ]
        for (password, confirm, key, code) in probes {
            var body = try await bench.body(for: collection)
            body["password"] = .string(password)
            body["passwordConfirm"] = .string(confirm)
            let reply = try await bench.context.send(.post, path, body: .object(body))
            adoptCreated(bench, reply, collection)
            try bench.context.require(reply, status: 400, rule: .pocketBaseError, "a sign-up with a bad \(key)")
            if reply.value(at: "/data/\(key)/code") != .string(code) {
                bench.context.fail(
                    .pocketBaseError, at: "/data/\(key)/code",
                    "\(reply.request): expected \(key) \(code), got \(PocketBaseBench.show(reply.value(at: "/data")))",
                    detail:
                        "fix: sign-up needs a password of the minimum length and a matching passwordConfirm (pocketbase.md §10)"
                )
            }
        }
        guard collection.rules.create == "" else { return }
        var body = try await bench.body(for: collection)
        body["verified"] = true
        var guest = HTTPFields()
        guest[.authorization] = ""
        let refused = try await bench.context.send(.post, path, headers: guest, body: .object(body))
        adoptCreated(bench, refused, collection)
        try bench.context.require(refused, status: 400, rule: .pocketBaseError, "a guest's sign-up setting verified")
        if refused.value(at: "/data/verified/code") != "validation_values_mismatch" {
            bench.context.fail(
                .pocketBaseError, at: "/data/verified/code",
                "\(refused.request): expected verified validation_values_mismatch, got \(PocketBaseBench.show(refused.value(at: "/data")))",
                detail: "fix: only superusers set verified (pocketbase.md §10)")
        }
        let allowed = try await bench.context.send(.post, path, body: .object(body))
        adoptCreated(bench, allowed, collection)
        try bench.context.require(
            allowed, status: 200, rule: .pocketBaseError, "the superuser creating a verified record")
        if allowed.value(at: "/verified") != true {
            bench.context.fail(.pocketBaseError, at: "/verified", "\(allowed.request) did not store verified: true")
        }
    }
}
