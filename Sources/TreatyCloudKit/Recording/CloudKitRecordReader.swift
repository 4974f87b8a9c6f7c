internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

/// Reads a live CloudKit container's records (`treaty record`): `records/query` per record type,
/// following `continuationMarker`, in the public database's default zone with the API token, and
/// — with a web auth token — in the signed-in user's private default zone and each zone the
/// contract declares. Each answered record (`recordName`, typed `fields`, `created`,
/// `modified`, and its database and zone) is what a fixture file holds;
/// ``CloudKitFixtureLoader`` turns it into the store's record, as it does a file's.
///
/// Asset fields are left out (the uploaded bytes are not fixtures), as the fixture writer does.
struct CloudKitRecordReader: Sendable {
    let schema: CloudKitSchema
    let credentials: CloudKitCredentials
    /// Records per query page.
    var resultsLimit = 200

    var reader: RecordReader {
        let reader = self
        return RecordReader { session in try await reader.read(session) }
    }

    /// A database and zone to query.
    private struct Scope {
        var database: CloudKitDatabase
        var zoneName: String
    }

    func read(_ session: RecordingSession) async throws {
        session.context.conceal(credentials.secrets)
        var scopes = [Scope(database: .public, zoneName: CloudKitZoneID.defaultZoneName)]
        if credentials.webAuthToken != nil, !schema.users.isEmpty {
            scopes.append(Scope(database: .private, zoneName: CloudKitZoneID.defaultZoneName))
            scopes += schema.zones.map { Scope(database: .private, zoneName: $0.name) }
        } else {
            session.skip(
                "the private database",
                because: "no web auth token (set TREATY_CK_WEB_AUTH_TOKEN) or no user in the contract")
        }
        let loader = CloudKitFixtureLoader(schema: schema)
        var stored: [JSONObject] = []
        for scope in scopes {
            for name in schema.recordTypes.keys.sorted() {
                guard let type = schema.recordTypes[name] else { continue }
                let items = try await query(type, in: scope, session)
                let endpoint = endpoint(scope)
                let before = stored.count
                let findings = loader.records(
                    items, type: type, into: &stored,
                    locate: { message, _, fix in .error("invalid-record", message, fix: fix) })
                if let finding = findings.first {
                    throw RecordingFailure(.unreadable, at: endpoint, "\(finding.message) (\(type.name))")
                }
                for record in stored[before...] {
                    guard session.keep(record, in: CloudKitStoreModel.records) else { return }
                }
            }
        }
    }

    private func path(_ scope: Scope) -> String {
        "/database/1/\(credentials.container)/\(credentials.environment)/\(scope.database.rawValue)/records/query"
    }

    private func endpoint(_ scope: Scope) -> String {
        "POST \(path(scope))"
    }

    /// Every record of `type` in the scope, as a fixture file holds it.
    private func query(_ type: CloudKitRecordType, in scope: Scope, _ session: RecordingSession) async throws
        -> [JSONValue]
    {
        let endpoint = endpoint(scope)
        var walk = PageWalk(endpoint: endpoint)
        var parameters = [("ckAPIToken", credentials.apiToken)]
        if scope.database == .private, let web = credentials.webAuthToken { parameters.append(("ckWebAuthToken", web)) }
        var items: [JSONValue] = []
        var marker: JSONValue?
        repeat {
            var body: JSONObject = [
                "query": ["recordType": .string(type.name)], "resultsLimit": .number(JSONNumber(resultsLimit)),
            ]
            if scope.zoneName != CloudKitZoneID.defaultZoneName {
                body["zoneID"] = ["zoneName": .string(scope.zoneName)]
            }
            if let marker { body["continuationMarker"] = marker }
            let reply = try session.accept(
                try await session.send(.post, path(scope), query: parameters, body: .object(body), endpoint: endpoint),
                endpoint: endpoint)
            guard let records = reply.value(at: "/records")?.arrayValue else {
                throw RecordingFailure(.unreadable, at: endpoint, "\(reply.request) answered no 'records' array")
            }
            let page = records.compactMap { $0.objectValue }.map {
                Self.fixture($0, database: scope.database, zoneName: scope.zoneName)
            }
            marker = reply.value(at: "/continuationMarker").flatMap { $0 == .null ? nil : $0 }
            try walk.visit(
                marker: marker?.serialized() ?? "end", ids: page.compactMap { $0["recordName"]?.stringValue })
            items += page.map(JSONValue.object)
        } while marker != nil && items.count < session.maxRecords
        return items
    }

    /// A record as a fixture file holds it.
    static func fixture(_ record: JSONObject, database: CloudKitDatabase, zoneName: String) -> JSONObject {
        var fields = JSONObject()
        for member in record["fields"]?.objectValue?.members ?? []
        where member.value["type"]?.stringValue?.hasPrefix("ASSET") != true {
            fields[member.key] = member.value
        }
        var fixture: JSONObject = ["recordName": record["recordName"] ?? .null, "fields": .object(fields)]
        if database != .public { fixture["database"] = .string(database.rawValue) }
        if zoneName != CloudKitZoneID.defaultZoneName {
            fixture["zoneID"] = ["zoneName": .string(zoneName)]
        }
        for key in ["created", "modified"] {
            if let timestamp = record[key]?["timestamp"] { fixture[key] = ["timestamp": timestamp] }
        }
        return fixture
    }
}
