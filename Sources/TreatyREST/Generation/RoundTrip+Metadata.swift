internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension RoundTrip {
    /// RS-MD-2/3 and RS-OR-1: server-owned metadata advances on every write; lists keep order.
    static let metadataRules: [RoundTrip] = [
        RoundTrip(["RS-MD-2", "RS-MD-3"], "updated_at and version advance on every write", clauses: ["RS-MD-2.1", "RS-MD-2.2", "RS-MD-3.1", "§Endpoints.6"], needs: [.create, .update, .item], applies: { routes in
            routes.resource.sync.updatedAt != nil || routes.resource.sync.version != nil
        }) { bench in
            let (id, body) = bench.newBody()
            let created = try await bench.create(body)
            let recordID = id ?? Workbench.idText(created[bench.idKey]) ?? ""
            guard let field = bench.writableFields.first(where: { $0.relation == nil && $0.key() != bench.resource.orderKey })
            else { throw CaseContext.Skip("no writable attribute to PATCH") }
            var previous = created
            for round in 1...2 {
                var patch: JSONObject = [field.key(): bench.factory.value(of: attributeType(field), field: field, now: bench.context.timestamp(), variant: round)]
                if let key = bench.resource.sync.updatedAt, let old = created[key] { patch[key] = old }
                let answered = try await bench.update(recordID, patch, rule: "RS-MD-2")
                if let key = bench.resource.sync.updatedAt {
                    let before = previous[key]?.stringValue ?? ""
                    let after = answered[key]?.stringValue ?? ""
                    if !(after > before) {
                        bench.context.fail("RS-MD-2", at: "/\(key)", "write \(round) left \(key) at \(Workbench.show(answered[key])) (before: \(before))", detail: "fix: every successful write sets \(key) to max(now, previous + 1 ms) and ignores the client's value")
                    }
                }
                if let key = bench.resource.sync.version {
                    let before = previous[key]?.numberValue?.int64Value ?? Int64.max
                    let after = answered[key]?.numberValue?.int64Value ?? Int64.min
                    if !(after > before) {
                        bench.context.fail("RS-MD-3", at: "/\(key)", "write \(round) left \(key) at \(Workbench.show(answered[key])) (before: \(Workbench.show(previous[key])))", detail: "fix: version comes from a store-wide counter that grows on every write")
                    }
                }
                previous = answered
            }
            if bench.routes.item != nil {
                let stored = try await bench.read(recordID)
                for key in bench.metadataKeys where stored[key] != previous[key] {
                    bench.context.fail("RS-MD-2", at: "/\(key)", "the PATCH answered \(key) \(Workbench.show(previous[key])) but GET shows \(Workbench.show(stored[key]))", detail: "fix: store the metadata the answer reports")
                }
            }
        },
        RoundTrip(["RS-OR-1"], "lists sort by the order field, ties by id", clauses: ["RS-OR-1.1"], needs: [.create, .list], applies: { $0.resource.orderKey != nil }) { bench in
            guard let list = bench.routes.list, let path = list.path.filled(bench.pathValues(parent: bench.parent)) else { return }
            var ids: [String] = []
            for order in [2, 1, 1] {
                let (id, body) = bench.newBody(order: order)
                let created = try await bench.create(body)
                ids.append(id ?? Workbench.idText(created[bench.idKey]) ?? "")
            }
            let reply = try await bench.context.send(.get, path)
            try bench.context.require(reply, status: list.status, rule: "RS-OR-1", "listing the records")
            bench.context.checkConformance(reply, endpoint: list, path: bench.pathValues(parent: bench.parent))
            let listed = (reply.json?.arrayValue ?? []).compactMap { Workbench.idText($0.objectValue?[bench.idKey]) }.filter(ids.contains)
            let expected = [ids[1], ids[2]].sorted() + [ids[0]]
            if listed != expected {
                bench.context.fail("RS-OR-1", "the list returned the case's records as \(listed), expected \(expected)", detail: "fix: sort by \(bench.resource.orderKey ?? "the order field") ascending, ties by id (byte-wise)")
            }
        },
    ]
}
