internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension RoundTrip {
    /// RS-NL-2 … RS-NL-7: missing keeps, null clears, `[]` clears, sets, rejected writes.
    static let nullSemantics: [RoundTrip] = [
        RoundTrip(["RS-NL-2"], "PATCH without a key leaves it unchanged", clauses: ["RS-NL-2.1"], needs: [.create, .update, .item]) { bench in
            let (id, body) = bench.newBody()
            let created = try await bench.create(body)
            let recordID = id ?? Workbench.idText(created[bench.idKey]) ?? ""
            guard
                let field = bench.writableFields.first(where: {
                    $0.relation == nil && $0.key() != bench.resource.orderKey
                })
            else { throw CaseContext.Skip("no writable attribute to PATCH") }
            let patchValue = bench.factory.value(
                of: attributeType(field), field: field, now: bench.context.timestamp(), variant: 1)
            _ = try await bench.update(recordID, [field.key(): patchValue], rule: "RS-NL-2")
            let after = try await bench.read(recordID)
            for key in bench.changedKeys(created, after, except: bench.metadataKeys.union([field.key()])) {
                bench.context.fail(
                    "RS-NL-2", at: "/\(key)", "PATCH {\"\(field.key())\":…} changed '\(key)', a key it did not send",
                    detail:
                        "before \(Workbench.show(created[key])), after \(Workbench.show(after[key]))\nfix: leave keys missing from a PATCH body unchanged"
                )
            }
        },
        RoundTrip(
            ["RS-NL-3"], "PATCH null clears a nullable field", clauses: ["RS-NL-3.1"], needs: [.create, .update, .item],
            applies: { !nullableKeys($0).isEmpty }
        ) { bench in
            let (id, body) = bench.newBody()
            let created = try await bench.create(body)
            let recordID = id ?? Workbench.idText(created[bench.idKey]) ?? ""
            let keys = nullableKeys(bench.routes).filter { created[$0] != nil && created[$0] != .null }
            guard !keys.isEmpty else {
                throw CaseContext.Skip("no nullable field could be set first (nothing to reference)")
            }
            var patch = JSONObject()
            for key in keys { patch[key] = .null }
            let answered = try await bench.update(recordID, patch, rule: "RS-NL-3")
            let stored = try await bench.read(recordID)
            for key in keys {
                if answered[key] != .null {
                    bench.context.fail(
                        "RS-NL-3", at: "/\(key)",
                        "PATCH {\"\(key)\":null} answered \(Workbench.show(answered[key])) instead of null",
                        detail: "fix: null in a PATCH clears the field, and the response carries \"\(key)\":null")
                }
                if stored[key] != .null {
                    bench.context.fail(
                        "RS-NL-3", at: "/\(key)",
                        "after PATCH {\"\(key)\":null}, GET shows \(Workbench.show(stored[key])) instead of null",
                        detail: "fix: store the cleared value")
                }
            }
        },
        RoundTrip(
            ["RS-NL-4"], "[] and null clear a to-many relation", clauses: ["RS-NL-4.1", "RS-NL-4.2"], needs: [.create, .update, .item],
            applies: { !manyKeys($0).isEmpty }
        ) { bench in
            let (id, body) = bench.newBody()
            let created = try await bench.create(body)
            let recordID = id ?? Workbench.idText(created[bench.idKey]) ?? ""
            let keys = manyKeys(bench.routes).filter { !(created[$0]?.arrayValue ?? []).isEmpty }
            guard let key = keys.first else {
                throw CaseContext.Skip("no to-many relation could be filled first (nothing to reference)")
            }
            let emptied = try await bench.update(recordID, [key: .array([])], rule: "RS-NL-4")
            if emptied[key] != .array([]) {
                bench.context.fail(
                    "RS-NL-4", at: "/\(key)",
                    "PATCH {\"\(key)\":[]} answered \(Workbench.show(emptied[key])) instead of []",
                    detail: "fix: [] replaces the membership with no members")
            }
            let original = created[key] ?? .array([])
            _ = try await bench.update(recordID, [key: original], rule: "RS-NL-4")
            let nulled = try await bench.update(recordID, [key: .null], rule: "RS-NL-4")
            let stored = try await bench.read(recordID)
            if nulled[key] != .array([]) || stored[key] != .array([]) {
                bench.context.fail(
                    "RS-NL-4", at: "/\(key)",
                    "PATCH {\"\(key)\":null} left \(Workbench.show(stored[key])) instead of []",
                    detail: "fix: null on a to-many clears it, as [] does, and the record shows []")
            }
        },
        RoundTrip(
            ["RS-NL-5", "RS-OR-2"], "a to-many list is stored as a sorted set, whatever order it is sent in", clauses: ["RS-NL-5.1", "RS-NL-5.2", "RS-OR-2.1"],
            needs: [.create, .update], applies: { !manyKeys($0).isEmpty }
        ) { bench in
            let (id, body) = bench.newBody()
            let created = try await bench.create(body)
            let recordID = id ?? Workbench.idText(created[bench.idKey]) ?? ""
            guard let key = manyKeys(bench.routes).first,
                let field = bench.resource.fields.first(where: { $0.key() == key }),
                let target = field.relation?.target, let members = bench.factory.references[target], !members.isEmpty
            else { throw CaseContext.Skip("no records to put in a to-many relation") }
            let chosen = Array(members.prefix(2))
            let sent = chosen.reversed() + [chosen[chosen.count - 1]]
            let answered = try await bench.update(recordID, [key: .array(sent.map(JSONValue.string))], rule: "RS-OR-2")
            let expected = JSONValue.array(Set(chosen).sorted().map(JSONValue.string))
            if answered[key] != expected {
                bench.context.fail(
                    "RS-NL-5", at: "/\(key)",
                    "PATCH \(key) \(Workbench.show(.array(sent.map(JSONValue.string)))) answered \(Workbench.show(answered[key]))",
                    detail: "expected \(expected.serialized()): duplicates removed, members sorted ascending")
            }
        },
        RoundTrip(
            ["RS-NL-6", "RS-NL-7"], "invalid PATCH values are rejected and change nothing", clauses: ["RS-NL-6.1", "RS-NL-6.2", "RS-NL-7.2", "§Endpoints.13", "§11.3"],
            needs: [.create, .update, .item]
        ) { bench in
            let (id, body) = bench.newBody()
            let created = try await bench.create(body)
            let recordID = id ?? Workbench.idText(created[bench.idKey]) ?? ""
            let before = try await bench.read(recordID)
            if let required = bench.writableFields.first(where: { $0.required && !$0.nullable }) {
                let reply = try await bench.patch(recordID, [required.key(): .null])
                try bench.context.requireError(
                    reply, status: 422, code: "invalid_value", field: required.key(), rule: "RS-NL-6",
                    "null on the required field '\(required.key())' must be refused")
            }
            if let relation = bench.writableFields.first(where: {
                $0.relation != nil && $0.relation?.shape == .foreignKey
            }) {
                let unknown = JSONValue.string("00000000-0000-4000-8000-0000deadbeef")
                let value: JSONValue = relation.relation?.many == true ? .array([unknown]) : unknown
                let reply = try await bench.patch(recordID, [relation.key(): value])
                try bench.context.requireError(
                    reply, status: 422, code: "invalid_reference", field: relation.key(), rule: "RS-NL-6",
                    "a reference to a record that does not exist must be refused")
            }
            let after = try await bench.read(recordID)
            for key in bench.changedKeys(before, after, except: []) {
                bench.context.fail(
                    "RS-NL-7", at: "/\(key)", "a rejected PATCH changed '\(key)'",
                    detail:
                        "before \(Workbench.show(before[key])), after \(Workbench.show(after[key]))\nfix: validate the whole body before writing anything; a rejected write bumps nothing"
                )
            }
        },
    ]

    static func attributeType(_ field: Field) -> FieldType {
        if case .attribute(let type, _) = field.kind { return type }
        return .string
    }

    /// Keys a PATCH may set to null: nullable attributes and optional to-one relations.
    static func nullableKeys(_ routes: ResourceRoutes) -> [String] {
        routes.resource.fields.filter { field in
            guard !field.immutable, !field.required else { return false }
            if let relation = field.relation { return !relation.many && relation.shape == .foreignKey }
            return field.nullable
        }.map { $0.key() }
    }

    /// Keys of writable to-many relations in foreign-key shape.
    static func manyKeys(_ routes: ResourceRoutes) -> [String] {
        routes.resource.fields.filter {
            !$0.immutable && $0.relation?.many == true && $0.relation?.shape == .foreignKey
        }
        .map { $0.key() }
    }
}
