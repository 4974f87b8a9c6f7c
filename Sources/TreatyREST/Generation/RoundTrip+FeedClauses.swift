internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialect
internal import TreatyDialectKit
internal import TreatyJSON

extension RoundTrip {
    /// Round trips for clauses of feeds, headers and bodies: a delete's version, the feed's
    /// order, `Sync-Cursor`'s value (and its absence from full lists), a malformed version
    /// cursor, an unknown parent, a body that is not an object, the content type, and ties
    /// sorted byte-wise.
    static let feedClauseRules: [RoundTrip] = [
        RoundTrip(
            ["RS-MD-3", "RS-MD-4"], "a delete bumps the version: the version feed after it carries the tombstone",
            clauses: ["RS-MD-3.2", "RS-MD-4.1"], needs: [.create, .delete, .feed],
            applies: { $0.resource.sync.version != nil && !($0.feed?.sinceVersion.isEmpty ?? true) }
        ) { bench in
            guard let key = bench.resource.sync.version, let feed = bench.routes.feed,
                let parameter = feed.sinceVersion.first, let path = feed.path.filled(bench.pathValues(parent: bench.parent))
            else { return }
            let (id, body) = bench.newBody()
            let created = try await bench.create(body)
            let recordID = id ?? Workbench.idText(created[bench.idKey]) ?? ""
            guard let version = created[key]?.numberValue?.int64Value else { return }
            let deleted = try await bench.delete(recordID)
            try bench.context.require(
                deleted, status: bench.routes.delete?.status ?? 204, rule: "RS-MD-4", "deleting the case's own record")
            let reply = try await bench.context.send(.get, path, query: [(parameter, String(version))])
            try bench.context.require(reply, status: feed.status, rule: "RS-MD-3", "reading the version feed")
            let tombstone = (reply.json?.arrayValue ?? []).compactMap(\.objectValue).first {
                Workbench.idText($0[bench.idKey]) == recordID
            }
            let answered = tombstone?[key]?.numberValue?.int64Value ?? Int64.min
            if answered <= version {
                bench.context.fail(
                    "RS-MD-3", at: "/\(key)",
                    "after deleting \(recordID) (\(key) \(version)), \(reply.request) shows \(tombstone == nil ? "no tombstone" : "\(key) \(answered)")",
                    detail: "fix: a delete is a mutation: it takes the next version, so version feeds carry the tombstone")
            }
        },
        RoundTrip(
            ["RS-IN-1"], "a feed lists changes by updated_at, then id", clauses: ["RS-IN-1.2"],
            needs: [.create, .update, .feed],
            applies: { ($0.feed?.since.count ?? 0) > 0 && $0.resource.sync.updatedAt != nil && changeableField($0) != nil }
        ) { bench in
            guard let feed = bench.routes.feed, let since = feed.since.first, let field = changeableField(bench.routes),
                let path = feed.path.filled(bench.pathValues(parent: bench.parent))
            else { return }
            var ids: [String] = []
            for order in 0..<2 {
                let (id, body) = bench.newBody(order: order)
                let created = try await bench.create(body)
                ids.append(id ?? Workbench.idText(created[bench.idKey]) ?? "")
            }
            let cursor = bench.context.timestamp(offsetMilliseconds: -1)
            let changed = ids.sorted(by: >)
            for (round, id) in changed.enumerated() {
                let value = bench.factory.value(
                    of: attributeType(field), field: field, now: bench.context.timestamp(), variant: round + 8)
                _ = try await bench.update(id, [field.key(): value], rule: "RS-IN-1")
            }
            let reply = try await bench.context.send(.get, path, query: [(since, cursor)])
            try bench.context.require(reply, status: feed.status, rule: "RS-IN-1", "reading the feed")
            let listed = (reply.json?.arrayValue ?? []).compactMap { Workbench.idText($0.objectValue?[bench.idKey]) }
                .filter(ids.contains)
            if listed != changed {
                bench.context.fail(
                    "RS-IN-1", "\(reply.request) listed the case's records as \(listed), changed in the order \(changed)",
                    detail: "fix: sort feeds by updated_at ascending, then id")
            }
        },
        RoundTrip(
            ["RS-IN-4"], "Sync-Cursor names the newest change returned, or the request's own cursor when none is",
            clauses: ["RS-IN-4.1", "§11.4"], needs: [.create, .feed], applies: { ($0.feed?.since.count ?? 0) > 0 }
        ) { bench in
            try await syncCursorValues(bench)
        },
        RoundTrip(
            ["RS-IN-4"], "a full list carries no Sync-Cursor", clauses: ["§11.5"], needs: [.list],
            applies: { $0.feed != nil }
        ) { bench in
            guard let list = bench.routes.list, let path = list.path.filled(bench.pathValues(parent: bench.parent)) else {
                return
            }
            let reply = try await bench.context.send(.get, path)
            try bench.context.require(reply, status: list.status, rule: "RS-IN-4", "reading the full list")
            if let cursor = reply.header("Sync-Cursor") {
                bench.context.fail(
                    "RS-IN-4", "the full list \(reply.request) carries Sync-Cursor \(cursor)",
                    detail: "fix: only incremental feeds answer a Sync-Cursor; a full list is not a feed")
            }
        },
        RoundTrip(
            ["RS-IN-4"], "a malformed version cursor is refused with 400 invalid_query",
            clauses: ["RS-IN-4.3", "§11.13"], needs: [.feed], applies: { !($0.feed?.sinceVersion.isEmpty ?? true) }
        ) { bench in
            guard let feed = bench.routes.feed, let parameter = feed.sinceVersion.first,
                let path = feed.path.filled(bench.pathValues(parent: bench.parent))
            else { return }
            let reply = try await bench.context.send(.get, path, query: [(parameter, "twelve")])
            try bench.context.requireError(
                reply, status: 400, code: "invalid_query", rule: "RS-IN-4",
                "a version cursor that is not a number must be refused, not ignored")
        },
        RoundTrip(
            ["RS-ID-4"], "an unknown parent is 404 not_found", clauses: ["§11.2", "§Endpoints.11"], needs: [.list],
            applies: { $0.resource.scope != nil && $0.list?.path.parameters.count == 1 }
        ) { bench in
            guard let list = bench.routes.list, let path = list.path.filled(bench.pathValues(parent: bench.context.newID()))
            else { return }
            let reply = try await bench.context.send(.get, path)
            try bench.context.requireError(
                reply, status: 404, code: "not_found", rule: "RS-ID-4",
                "a parent that does not exist has no list: 404, not an empty array")
        },
        RoundTrip(
            ["RS-ERR-1"], "a JSON body that is not an object is 422 invalid_value", clauses: ["§11.14", "§Endpoints.13"],
            needs: [.create]
        ) { bench in
            guard let path = bench.collectionPath(parent: bench.parent) else { return }
            let reply = try await bench.context.send(.post, path, body: .array([]))
            try bench.context.requireError(
                reply, status: 422, code: "invalid_value", rule: "RS-ERR-1",
                "a body that parses but is not an object is a body problem (422), not malformed JSON")
        },
        RoundTrip(
            ["TR-BODY-1"], "answers are labelled application/json", clauses: ["§11.11"], needs: [.create, .list, .item]
        ) { bench in
            guard let list = bench.routes.list, let path = list.path.filled(bench.pathValues(parent: bench.parent)) else {
                return
            }
            let (id, body) = bench.newBody()
            let created = try await bench.create(body)
            let recordID = id ?? Workbench.idText(created[bench.idKey]) ?? ""
            let listed = try await bench.context.send(.get, path)
            let item = try await bench.get(recordID)
            let missing = try await bench.get(bench.context.newID())
            let replies = [listed, item, missing]
            for reply in replies where !(reply.header("Content-Type")?.lowercased().hasPrefix("application/json") ?? false) {
                bench.context.fail(
                    "TR-BODY-1", "\(reply.request) answered Content-Type \(reply.header("Content-Type") ?? "none")",
                    detail: "fix: label JSON answers Content-Type: application/json")
            }
        },
        RoundTrip(
            ["RS-OR-1"], "ties sort by id byte-wise: upper case before lower case", clauses: ["§11.10"],
            needs: [.create, .list], applies: { $0.resource.orderKey != nil && $0.resource.create != .server }
        ) { bench in
            guard bench.resource.identity.type != .int, let list = bench.routes.list,
                let path = list.path.filled(bench.pathValues(parent: bench.parent))
            else { throw CaseContext.Skip("ids are not text here") }
            let lower = "a" + String(bench.context.newID().dropFirst())
            let upper = ("b" + String(bench.context.newID().dropFirst())).uppercased()
            for id in [lower, upper] { _ = try await bench.create(bench.newBody(id: id, order: 9_000).body) }
            let reply = try await bench.context.send(.get, path)
            try bench.context.require(reply, status: list.status, rule: "RS-OR-1", "listing the records")
            let listed = (reply.json?.arrayValue ?? []).compactMap { Workbench.idText($0.objectValue?[bench.idKey]) }
                .filter { $0 == lower || $0 == upper }
            if listed != [upper, lower] {
                bench.context.fail(
                    "RS-OR-1", "two records tied on \(bench.resource.orderKey ?? "the order field") were listed as \(listed)",
                    detail: "fix: break ties by id in exact byte order, where \"B…\" sorts before \"a…\"")
            }
        },
    ]

