internal import Foundation
internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialect
internal import TreatyDialectKit
internal import TreatyJSON

extension RoundTrip {
    /// Round trips for rules a backend can break while passing the others: a PATCH whose valid
    /// keys stick although one key is refused, the order of create checks and trimmed values,
    /// a per-record version, timestamps without a fraction, an ignored cursor synonym, a
    /// malformed cursor and a malformed body.
    static let coverageRules: [RoundTrip] = [
        RoundTrip(
            ["RS-NL-7"], "a PATCH with one invalid key changes none of the valid ones", clauses: ["RS-NL-7.1", "RS-NL-7.2"],
            needs: [.create, .update, .item],
            applies: { invalidValue($0) != nil && changeableField($0) != nil }
        ) { bench in
            guard let (badKey, badValue) = invalidValue(bench.routes), let field = changeableField(bench.routes) else {
                return
            }
            let (id, body) = bench.newBody()
            let created = try await bench.create(body)
            let recordID = id ?? Workbench.idText(created[bench.idKey]) ?? ""
            let before = try await bench.read(recordID)
            let valid = bench.factory.value(
                of: attributeType(field), field: field, now: bench.context.timestamp(), variant: 7)
            let reply = try await bench.patch(recordID, [field.key(): valid, badKey: badValue])
            try bench.context.requireError(
                reply, status: 422, code: "invalid_value", field: badKey, rule: "RS-NL-7",
                "a PATCH with an invalid '\(badKey)' must be refused as a whole")
            let after = try await bench.read(recordID)
            for key in bench.changedKeys(before, after, except: []) {
                bench.context.fail(
                    "RS-NL-7", at: "/\(key)", "the refused PATCH still changed '\(key)'",
                    detail:
                        "before \(Workbench.show(before[key])), after \(Workbench.show(after[key]))\nfix: validate the whole body before writing any key"
                )
            }
        },
        RoundTrip(
            ["RS-CR-5"], "a create reports the first failing check: required keys, duplicate id, references, values", clauses: ["RS-CR-5.1"],
            needs: [.create, .item], applies: { $0.resource.create == .client && requiredKey($0) != nil }
        ) { bench in
            guard let required = requiredKey(bench.routes) else { return }
            let (id, body) = bench.newBody()
            _ = try await bench.create(body)
            guard let existing = id, let path = bench.collectionPath(parent: bench.parent) else { return }
            var duplicateMissing = bench.newBody(id: existing).body
            duplicateMissing[required] = nil
            let first = try await bench.context.send(.post, path, body: .object(duplicateMissing))
            try bench.context.requireError(
                first, status: 422, code: "missing_field", field: required, rule: "RS-CR-5",
                "a duplicate id without '\(required)': required keys are checked before the id")
            if let reference = referenceKey(bench.routes) {
                var duplicateReference = bench.newBody(id: existing).body
                duplicateReference[reference.key] = reference.unknown
                let second = try await bench.context.send(.post, path, body: .object(duplicateReference))
                try bench.context.requireError(
                    second, status: 422, code: "duplicate_id", field: nil, rule: "RS-CR-5",
                    "a duplicate id with an unknown reference: the id is checked before references")
                if let (badKey, badValue) = invalidValue(bench.routes), badKey != reference.key {
                    var referenceValue = bench.newBody().body
                    referenceValue[reference.key] = reference.unknown
                    referenceValue[badKey] = badValue
                    let third = try await bench.context.send(.post, path, body: .object(referenceValue))
                    try bench.context.requireError(
                        third, status: 422, code: "invalid_reference", field: reference.key, rule: "RS-CR-5",
                        "an unknown reference and an invalid '\(badKey)': references are checked before values")
                }
            }
        },
        RoundTrip(
            ["RS-CR-5", "TR-VAL-1"], "text is checked after trimming: a blank required value is refused", clauses: ["RS-CR-5.2"],
            needs: [.create],
            applies: { blankableField($0) != nil }
        ) { bench in
            guard let field = blankableField(bench.routes), let path = bench.collectionPath(parent: bench.parent) else {
                return
            }
            var body = bench.newBody().body
            body[field.key()] = "   "
            let reply = try await bench.context.send(.post, path, body: .object(body))
            try bench.context.requireError(
                reply, status: 422, code: "invalid_value", field: field.key(), rule: "RS-CR-5",
                "'\(field.key())' of only spaces is empty once trimmed, below its min_length")
        },
        RoundTrip(
            ["RS-MD-3"], "version comes from one store-wide counter", clauses: ["RS-MD-3.1", "§11.8"], needs: [.create, .update],
            applies: { $0.resource.sync.version != nil && changeableField($0) != nil }
        ) { bench in
            guard let key = bench.resource.sync.version, let field = changeableField(bench.routes) else { return }
            var ids: [String] = []
            for order in 0..<2 {
                let (id, body) = bench.newBody(order: order)
                let created = try await bench.create(body)
                ids.append(id ?? Workbench.idText(created[bench.idKey]) ?? "")
            }
            var versions: [Int64] = []
            for (round, id) in ids.enumerated() {
                let value = bench.factory.value(
                    of: attributeType(field), field: field, now: bench.context.timestamp(), variant: round + 3)
                let answered = try await bench.update(id, [field.key(): value], rule: "RS-MD-3")
                versions.append(answered[key]?.numberValue?.int64Value ?? Int64.min)
            }
            if !(versions[1] > versions[0]) {
                bench.context.fail(
                    "RS-MD-3", at: "/\(key)",
                    "a write to one record answered \(key) \(versions[1]) after a write to another answered \(versions[0])",
                    detail: "fix: version comes from one store-wide counter, so every later write gets a higher number")
            }
        },
        RoundTrip(
            ["RS-MD-1"], "timestamps without a fraction are accepted and answered with milliseconds", clauses: ["RS-MD-1.2"], needs: [.create],
            applies: { $0.resource.create != .server && $0.resource.sync.createdAt != nil }
        ) { bench in
            guard let key = bench.resource.sync.createdAt else { return }
            let now = bench.context.timestamp()
            let whole = String(now.prefix(19)) + "Z"
            var (_, body) = bench.newBody()
            for stamp in [bench.resource.sync.createdAt, bench.resource.sync.updatedAt].compactMap({ $0 }) {
                body[stamp] = .string(whole)
            }
            let created = try await bench.create(body, rule: "RS-MD-1")
            if created[key]?.stringValue != String(now.prefix(19)) + ".000Z" {
                bench.context.fail(
                    "RS-MD-1", at: "/\(key)", "\(key) sent as \(whole) was answered as \(Workbench.show(created[key]))",
                    detail: "fix: accept timestamps with or without the fraction and answer them with milliseconds")
            }
        },
        RoundTrip(
            ["RS-IN-1"], "every cursor parameter the feed declares filters it", clauses: ["RS-IN-1.1", "§Endpoints.3"], needs: [.create, .feed],
            applies: { ($0.feed?.since.count ?? 0) > 0 }
        ) { bench in
            guard let feed = bench.routes.feed, let path = feed.path.filled(bench.pathValues(parent: bench.parent))
            else {
                return
            }
            let (id, body) = bench.newBody()
            let created = try await bench.create(body)
            let recordID = id ?? Workbench.idText(created[bench.idKey]) ?? ""
            let later = bench.context.timestamp(offsetMilliseconds: 3_600_000)
            for name in feed.since {
                let reply = try await bench.context.send(.get, path, query: [(name, later)])
                try bench.context.require(
                    reply, status: feed.status, rule: "RS-IN-1", "reading the feed with '\(name)'")
                let returned = (reply.json?.arrayValue ?? []).compactMap { Workbench.idText($0.objectValue?[bench.idKey]) }
                if returned.contains(recordID) {
                    bench.context.fail(
                        "RS-IN-1", "\(reply.request) returned \(recordID), written an hour before the cursor",
                        detail: "fix: '\(name)' is a cursor like the others: only rows changed after it")
                }
            }
        },
        RoundTrip(
            ["RS-IN-4"], "a malformed cursor is refused with 400", clauses: ["RS-IN-4.3", "§Endpoints.10", "§11.13"], needs: [.feed],
            applies: { ($0.feed?.since.count ?? 0) > 0 }
        ) {
            bench in
            guard let feed = bench.routes.feed, let name = feed.since.first,
                let path = feed.path.filled(bench.pathValues(parent: bench.parent))
            else { return }
            let reply = try await bench.context.send(.get, path, query: [(name, "not-a-timestamp")])
            try bench.context.requireError(
                reply, status: 400, code: "invalid_query", field: nil, rule: "RS-IN-4",
                "a cursor that is not a timestamp must be refused, not ignored")
        },
        RoundTrip(
            ["RS-IN-4"], "a cursor older than tombstone retention is 410 cursor_expired", clauses: ["RS-IN-4.2", "§Endpoints.12", "§11.1"], needs: [.create, .feed],
            applies: { ($0.feed?.since.count ?? 0) > 0 && $0.resource.sync.updatedAt != nil }
        ) {
            bench in
            try await expiredCursor(bench)
        },
        RoundTrip(["RS-PS-2"], "a full list returns every live record of its scope", clauses: ["RS-PS-2.1", "§Endpoints.2"], needs: [.create, .list]) {
            bench in
            try await fullListIsAuthoritative(bench)
        },
        RoundTrip(["RS-ERR-1"], "a malformed JSON body is refused with 400 in the error format", clauses: ["§Endpoints.9", "§Endpoints.10", "§11.12"], needs: [.create]) {
            bench in
            guard let path = bench.collectionPath(parent: bench.parent) else { return }
            let reply = try await bench.context.send(.post, path, bytes: Array(#"{"title": "#.utf8))
            try bench.context.requireError(
                reply, status: 400, code: "malformed_json", field: nil, rule: "RS-ERR-1",
                "a body that is not JSON must be answered 400 malformed_json, not a crash")
        },
    ]

    /// RS-PS-2: a client deletes local children absent from a full list, so the list must hold
    /// every live record of its scope. Creates more records than any silent page size below 25
    /// could hold, then requires each of them, and every record listed before, in the list.
    static func fullListIsAuthoritative(_ bench: Workbench) async throws {
        guard let path = bench.routes.list?.path.filled(bench.pathValues(parent: bench.parent)) else { return }
        func listedIDs() async throws -> Set<String> {
            let reply = try await bench.context.send(.get, path)
            try bench.context.require(reply, status: 200, rule: "RS-PS-2", "the full list must answer 200")
            return Set((reply.json?.arrayValue ?? []).compactMap { Workbench.idText($0[bench.idKey]) })
        }
        let before = try await listedIDs()
        var created: [String] = []
        for order in 0..<max(0, 25 - before.count) + 1 {
            let (id, body) = bench.newBody(order: order)
            let record = try await bench.create(body, rule: "RS-PS-2")
            if let recordID = id ?? Workbench.idText(record[bench.idKey]) { created.append(recordID) }
        }
        let after = try await listedIDs()
        let missing = (Array(before) + created).filter { !after.contains($0) }
        if !missing.isEmpty {
            bench.context.fail(
                "RS-PS-2",
                "GET \(path) lists \(after.count) records but leaves out \(missing.count) live one(s) of its scope, "
                    + "e.g. \(missing.sorted().prefix(3).joined(separator: ", "))",
                detail: "fix: a full list is authoritative (clients delete what it omits); return every live record, "
                    + "or declare paging in the contract")
        }
    }

    /// RS-IN-4's expiry, derived from the server's own timestamps: a record is created, and the
    /// cursor is the earliest `updated_at` the collection shows (the new record's included) minus
    /// the contract's `tombstone_retention` and one more day — older than anything the server can
    /// still answer a feed for, on any clock.
    static func expiredCursor(_ bench: Workbench) async throws {
        guard let feed = bench.routes.feed, let name = feed.since.first, let updatedKey = bench.resource.sync.updatedAt,
            let path = feed.path.filled(bench.pathValues(parent: bench.parent))
        else { return }
        let (_, body) = bench.newBody(parent: bench.parent)
        let created = try await bench.create(body, parent: bench.parent, rule: "RS-IN-4")
        let listed = try await bench.context.send(.get, path)
        let stamps = ([created] + (listed.json?.arrayValue ?? []).compactMap(\.objectValue))
            .compactMap { $0[updatedKey]?.stringValue.flatMap(TimestampText.milliseconds) }
        guard let earliest = stamps.min() else {
            throw CaseContext.Skip("the server's records carry no '\(updatedKey)' timestamp to derive a cursor from")
        }
        let cursor = earliest - bench.contract.tombstoneRetentionMilliseconds - 86_400_000
        guard cursor > 0 else {
            throw CaseContext.Skip("tombstone_retention reaches back before 1970; no cursor can be older")
        }
        let reply = try await bench.context.send(.get, path, query: [(name, TimestampText.format(cursor))])
        try bench.context.requireError(
            reply, status: 410, code: "cursor_expired", field: nil, rule: "RS-IN-4",
            "a cursor older than tombstone_retention (\(bench.contract.tombstoneRetentionMilliseconds / 3_600_000) h before "
                + "the earliest record) must be refused so the client resyncs fully")
    }

    /// A key and a value its value rules refuse: null on a required non-nullable field, else a
    /// value outside an enum.
    static func invalidValue(_ routes: ResourceRoutes) -> (String, JSONValue)? {
        let fields = routes.resource.fields.filter { !$0.immutable && $0.relation == nil }
        if let field = fields.first(where: { $0.constraints.allowed != nil }) {
            return (field.key(), "treaty-not-allowed")
        }
        if let field = fields.first(where: { $0.required && !$0.nullable }) { return (field.key(), .null) }
        return nil
    }

    /// A plain attribute a PATCH can change (not the one `invalidValue` uses, not the order
    /// field).
    static func changeableField(_ routes: ResourceRoutes) -> Field? {
        let bad = invalidValue(routes)?.0
        return routes.resource.fields.first { field in
            guard !field.immutable, field.relation == nil, field.key() != bad, field.key() != routes.resource.orderKey
            else { return false }
            return [.string, .int, .number, .bool].contains(attributeType(field))
        }
    }

    /// A required key a create must carry (besides id and timestamps).
    static func requiredKey(_ routes: ResourceRoutes) -> String? {
        routes.resource.fields.first { $0.required }?.key()
    }

    /// A to-one foreign key and a value that names no record.
    static func referenceKey(_ routes: ResourceRoutes) -> (key: String, unknown: JSONValue)? {
        guard
            let field = routes.resource.fields.first(where: {
                $0.relation?.shape == .foreignKey && $0.relation?.many == false
            })
        else { return nil }
        return (field.key(), "00000000-0000-4000-8000-0000deadbeef")
    }

    /// A required text field that is trimmed and must not be empty.
    static func blankableField(_ routes: ResourceRoutes) -> Field? {
        routes.resource.fields.first { field in
            field.constraints.trim && (field.constraints.minLength ?? 0) >= 1 && attributeType(field) == .string
        }
    }
}
