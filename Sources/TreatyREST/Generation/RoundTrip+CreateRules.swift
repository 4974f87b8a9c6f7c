internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension RoundTrip {
    /// RS-CR-1 … RS-CR-4 and RS-ID-2: client-authoritative create.
    static let createRules: [RoundTrip] = [
        RoundTrip(["RS-CR-1", "RS-NL-7"], "create without id or timestamps is rejected", clauses: ["RS-CR-1.1", "RS-CR-1.2", "§11.3"], needs: [.create], applies: { $0.resource.create == .client }) { bench in
            guard let path = bench.collectionPath(parent: bench.parent) else { return }
            var (_, body) = bench.newBody()
            body[bench.idKey] = nil
            let noID = try await bench.context.send(.post, path, body: .object(body))
            try bench.context.requireError(noID, status: 422, code: "missing_field", field: bench.idKey, rule: "RS-CR-1", "the client owns ids here, so a create without '\(bench.idKey)' must be refused")
            for key in [bench.resource.sync.createdAt, bench.resource.sync.updatedAt].compactMap({ $0 }) {
                var (id, timed) = bench.newBody()
                timed[key] = nil
                let reply = try await bench.context.send(.post, path, body: .object(timed))
                try bench.context.requireError(reply, status: 422, code: "missing_field", field: key, rule: "RS-CR-1", "a create without '\(key)' must be refused")
                if let id, bench.routes.item != nil {
                    let after = try await bench.get(id)
                    if after.status != 404 {
                        bench.context.fail("RS-NL-7", "the rejected create of \(id) left a record behind (GET answered \(after.status))", detail: "fix: validate everything before writing")
                    }
                }
            }
        },
        RoundTrip(["RS-CR-2"], "a live id cannot be created twice", clauses: ["RS-CR-2.1", "RS-CR-2.2"], needs: [.create, .item], applies: { $0.resource.create != .server }) { bench in
            let (id, body) = bench.newBody()
            guard let id else { return }
            let created = try await bench.create(body)
            var again = bench.newBody(id: id).body
            if let field = bench.writableFields.first(where: { $0.relation == nil && $0.key() != bench.resource.orderKey }) {
                again[field.key()] = bench.factory.value(of: attributeType(field), field: field, now: bench.context.timestamp(), variant: 2)
            }
            let reply = try await bench.context.send(.post, bench.collectionPath(parent: bench.parent) ?? "/", body: .object(again))
            try bench.context.requireError(reply, status: 422, code: "duplicate_id", field: bench.idKey, rule: "RS-CR-2", "an id already in use must be refused")
            let stored = try await bench.read(id)
            for key in bench.changedKeys(created, stored, except: []) {
                bench.context.fail("RS-CR-2", at: "/\(key)", "the refused duplicate create changed '\(key)' of the existing record", detail: "before \(Workbench.show(created[key])), after \(Workbench.show(stored[key]))")
            }
        },
        // Only a declared tombstone keeps a deleted id taken (RS-CR-2: "live or tombstoned"); without
        // one a delete removes the record, and its id is free again.
        RoundTrip(["RS-CR-2", "RS-MD-4"], "a tombstoned id cannot be created again", clauses: ["RS-CR-2.1", "RS-MD-4.4"], needs: [.create, .delete], applies: { $0.resource.create != .server && $0.resource.sync.tombstone != nil }) { bench in
            let (id, body) = bench.newBody()
            guard let id else { return }
            _ = try await bench.create(body)
            let deleted = try await bench.delete(id)
            try bench.context.require(deleted, status: bench.routes.delete?.status ?? 204, rule: "RS-MD-4", "deleting the case's own record must succeed")
            let reply = try await bench.context.send(.post, bench.collectionPath(parent: bench.parent) ?? "/", body: .object(bench.newBody(id: id).body))
            try bench.context.requireError(reply, status: 422, code: "duplicate_id", field: bench.idKey, rule: "RS-CR-2", "an id of a deleted record stays taken (its tombstone keeps it)")
        },
        RoundTrip(["RS-CR-3", "RS-ID-2"], "client ids and timestamps are stored as sent", clauses: ["RS-CR-3.1", "RS-ID-2.1", "§Endpoints.5"], needs: [.create, .item], applies: { $0.resource.create != .server }) { bench in
            let id = bench.resource.identity.type == .int ? nil : bench.context.newID().uppercased()
            var (sentID, body) = bench.newBody(id: id)
            let stamp = bench.context.timestamp(offsetMilliseconds: -86_400_000)
            for key in [bench.resource.sync.createdAt, bench.resource.sync.updatedAt].compactMap({ $0 }) { body[key] = .string(stamp) }
            let created = try await bench.create(body)
            guard let sentID else { return }
            if Workbench.idText(created[bench.idKey]) != sentID {
                bench.context.fail("RS-ID-2", at: "/\(bench.idKey)", "POST with id \"\(sentID)\" answered \(Workbench.show(created[bench.idKey]))", detail: "fix: echo ids byte for byte; never change their case or format")
            }
            let stored = try await bench.read(sentID)
            if let key = bench.resource.sync.createdAt, stored[key]?.stringValue != stamp {
                bench.context.fail("RS-CR-3", at: "/\(key)", "created with \(key) \(stamp), stored \(Workbench.show(stored[key]))", detail: "fix: keep the client's creation timestamp to the millisecond")
            }
        },
        RoundTrip(["RS-CR-4", "RS-NL-7"], "a create with an unknown reference writes nothing", clauses: ["RS-CR-4.1", "RS-NL-6.2"], needs: [.create, .item], applies: { routes in
            routes.resource.create != .server && routes.resource.fields.contains { $0.relation?.shape == .foreignKey }
        }) { bench in
            var (id, body) = bench.newBody()
            guard let id, let field = bench.resource.fields.first(where: { $0.relation?.shape == .foreignKey }), let relation = field.relation else { return }
            let unknown = JSONValue.string("00000000-0000-4000-8000-0000deadbeef")
            body[field.key()] = relation.many ? .array([unknown]) : unknown
            let reply = try await bench.context.send(.post, bench.collectionPath(parent: bench.parent) ?? "/", body: .object(body))
            try bench.context.requireError(reply, status: 422, code: "invalid_reference", field: field.key(), rule: "RS-CR-4", "a reference to a record that does not exist must be refused")
            let after = try await bench.get(id)
            if after.status != 404 {
                bench.context.fail("RS-NL-7", "the refused create of \(id) left a record behind (GET answered \(after.status))", detail: "fix: validate references before inserting")
            }
        },
    ]
}
