internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension RoundTrip {
    /// Round trips for clauses of rest-sync.md that a backend can break while keeping the rest of
    /// their rule: the parent taken from the path, every immutable key, an immutable key repeated,
    /// membership replaced (not merged), a deleted record's PATCH, value rules at their bounds,
    /// the create answer, an empty id, a to-many reference checked before writing, and the order
    /// of create checks with a timestamp missing. Feeds, headers and bodies are in
    /// ``feedClauseRules``.
    static let clauseRules: [RoundTrip] = writeClauseRules + createClauseRules + feedClauseRules

    private static let writeClauseRules: [RoundTrip] = [
        RoundTrip(
            ["RS-PS-3"], "a create without the parent key takes it from the path", clauses: ["RS-PS-3.2"],
            needs: [.create], applies: { $0.resource.scope != nil }
        ) { bench in
            guard let scope = bench.resource.scope, let parent = bench.parent,
                let path = bench.collectionPath(parent: parent)
            else { return }
            var body = bench.newBody().body
            body[scope.key] = nil
            let reply = try await bench.context.send(.post, path, body: .object(body))
            try bench.context.require(
                reply, status: bench.routes.create?.status ?? 201, rule: "RS-PS-3",
                "a create without '\(scope.key)' takes the parent from the path")
            let stored = reply.json?.objectValue?[scope.key]
            if stored != .string(parent) {
                bench.context.fail(
                    "RS-PS-3", at: "/\(scope.key)", "POST \(path) without '\(scope.key)' stored \(Workbench.show(stored))",
                    detail: "fix: an omitted parent key is taken from the path ('\(parent)')")
            }
        },
        RoundTrip(
            ["RS-PS-3"], "the id and created_at cannot change either", clauses: ["RS-PS-3.3"],
            needs: [.create, .update, .item], applies: { $0.resource.create != .server }
        ) { bench in
            let (id, body) = bench.newBody()
            guard let id else { return }
            _ = try await bench.create(body)
            var attempts: [(String, JSONValue)] = []
            if let key = bench.resource.sync.createdAt {
                attempts.append((key, .string(bench.context.timestamp(offsetMilliseconds: -7_200_000))))
            }
            if bench.resource.identity.type != .int { attempts.append((bench.idKey, .string(bench.context.newID()))) }
            let before = try await bench.read(id)
            for (key, value) in attempts {
                let reply = try await bench.patch(id, [key: value])
                try bench.context.requireError(
                    reply, status: 422, code: "immutable_field", field: key, rule: "RS-PS-3",
                    "changing the immutable '\(key)' must be refused, not ignored")
            }
            let after = try await bench.read(id)
            for key in bench.changedKeys(before, after, except: []) {
                bench.context.fail("RS-NL-7", at: "/\(key)", "a refused PATCH of an immutable key changed '\(key)'")
            }
        },
        RoundTrip(
            ["RS-PS-3"], "a PATCH repeating the immutable keys' current values is accepted", clauses: ["§11.6"],
            needs: [.create, .update, .item], applies: { changeableField($0) != nil }
        ) { bench in
            guard let field = changeableField(bench.routes) else { return }
            let (id, body) = bench.newBody()
            let created = try await bench.create(body)
            let recordID = id ?? Workbench.idText(created[bench.idKey]) ?? ""
            var keys = [bench.idKey] + bench.resource.fields.filter(\.immutable).map { $0.key() }
            keys += [bench.resource.scope?.key, bench.resource.sync.createdAt].compactMap { $0 }
            var patch = JSONObject()
            for key in keys { if let value = created[key] { patch[key] = value } }
            patch[field.key()] = bench.factory.value(
                of: attributeType(field), field: field, now: bench.context.timestamp(), variant: 5)
            let answered = try await bench.update(recordID, patch, rule: "RS-PS-3")
            if answered[field.key()] != patch[field.key()] {
                bench.context.fail(
                    "RS-PS-3", at: "/\(field.key())",
                    "a PATCH repeating the immutable keys answered \(field.key()) \(Workbench.show(answered[field.key()]))",
                    detail: "fix: only a change of an immutable key is refused; its current value is accepted")
            }
        },
        RoundTrip(
            ["RS-NL-5"], "a to-many PATCH replaces the membership, never merges it", clauses: ["RS-NL-5.1"],
            needs: [.create, .update], applies: { !manyKeys($0).isEmpty }
        ) { bench in
            guard let key = manyKeys(bench.routes).first,
                let target = bench.resource.fields.first(where: { $0.key() == key })?.relation?.target,
                let members = bench.factory.references[target], members.count > 1
            else { throw CaseContext.Skip("fewer than two records to put in a to-many relation") }
            let fresh = bench.newBody()
            var body = fresh.body
            body[key] = .array([.string(members[0])])
            let created = try await bench.create(body)
            let recordID = fresh.id ?? Workbench.idText(created[bench.idKey]) ?? ""
            let answered = try await bench.update(recordID, [key: .array([.string(members[1])])], rule: "RS-NL-5")
            if answered[key] != .array([.string(members[1])]) {
                bench.context.fail(
                    "RS-NL-5", at: "/\(key)",
                    "PATCH \(key) [\"\(members[1])\"] over [\"\(members[0])\"] answered \(Workbench.show(answered[key]))",
                    detail: "fix: a to-many list replaces the membership; members not sent are removed")
            }
        },
        RoundTrip(
            ["RS-MD-4"], "a deleted record cannot be changed: PATCH answers 404 not_found",
            clauses: ["RS-MD-4.3", "§Endpoints.11"], needs: [.create, .update, .delete],
            applies: { changeableField($0) != nil }
        ) { bench in
            guard let field = changeableField(bench.routes) else { return }
            let (id, body) = bench.newBody()
            let created = try await bench.create(body)
            let recordID = id ?? Workbench.idText(created[bench.idKey]) ?? ""
            let deleted = try await bench.delete(recordID)
            try bench.context.require(
                deleted, status: bench.routes.delete?.status ?? 204, rule: "RS-MD-4", "deleting the case's own record")
            let value = bench.factory.value(
                of: attributeType(field), field: field, now: bench.context.timestamp(), variant: 6)
            let reply = try await bench.patch(recordID, [field.key(): value])
            try bench.context.requireError(
                reply, status: 404, code: "not_found", rule: "RS-MD-4", "a deleted record is gone: PATCH by id is 404")
        },
    ]

    private static let createClauseRules: [RoundTrip] = [
        RoundTrip(
            ["RS-CR-5", "TR-VAL-1"], "value rules hold at their bounds: the longest text passes, one more is refused",
            clauses: ["RS-CR-5.2"], needs: [.create], applies: { boundedField($0) != nil }
        ) { bench in
            guard let field = boundedField(bench.routes), let limit = field.constraints.maxLength,
                let path = bench.collectionPath(parent: bench.parent)
            else { return }
            var longest = bench.newBody().body
            longest[field.key()] = .string(String(repeating: "a", count: limit))
            _ = try await bench.create(longest, rule: "RS-CR-5")
            if field.constraints.trim {
                var padded = bench.newBody().body
                padded[field.key()] = .string("  " + String(repeating: "b", count: limit) + "  ")
                _ = try await bench.create(padded, rule: "RS-CR-5")
            }
            var over = bench.newBody().body
            over[field.key()] = .string(String(repeating: "c", count: limit + 1))
            let reply = try await bench.context.send(.post, path, body: .object(over))
            try bench.context.requireError(
                reply, status: 422, code: "invalid_value", field: field.key(), rule: "RS-CR-5",
                "'\(field.key())' of \(limit + 1) characters is above its max_length \(limit)")
            if let (badKey, badValue) = invalidValue(bench.routes) {
                var outside = bench.newBody().body
                outside[badKey] = badValue
                let refused = try await bench.context.send(.post, path, body: .object(outside))
                try bench.context.requireError(
                    refused, status: 422, code: "invalid_value", field: badKey, rule: "RS-CR-5",
                    "a create with '\(badKey)' \(badValue.serialized()) breaks its value rule")
            }
        },
        RoundTrip(
            ["RS-CR-5"], "a duplicate id without created_at reports missing_field", clauses: ["§11.7"],
            needs: [.create], applies: { $0.resource.create == .client && $0.resource.sync.createdAt != nil }
        ) { bench in
            guard let key = bench.resource.sync.createdAt, let path = bench.collectionPath(parent: bench.parent) else {
                return
            }
            let (id, body) = bench.newBody()
            _ = try await bench.create(body)
            guard let id else { return }
            var again = bench.newBody(id: id).body
            again[key] = nil
            let reply = try await bench.context.send(.post, path, body: .object(again))
            try bench.context.requireError(
                reply, status: 422, code: "missing_field", field: key, rule: "RS-CR-5",
                "required keys (timestamps included) are checked before the duplicate id")
        },
        RoundTrip(
            ["RS-CR-3"], "a create answers the client's timestamps, and the record a later read shows",
            clauses: ["RS-CR-3.1", "§Endpoints.5"], needs: [.create, .item], applies: { $0.resource.create != .server }
        ) { bench in
            let fresh = bench.newBody()
            var body = fresh.body
            let stamp = bench.context.timestamp(offsetMilliseconds: -3_600_000)
            let keys = [bench.resource.sync.createdAt, bench.resource.sync.updatedAt].compactMap { $0 }
            for key in keys { body[key] = .string(stamp) }
            let created = try await bench.create(body, rule: "RS-CR-3")
            for key in keys where created[key] != .string(stamp) {
                bench.context.fail(
                    "RS-CR-3", at: "/\(key)", "POST with \(key) \(stamp) answered \(Workbench.show(created[key]))",
                    detail: "fix: answer the client's timestamps to the millisecond, as stored")
            }
            guard let recordID = fresh.id ?? Workbench.idText(created[bench.idKey]) else { return }
            let stored = try await bench.read(recordID)
            for key in bench.changedKeys(created, stored, except: []) {
                bench.context.fail(
                    "RS-CR-3", at: "/\(key)",
                    "the create answered \(key) \(Workbench.show(created[key])), a later GET shows \(Workbench.show(stored[key]))",
                    detail: "fix: a create answers 201 with the record as stored")
            }
        },
        RoundTrip(
            ["RS-CR-1"], "an empty id is no id: 422 missing_field", clauses: ["RS-CR-1.1"], needs: [.create],
            applies: { $0.resource.create == .client && $0.resource.identity.type != .int }
        ) { bench in
            guard let path = bench.collectionPath(parent: bench.parent) else { return }
            var body = bench.newBody().body
            body[bench.idKey] = ""
            let reply = try await bench.context.send(.post, path, body: .object(body))
            try bench.context.requireError(
                reply, status: 422, code: "missing_field", field: bench.idKey, rule: "RS-CR-1",
                "a create needs a non-empty string id; an empty one must be refused, never replaced")
        },
        RoundTrip(
            ["RS-CR-4", "RS-NL-7"], "a create with an unknown to-many member writes nothing", clauses: ["RS-CR-4.1"],
            needs: [.create, .item], applies: { $0.resource.create != .server && !manyKeys($0).isEmpty }
        ) { bench in
            guard let key = manyKeys(bench.routes).first, let path = bench.collectionPath(parent: bench.parent) else {
                return
            }
            let fresh = bench.newBody()
            var body = fresh.body
            guard let id = fresh.id else { return }
            let known = (body[key]?.arrayValue ?? []).filter { $0 != .null }
            body[key] = .array(known + ["00000000-0000-4000-8000-0000deadbeef"])
            let reply = try await bench.context.send(.post, path, body: .object(body))
            try bench.context.requireError(
                reply, status: 422, code: "invalid_reference", field: key, rule: "RS-CR-4",
                "a member of '\(key)' that names no record must be refused")
            let after = try await bench.get(id)
            if after.status != 404 {
                bench.context.fail(
                    "RS-CR-4", "the refused create of \(id) left a record behind (GET answered \(after.status))",
                    detail: "fix: check every reference, to-many members included, before inserting")
            }
        },
    ]

    /// A text field with a `max_length` and no enumeration.
    static func boundedField(_ routes: ResourceRoutes) -> Field? {
        routes.resource.fields.first { field in
            field.constraints.maxLength != nil && field.constraints.allowed == nil && attributeType(field) == .string
                && !field.immutable && field.relation == nil
        }
    }
}
