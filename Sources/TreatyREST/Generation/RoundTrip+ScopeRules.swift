internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension RoundTrip {
    /// RS-ID-4 and RS-PS-3: scoped identity, the body's parent, immutable fields.
    static let scopeRules: [RoundTrip] = [
        RoundTrip(["RS-ID-4"], "a record is not found under another parent", clauses: ["RS-ID-4.1"], needs: [.create, .item], applies: { $0.resource.scope != nil }) { bench in
            guard bench.parents.count > 1 else { throw CaseContext.Skip("the target has only one parent record") }
            let (id, body) = bench.newBody()
            let created = try await bench.create(body)
            let recordID = id ?? Workbench.idText(created[bench.idKey]) ?? ""
            let other = try await bench.get(recordID, parent: bench.parents[1])
            if other.status != 404 {
                bench.context.fail("RS-ID-4", "\(other.request) answered \(other.status): a record of parent \(bench.parents[0]) leaked into parent \(bench.parents[1])", detail: "fix: identity is (parent, id); another parent's id is 404 not_found")
            }
        },
        RoundTrip(["RS-PS-3"], "the body's parent must agree with the path", clauses: ["RS-PS-3.1"], needs: [.create], applies: { $0.resource.scope != nil }) { bench in
            guard bench.parents.count > 1, let scope = bench.resource.scope else { throw CaseContext.Skip("the target has only one parent record") }
            var (id, body) = bench.newBody(parent: bench.parents[0])
            body[scope.key] = .string(bench.parents[1])
            let reply = try await bench.context.send(.post, bench.collectionPath(parent: bench.parents[0]) ?? "/", body: .object(body))
            try bench.context.requireError(reply, status: 422, code: "invalid_value", field: scope.key, rule: "RS-PS-3", "a body naming another parent than the path must be refused")
            if let id, bench.routes.item != nil {
                for parent in bench.parents.prefix(2) {
                    let after = try await bench.get(id, parent: parent)
                    if after.status != 404 { bench.context.fail("RS-NL-7", "the refused create of \(id) left a record under \(parent)") }
                }
            }
        },
        RoundTrip(["RS-PS-3"], "immutable fields cannot change", clauses: ["RS-PS-3.3"], needs: [.create, .update, .item], applies: { routes in
            routes.resource.fields.contains { $0.immutable } || routes.resource.scope != nil
        }) { bench in
            let (id, body) = bench.newBody()
            let created = try await bench.create(body)
            let recordID = id ?? Workbench.idText(created[bench.idKey]) ?? ""
            var attempts: [(String, JSONValue)] = []
            for field in bench.resource.fields where field.immutable {
                guard let current = created[field.key()] else { continue }
                if let target = field.relation?.target, let other = bench.factory.references[target]?.first(where: { .string($0) != current }) {
                    attempts.append((field.key(), .string(other)))
                } else if field.relation == nil {
                    let changed = bench.factory.value(of: attributeType(field), field: field, now: bench.context.timestamp(), variant: 3)
                    if changed != current { attempts.append((field.key(), changed)) }
                }
            }
            if let scope = bench.resource.scope, bench.parents.count > 1 { attempts.append((scope.key, .string(bench.parents[1]))) }
            guard !attempts.isEmpty else { throw CaseContext.Skip("no immutable field can be given another valid value here") }
            let before = try await bench.read(recordID)
            for (key, value) in attempts {
                let reply = try await bench.patch(recordID, [key: value])
                try bench.context.requireError(reply, status: 422, code: "immutable_field", field: key, rule: "RS-PS-3", "changing the immutable '\(key)' must be refused")
            }
            let after = try await bench.read(recordID)
            for key in bench.changedKeys(before, after, except: []) {
                bench.context.fail("RS-NL-7", at: "/\(key)", "a refused PATCH of an immutable field changed '\(key)'")
            }
        },
    ]
}
