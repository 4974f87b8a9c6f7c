internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension RoundTrip {
    /// Round trips that `treaty mutate` showed missing: a deleted record stays deleted whatever
    /// is written to it (RS-MD-4), a delete removes only the record it names, and a write of a
    /// relation set stores what it answers (RS-MD-2).
    static let mutationRules: [RoundTrip] = [
        RoundTrip(
            ["RS-MD-4"], "writes to a deleted record answer 404 and leave it deleted; other records stay",
            needs: [.create, .delete, .item]
        ) { bench in
            var ids: [String] = []
            for order in 0..<2 {
                let (id, body) = bench.newBody(order: order)
                let created = try await bench.create(body)
                ids.append(id ?? Workbench.idText(created[bench.idKey]) ?? "")
            }
            let deleted = try await bench.delete(ids[0])
            try bench.context.require(
                deleted, status: bench.routes.delete?.status ?? 204, rule: "RS-MD-4", "deleting a record")
            let kept = try await bench.get(ids[1])
            try bench.context.require(
                kept, status: 200, rule: "RS-MD-4", "reading a record another one's delete must leave alone")
            var writes: [(HTTPRequest.Method, String, JSONObject)] = []
            if let update = bench.routes.update, let field = changeableField(bench.routes),
                let path = bench.itemPath(ids[0], parent: bench.parent, endpoint: update)
            {
                let value = bench.factory.value(
                    of: attributeType(field), field: field, now: bench.context.timestamp(), variant: 5)
                writes.append((.patch, path, [field.key(): value]))
            }
            for endpoint in bench.routes.partialWrites where endpoint.method != "PATCH" {
                guard let method = HTTPRequest.Method(endpoint.method),
                    let path = endpoint.path.filled(bench.pathValues(id: ids[0], parent: bench.parent))
                else { continue }
                var change = JSONObject()
                for name in endpoint.writes ?? [] {
                    guard let field = bench.resource.field(named: name) else { continue }
                    change[field.key()] = field.relation?.many == true ? [] : .null
                }
                writes.append((method, path, change))
            }
            if let path = bench.itemPath(ids[0], parent: bench.parent, endpoint: bench.routes.delete) {
                writes.append((.delete, path, [:]))
            }
            for (method, path, body) in writes {
                let reply = try await bench.context.send(method, path, body: method == .delete ? nil : .object(body))
                try bench.context.requireError(
                    reply, status: 404, code: "not_found", rule: "RS-MD-4",
                    "\(method.rawValue) of a deleted record must not find it")
            }
            let gone = try await bench.get(ids[0])
            try bench.context.require(gone, status: 404, rule: "RS-MD-4", "reading a deleted record after writes to it")
        },
        RoundTrip(
            ["RS-MD-2"], "a write of a relation set stores every key it answers, filled and emptied",
            needs: [.create, .item], applies: { $0.partialWrites.contains { $0.method != "PATCH" } }
        ) { bench in
            for endpoint in bench.routes.partialWrites where endpoint.method != "PATCH" {
                guard let method = HTTPRequest.Method(endpoint.method) else { continue }
                let (id, body) = bench.newBody()
                let created = try await bench.create(body)
                let recordID = id ?? Workbench.idText(created[bench.idKey]) ?? ""
                guard let path = endpoint.path.filled(bench.pathValues(id: recordID, parent: bench.parent)) else {
                    continue
                }
                let sets = (endpoint.writes ?? []).compactMap { name -> (String, [String])? in
                    guard let field = bench.resource.field(named: name), let relation = field.relation, relation.many
                    else {
                        return nil
                    }
                    return (field.key(), bench.factory.references[relation.target] ?? [])
                }
                for filled in [true, false] {
                    var change = JSONObject()
                    for (key, known) in sets {
                        change[key] = .array(filled ? known.prefix(1).map(JSONValue.string) : [])
                    }
                    let reply = try await bench.context.send(method, path, body: .object(change))
                    try bench.context.require(
                        reply, status: endpoint.status, rule: "RS-MD-2", "a valid \(endpoint.signature)")
                    let after = try await bench.read(recordID)
                    for member in change.members where after[member.key] != member.value {
                        bench.context.fail(
                            "RS-MD-2", at: "/\(member.key)",
                            "after \(reply.request) the record has \(member.key) \(Workbench.show(after[member.key])), not \(Workbench.show(member.value))",
                            detail: "fix: store every key the write carries, as its answer says")
                    }
                }
            }
        },
    ]
}