    /// RS-IN-4 and §11.4: after a write, a time feed's `Sync-Cursor` is the highest `updated_at`
    /// it returns and a version feed's the highest `version`; an empty feed answers the request's
    /// own cursor.
    static func syncCursorValues(_ bench: Workbench) async throws {
        guard let feed = bench.routes.feed, let since = feed.since.first,
            let path = feed.path.filled(bench.pathValues(parent: bench.parent))
        else { return }
        let (_, body) = bench.newBody()
        _ = try await bench.create(body)
        var probes: [(parameter: String, cursor: String, newest: ([JSONObject]) -> String?)] = []
        if let key = bench.resource.sync.updatedAt {
            probes.append(
                (since, bench.context.timestamp(offsetMilliseconds: -60_000), { rows in
                    rows.compactMap { $0[key]?.stringValue }.max { (TimestampText.milliseconds($0) ?? 0) < (TimestampText.milliseconds($1) ?? 0) }
                }))
            probes.append((since, bench.context.timestamp(offsetMilliseconds: 3_600_000), { _ in nil }))
        }
        if let key = bench.resource.sync.version, let parameter = feed.sinceVersion.first {
            probes.append(
                (parameter, "0", { rows in rows.compactMap { $0[key]?.numberValue?.int64Value }.max().map(String.init) }))
            probes.append((parameter, "900000000000", { _ in nil }))
        }
        for probe in probes {
            let reply = try await bench.context.send(.get, path, query: [(probe.parameter, probe.cursor)])
            try bench.context.require(reply, status: feed.status, rule: "RS-IN-4", "reading the feed")
            let rows = (reply.json?.arrayValue ?? []).compactMap(\.objectValue)
            let expected = rows.isEmpty ? probe.cursor : probe.newest(rows)
            let header = reply.header("Sync-Cursor")
            if header != expected {
                bench.context.fail(
                    "RS-IN-4", "\(reply.request) returned \(rows.count) row(s) and Sync-Cursor \(header ?? "none")",
                    detail: "expected \(expected ?? "the newest change"): the highest \(probe.parameter == since ? "updated_at" : "version") returned, or the request's own cursor when the feed is empty")
            }
        }
    }
}
