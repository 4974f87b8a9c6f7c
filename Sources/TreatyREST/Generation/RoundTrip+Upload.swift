internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialect
internal import TreatyDialectKit
internal import TreatyJSON

extension RoundTrip {
    /// Round trips of the batch upload (rest-sync.md §10): one result per operation, last writer
    /// wins with ties losing, a newer upsert reviving a tombstone, a delete of an absent id.
    static let uploadRules: [RoundTrip] = [
        RoundTrip(
            ["RS-MD-2", "RS-ERR-1", "RS-NM-1"],
            "an upload answers each operation: applied once, stale when retried, rejected when unknown",
            clauses: ["§10.1", "§10.2", "§10.5", "§10.6"], needs: [.upload, .item],
            applies: { $0.resource.create != .server }
        ) { bench in
            let (id, body) = bench.newBody()
            guard let id else { return }
            let stamp = bench.context.timestamp()
            let upsert = upsertOperation(bench, id: id, data: body, updatedAt: stamp)
            var unknown = upsert.objectValue ?? JSONObject()
            unknown["operation"] = "merge"
            let first = try await upload(bench, [upsert, .object(unknown)])
            bench.context.adopt(id: id, deletePath: bench.itemPath(id, parent: bench.parent, endpoint: bench.routes.delete))
            expect(bench, first, count: 2, "an upsert and an unknown operation")
            expectStatus(bench, first, 0, "applied", rule: "RS-NM-1", "a new upsert with camelCase 'updatedAt' is applied")
            expectStatus(bench, first, 1, "rejected", rule: "RS-ERR-1", "an unknown operation is rejected, alone")
            if let rejected = first[safe: 1], rejected["code"]?.stringValue == nil || rejected["message"]?.stringValue == nil {
                bench.context.fail(
                    "RS-ERR-1", "the rejected operation carries no code and message: \(Workbench.show(.object(rejected)))")
            }
            let stored = try await bench.get(id)
            if stored.status != 200 {
                bench.context.fail(
                    "RS-MD-2", "after an upload applied \(id), \(stored.request) answered \(stored.status)",
                    detail: "fix: an upload is never all-or-nothing: the applied operation is stored")
            }
            let retry = try await upload(bench, [upsert])
            expectStatus(bench, retry, 0, "stale", rule: "RS-MD-2", "an identical retry ties on updatedAt, and ties lose")
            if let result = retry[safe: 0], result["status"] == "stale", result["server"]?.objectValue == nil {
                bench.context.fail("RS-MD-2", "a stale result carries no 'server' row: \(Workbench.show(.object(result)))")
            }
            let newer = upsertOperation(
                bench, id: id, data: body, updatedAt: TimestampText.format((TimestampText.milliseconds(stamp) ?? 0) + 1_000))
            expectStatus(bench, try await upload(bench, [newer]), 0, "applied", rule: "RS-MD-2", "a newer upsert wins")
        },
        RoundTrip(
            ["RS-MD-4", "RS-ERR-1"], "an upload deletes, a newer upsert revives, and a delete of an absent id is applied",
            clauses: ["§10.3", "§10.4"], needs: [.upload, .create, .item], applies: { $0.resource.create != .server }
        ) { bench in
            let (id, body) = bench.newBody()
            guard let id else { return }
            _ = try await bench.create(body)
            let now = TimestampText.milliseconds(bench.context.timestamp()) ?? 0
            let delete: JSONValue = [
                "operation": "delete", "type": .string(uploadType(bench)), "id": .string(id),
                "updatedAt": .string(TimestampText.format(now + 1_000)),
            ]
            let absent: JSONValue = [
                "operation": "delete", "type": .string(uploadType(bench)), "id": .string(bench.context.newID()),
                "updatedAt": .string(TimestampText.format(now + 1_000)),
            ]
            let deleted = try await upload(bench, [delete, absent])
            expectStatus(bench, deleted, 0, "applied", rule: "RS-MD-4", "a newer delete is applied")
            expectStatus(bench, deleted, 1, "applied", rule: "RS-ERR-1", "a delete of an absent id is applied")
            let gone = try await bench.get(id)
            if gone.status != 404 { bench.context.fail("RS-MD-4", "after an uploaded delete, \(gone.request) answered \(gone.status)") }
            let revive = upsertOperation(bench, id: id, data: body, updatedAt: TimestampText.format(now + 2_000))
            expectStatus(bench, try await upload(bench, [revive]), 0, "applied", rule: "RS-MD-4", "a newer upsert revives a tombstone")
            let back = try await bench.get(id)
            if back.status != 200 {
                bench.context.fail(
                    "RS-MD-4", "after a newer upsert of the deleted \(id), \(back.request) answered \(back.status)",
                    detail: "fix: an upsert newer than the tombstone revives the record")
            }
        },
    ]

    /// The operation `type`: the resource's plural, as `tasks`.
    static func uploadType(_ bench: Workbench) -> String {
        bench.resource.name.hasSuffix("s") ? bench.resource.name : bench.resource.name + "s"
    }

    static func upsertOperation(_ bench: Workbench, id: String, data: JSONObject, updatedAt: String) -> JSONValue {
        var data = data
        if let key = bench.resource.sync.updatedAt { data[key] = .string(updatedAt) }
        return [
            "operation": "upsert", "type": .string(uploadType(bench)), "id": .string(id), "updatedAt": .string(updatedAt),
            "data": .object(data),
        ]
    }

    /// Sends the operations and returns the results; a status other than the endpoint's stops
    /// the case.
    static func upload(_ bench: Workbench, _ operations: [JSONValue]) async throws -> [JSONObject] {
        guard let endpoint = bench.routes.upload, let path = endpoint.path.filled([:]) else { return [] }
        let reply = try await bench.context.send(.post, path, body: ["operations": .array(operations)])
        try bench.context.require(reply, status: endpoint.status, rule: "RS-ERR-1", "an upload is answered per operation")
        return (reply.json?.objectValue?["results"]?.arrayValue ?? []).compactMap(\.objectValue)
    }

    static func expect(_ bench: Workbench, _ results: [JSONObject], count: Int, _ sent: String) {
        if results.count != count {
            bench.context.fail(
                "RS-ERR-1", "an upload of \(sent) answered \(results.count) result(s)",
                detail: "fix: answer one result per operation, in order")
        }
    }

    static func expectStatus(
        _ bench: Workbench, _ results: [JSONObject], _ index: Int, _ status: String, rule: RuleID, _ meaning: String
    ) {
        let found = results[safe: index]?["status"]
        if found != .string(status) {
            bench.context.fail(
                rule, at: "/results/\(index)/status", "operation \(index) answered \(Workbench.show(found)), not \(status)",
                detail: meaning)
        }
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
