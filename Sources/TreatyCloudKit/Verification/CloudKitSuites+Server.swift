internal import Crypto
internal import Foundation
internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension CloudKitSuites {
    /// Server-to-server signatures (cloudkit.md §2): a request signed with a key ID the
    /// container does not know is AUTHENTICATION_FAILED (401); under a key ID it knows, a
    /// signature by another key, or none, is refused the same way.
    static func signatures(_ bench: CloudKitBench, type: String) async throws {
        let context = bench.context
        let credentials = bench.credentials
        let path = "/database/1/\(credentials.container)/\(credentials.environment)/public/records/query"
        let body = JSONValue.object(["query": ["recordType": .string(type)]]).serializedBytes()
        let stranger = Array(P256.Signing.PrivateKey().rawRepresentation)
        var attempts = [("a key ID the container does not know", "treaty-unknown-key", true)]
        if let known = credentials.knownKeyID {
            attempts.append(("another key under the key ID '\(known)'", known, true))
            attempts.append(("no signature under the key ID '\(known)'", known, false))
        }
        for (meaning, keyID, signed) in attempts {
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            for (name, value) in CloudKitRequestSigner.headers(keyID: keyID, key: stranger, path: path, body: body)
            where signed || name != "X-Apple-CloudKit-Request-SignatureV1" {
                if let field = HTTPField.Name(name) { headers[field] = value }
            }
            let reply = try await context.send(.post, path, headers: headers, bytes: body)
            if reply.status != 401 || reply.json?["serverErrorCode"]?.stringValue != "AUTHENTICATION_FAILED" {
                context.fail(
                    .cloudKitError, at: "/serverErrorCode",
                    "\(reply.request) signed with \(meaning) answered \(reply.status) \(reply.json?["serverErrorCode"]?.stringValue ?? "")",
                    detail:
                        "fix: a bad signature or an unknown key ID is AUTHENTICATION_FAILED, HTTP 401 (cloudkit.md §2)")
            }
        }
    }

    /// Request-level errors come with the HTTP status of their code (cloudkit.md §8): a missing
    /// API token, a malformed body, an unknown zone and an unknown server key.
    static func statusTable(_ bench: CloudKitBench, type: String) async throws {
        let context = bench.context
        let credentials = bench.credentials
        let root = "/database/1/\(credentials.container)/\(credentials.environment)"
        let query = JSONValue.object(["query": ["recordType": .string(type)]])
        var replies = [
            try await context.send(.post, root + "/public/records/query", body: query),
            try await context.send(
                .post, root + "/public/records/query", query: [("ckAPIToken", credentials.apiToken)],
                bytes: Array("{\"query\": [".utf8)),
        ]
        var headers = HTTPFields()
        let stranger = Array(P256.Signing.PrivateKey().rawRepresentation)
        for (name, value) in CloudKitRequestSigner.headers(
            keyID: "treaty-unknown-key", key: stranger, path: root + "/public/records/query",
            body: query.serializedBytes())
        {
            if let field = HTTPField.Name(name) { headers[field] = value }
        }
        replies.append(try await context.send(.post, root + "/public/records/query", headers: headers, body: query))
        if let web = credentials.webAuthToken {
            replies.append(
                try await context.send(
                    .post, root + "/private/records/query",
                    query: [("ckAPIToken", credentials.apiToken), ("ckWebAuthToken", web)],
                    body: ["query": ["recordType": .string(type)], "zoneID": ["zoneName": "treaty-no-such-zone"]]))
        }
        for reply in replies {
            guard reply.status >= 400 else {
                context.fail(.cloudKitError, "\(reply.request) was not refused: HTTP \(reply.status)")
                continue
            }
            context.record(CloudKitConformance.checkError(reply.json, status: reply.status), in: reply)
        }
    }

    /// `zones/modify`, `zones/changes` and a fresh zone's record feed (cloudkit.md §7): a created
    /// zone is found and listed as changed, a deleted one is ZONE_NOT_FOUND, listed as deleted,
    /// and takes its records with it; `records/changes` without a token answers everything
    /// since the zone's creation; one operation per zone.
    static func zoneLifecycle(_ bench: CloudKitBench, type: CloudKitRecordType, unique: String) async throws {
        let context = bench.context
        let zone = "treaty-\(unique)"
        let zoneID: JSONValue = ["zoneName": .string(zone)]
        func modify(_ operation: String, _ meaning: String) async throws -> Reply {
            let reply = try await bench.send(
                "zones/modify", ["operations": [["operationType": .string(operation), "zone": ["zoneID": zoneID]]]])
            try context.require(reply, status: 200, rule: .cloudKitError, meaning)
            return reply
        }
        func lookup() async throws -> JSONValue? {
            let reply = try await bench.send("zones/lookup", ["zones": [zoneID]])
            try context.require(reply, status: 200, rule: .cloudKitError, "zones/lookup of '\(zone)'")
            return reply.value(at: "/zones/0")
        }
        func zoneChanges(since token: JSONValue?) async throws -> (zones: [JSONValue], token: JSONValue?) {
            var (zones, next) = ([JSONValue](), token)
            for _ in 0..<50 {
                var members = JSONObject()
                if let next { members["syncToken"] = next }
                let reply = try await bench.send("zones/changes", .object(members))
                try context.require(reply, status: 200, rule: .cloudKitSync, "zones/changes")
                zones += reply.value(at: "/zones")?.arrayValue ?? []
                next = reply.value(at: "/syncToken")
                if reply.value(at: "/moreComing") != .bool(true) { break }
            }
            return (zones.filter { $0["zoneID"]?["zoneName"]?.stringValue == zone }, next)
        }
        let start = try await zoneChanges(since: nil).token
        let created = try await modify("create", "zones/modify creating '\(zone)'")
        let found = try await lookup()
        if created.value(at: "/zones/0/serverErrorCode") != nil || found?["serverErrorCode"] != nil {
            context.fail(.cloudKitError, at: "/zones/0", "\(created.request): the zone was not created")
            return
        }
        let inZone = CloudKitBench(context: context, credentials: bench.credentials, database: "private", zone: zone)
        let name = "treaty-\(unique)-inzone"
        _ = try await create(inZone, type: type, name: name, unique: unique)
        let feed = try await inZone.send("records/changes", inZone.body([:]))
        let listed = (feed.value(at: "/records")?.arrayValue ?? []).compactMap { $0["recordName"]?.stringValue }
        if feed.status != 200 || listed != [name] {
            context.fail(
                .cloudKitSync, at: "/records",
                "\(feed.request): records/changes without a syncToken gave \(listed), expected [\(name)]",
                detail:
                    "fix: without a syncToken the feed answers everything since the zone's creation (cloudkit.md §7)")
        }
        let (added, middle) = try await zoneChanges(since: start)
        if added.isEmpty || added.contains(where: { $0["deleted"] == .bool(true) }) {
            context.fail(
                .cloudKitSync, at: "/zones",
                "zones/changes since a token does not list the zone '\(zone)' created after it")
        }
        let twice = try await bench.send(
            "zones/modify",
            [
                "operations": [
                    ["operationType": "create", "zone": ["zoneID": zoneID]],
                    ["operationType": "delete", "zone": ["zoneID": zoneID]],
                ]
            ])
        if twice.status != 400 || twice.json?["serverErrorCode"]?.stringValue != "BAD_REQUEST" {
            context.fail(
                .cloudKitError, "\(twice.request): two operations on one zone answered \(twice.status), not BAD_REQUEST"
            )
        }
        _ = try await modify("delete", "zones/modify deleting '\(zone)'")
        if (try await lookup())?["serverErrorCode"]?.stringValue != "ZONE_NOT_FOUND" {
            context.fail(
                .cloudKitError, at: "/zones/0", "zones/lookup still finds '\(zone)' after zones/modify deleted it",
                detail: "fix: zones/modify delete removes the zone (cloudkit.md §7)")
            return
        }
        let gone = try await zoneChanges(since: middle).zones
        if !gone.contains(where: { $0["deleted"] == .bool(true) }) {
            context.fail(
                .cloudKitSync, at: "/zones",
                "zones/changes since a token does not list the deleted zone '\(zone)' as deleted",
                detail: "fix: a zone deleted after the token appears with \"deleted\": true (cloudkit.md §7)")
        }
        _ = try await modify("create", "zones/modify creating '\(zone)' again")
        if try await inZone.lookup(name) != nil {
            context.fail(
                .cloudKitError,
                "'\(name)' outlived its zone: it is found after '\(zone)' was deleted and created again",
                detail: "fix: deleting a zone deletes its records (cloudkit.md §7)")
        }
        _ = try await modify("delete", "zones/modify deleting '\(zone)' again")
    }

    /// The auth suite's cases for signatures, the status table and zones.
    func serverCases(suite: String) -> [VerificationCase] {
        let typeName = schema.recordTypes.keys.sorted().first ?? ""
        var cases = [
            makeCase(
                suite, "a request signed under an unknown key ID, or by another key, is AUTHENTICATION_FAILED",
                rules: [.cloudKitError], clauses: credentials.knownKeyID == nil ? ["§2.5"] : ["§2.5", "§2.6"],
                writes: false
            ) { bench, _ in
                try await Self.signatures(bench, type: typeName)
            },
            makeCase(
                suite, "request-level errors come with their code's HTTP status", rules: [.cloudKitError],
                clauses: ["§8.2"], writes: false
            ) { bench, _ in
                try await Self.statusTable(bench, type: typeName)
            },
        ]
        let writable = schema.recordTypes.keys.sorted().compactMap { schema.recordTypes[$0] }.first {
            !Self.fields($0, name: "x", unique: "x").isEmpty
        }
        if credentials.webAuthToken != nil, let type = writable {
            let credentials = self.credentials
            cases.append(
                VerificationCase(
                    suite: suite,
                    name:
                        "\(RuleID.cloudKitSync.rawValue), \(RuleID.cloudKitError.rawValue) zones/modify creates and deletes zones; zones/changes and a new zone's feed list them",
                    rules: [.cloudKitSync, .cloudKitError], clauses: ["§7.7", "§7.8", "§7.9"], location: nil,
                    writes: true
                ) { context in
                    context.conceal(credentials.secrets)
                    let bench = CloudKitBench(
                        context: context, credentials: credentials, database: "private", zone: nil)
                    try await Self.zoneLifecycle(bench, type: type, unique: UUID().uuidString.prefix(8).lowercased())
                })
        }
        return cases
    }
}
