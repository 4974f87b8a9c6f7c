internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension RoundTrip {
    /// RS-MD-4, RS-IN-1, RS-IN-2, RS-IN-4: deletes leave tombstones that incremental sync returns.
    static let syncRules: [RoundTrip] = [
        RoundTrip(["RS-MD-4", "RS-IN-2"], "a delete leaves a tombstone in the incremental feed", clauses: ["RS-MD-4.1", "RS-MD-4.2", "RS-IN-2.1", "§Endpoints.8"], needs: [.create, .delete, .feed]) { bench in
            guard let feed = bench.routes.feed, let since = feed.since.first, let path = feed.path.filled(bench.pathValues(parent: bench.parent))
            else { throw CaseContext.Skip("the feed takes no timestamp parameter") }
            let (id, body) = bench.newBody()
            let created = try await bench.create(body)
            let recordID = id ?? Workbench.idText(created[bench.idKey]) ?? ""
            let cursor = bench.resource.sync.updatedAt.flatMap { created[$0]?.stringValue } ?? bench.context.timestamp(offsetMilliseconds: -1000)
            let deleted = try await bench.delete(recordID)
            try bench.context.require(deleted, status: bench.routes.delete?.status ?? 204, rule: "RS-MD-4", "deleting the case's own record must succeed")
            if bench.routes.item != nil {
                let gone = try await bench.get(recordID)
                if gone.status != 404 { bench.context.fail("RS-MD-4", "after DELETE, \(gone.request) answered \(gone.status) instead of 404") }
            }
            if let list = bench.routes.list, let listPath = list.path.filled(bench.pathValues(parent: bench.parent)) {
                let full = try await bench.context.send(.get, listPath)
                let listed = (full.json?.arrayValue ?? []).contains { Workbench.idText($0.objectValue?[bench.idKey]) == recordID }
                if listed { bench.context.fail("RS-MD-4", "the deleted record \(recordID) is still in the full list \(full.request)") }
            }
            let reply = try await bench.context.send(.get, path, query: [(since, cursor)])
            try bench.context.require(reply, status: feed.status, rule: "RS-IN-1", "asking for changes since the record was created")
            bench.context.checkConformance(reply, endpoint: feed, path: bench.pathValues(parent: bench.parent), query: [since: cursor])
            let tombstone = (reply.json?.arrayValue ?? []).compactMap(\.objectValue).first { Workbench.idText($0[bench.idKey]) == recordID }
            guard let tombstone else {
                bench.context.fail("RS-IN-2", "the feed \(reply.request) does not carry the tombstone of \(recordID)", detail: "fix: deleted rows stay in incremental feeds as tombstones (id, parent key, deleted_at, updated_at, version)")
                return
            }
            if let key = bench.resource.sync.tombstone, tombstone[key] == nil || tombstone[key] == .null {
                bench.context.fail("RS-IN-2", at: "/\(key)", "the tombstone of \(recordID) has \(key) \(Workbench.show(tombstone[key]))", detail: "fix: a tombstone carries the deletion time")
            }
        },
        RoundTrip(["RS-IN-1", "RS-IN-3", "RS-IN-4"], "the feed after a cursor returns exactly the later changes", clauses: ["RS-IN-1.1", "§8.1"], needs: [.create, .update, .delete, .feed]) { bench in
            guard let feed = bench.routes.feed, let since = feed.since.first, let path = feed.path.filled(bench.pathValues(parent: bench.parent))
            else { throw CaseContext.Skip("the feed takes no timestamp parameter") }
            var ids: [String] = []
            let backdated = JSONValue.string(bench.context.timestamp(offsetMilliseconds: -60_000))
            for order in 0..<3 {
                var (id, body) = bench.newBody(order: order)
                for key in [bench.resource.sync.createdAt, bench.resource.sync.updatedAt].compactMap({ $0 }) { body[key] = backdated }
                let created = try await bench.create(body)
                ids.append(id ?? Workbench.idText(created[bench.idKey]) ?? "")
            }
            let start = bench.context.timestamp(offsetMilliseconds: -120_000)
            let first = try await bench.context.send(.get, path, query: [(since, start)])
            try bench.context.require(first, status: feed.status, rule: "RS-IN-1", "reading the feed")
            guard let cursor = first.header("Sync-Cursor") else {
                bench.context.fail("RS-IN-4", "\(first.request) carries no Sync-Cursor header", detail: "fix: feeds answer with the next cursor in Sync-Cursor")
                return
            }
            guard let field = bench.writableFields.first(where: { $0.relation == nil && $0.key() != bench.resource.orderKey }) else { return }
            _ = try await bench.update(ids[0], [field.key(): bench.factory.value(of: attributeType(field), field: field, now: bench.context.timestamp(), variant: 4)], rule: "RS-IN-1")
            let deleted = try await bench.delete(ids[1])
            try bench.context.require(deleted, status: bench.routes.delete?.status ?? 204, rule: "RS-MD-4", "deleting the case's own record must succeed")
            let reply = try await bench.context.send(.get, path, query: [(since, cursor)])
            try bench.context.require(reply, status: feed.status, rule: "RS-IN-1", "reading the feed after the cursor")
            bench.context.checkConformance(reply, endpoint: feed, path: bench.pathValues(parent: bench.parent), query: [since: cursor])
            let returned = Set((reply.json?.arrayValue ?? []).compactMap { Workbench.idText($0.objectValue?[bench.idKey]) }).intersection(ids)
            if returned != Set(ids.prefix(2)) {
                bench.context.fail("RS-IN-1", "after cursor \(cursor) the feed returned \(returned.sorted()) of the case's records, expected exactly \(ids.prefix(2).sorted()) (one changed, one deleted)", detail: "fix: return rows with \(since) strictly after the cursor, tombstones included, and nothing older")
            }
        },
    ]
}
