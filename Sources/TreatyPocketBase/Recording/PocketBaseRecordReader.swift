internal import HTTPTypes
internal import TreatyDialectKit
internal import TreatyJSON

/// Reads a live PocketBase's records (`treaty record`): logged in as the superuser, every
/// collection of the schema (built-in `_` collections and view collections left out) page by
/// page — `page`, `perPage` and `skipTotal=1`, until a short page — in the server's default
/// order. Records are kept as the fixture loader reads them: without `collectionId`,
/// `collectionName` and `expand`; auth records get `--auth-password` as their password.
struct PocketBaseRecordReader: Sendable {
    let collections: [PocketBaseCollection]
    let superuser: PocketBaseSuperuser
    /// Records per page (PocketBase caps `perPage` at 1000).
    var perPage = 500

    var reader: RecordReader {
        let reader = self
        return RecordReader { session in try await reader.read(session) }
    }

    func read(_ session: RecordingSession) async throws {
        try await logIn(session)
        for collection in collections {
            guard !collection.name.hasPrefix("_") else { continue }
            guard collection.type != .view else {
                session.skip("collection '\(collection.name)'", because: "a view collection's records are computed by its query, not stored")
                continue
            }
            if collection.type == .auth, session.authPassword == nil {
                session.skip(
                    "passwords of '\(collection.name)'",
                    because: "the API never answers them; pass --auth-password so recorded users can log in")
            }
            try await readCollection(collection, session)
            if session.isFull { return }
        }
    }

    private func logIn(_ session: RecordingSession) async throws {
        let endpoint = "POST /api/collections/_superusers/auth-with-password"
        session.context.conceal([superuser.password])
        let sent = try await session.send(
            .post, "/api/collections/_superusers/auth-with-password",
            body: ["identity": .string(superuser.email), "password": .string(superuser.password)], endpoint: endpoint)
        guard sent.status != 400 else {
            throw RecordingFailure(
                .refused, at: endpoint,
                "\(sent.request) answered 400: the superuser \(superuser.email) cannot log in\n  fix: set TREATY_PB_SUPERUSER=email:password")
        }
        let reply = try session.accept(sent, endpoint: endpoint)
        guard let token = reply.value(at: "/token")?.stringValue, !token.isEmpty else {
            throw RecordingFailure(.unreadable, at: endpoint, "\(reply.request) answered 200 without a token")
        }
        session.context.conceal([token])
        var headers = HTTPFields()
        headers[.authorization] = token
        session.context.useSession(headers)
    }

    private func readCollection(_ collection: PocketBaseCollection, _ session: RecordingSession) async throws {
        let path = "/api/collections/\(collection.name)/records"
        let endpoint = "GET \(path)"
        var walk = PageWalk(endpoint: endpoint)
        var page = 1
        while !session.isFull {
            let reply = try await session.read(
                path, query: [("page", "\(page)"), ("perPage", "\(perPage)"), ("skipTotal", "1")], endpoint: endpoint)
            guard let items = reply.value(at: "/items")?.arrayValue else {
                throw RecordingFailure(.unreadable, at: endpoint, "\(reply.request) answered no 'items' array")
            }
            var records: [JSONObject] = []
            for item in items {
                guard case .object(let object) = item, object["id"]?.stringValue != nil else {
                    throw RecordingFailure(.unreadable, at: endpoint, "\(reply.request): an item is not a record with an id")
                }
                records.append(object)
            }
            try walk.visit(marker: "page=\(page)", ids: records.compactMap { $0["id"]?.stringValue })
            for record in records {
                guard session.keep(Self.canonical(record, in: collection, password: session.authPassword), in: collection.name)
                else { return }
            }
            guard records.count >= perPage else { return }
            page += 1
        }
    }

    /// The record as a fixture holds it: the API's envelope keys left out, and a password for
    /// an auth record.
    static func canonical(_ record: JSONObject, in collection: PocketBaseCollection, password: String?) -> JSONObject {
        var kept = JSONObject(
            record.members.filter { !["collectionId", "collectionName", "expand"].contains($0.key) })
        if collection.type == .auth, let password { kept["password"] = .string(password) }
        return kept
    }
}
