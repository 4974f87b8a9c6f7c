internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension PocketBaseSuites {
    /// The cases for what `expand=` embeds (pocketbase.md §8): a multi relation in stored order,
    /// a dot chain nested in the expanded record, a back-relation in insertion order, and the
    /// view rule of the expanded records; and for `fields=` (§9): `*`, naming expanded data,
    /// `:excerpt`, and a list's envelope.
    func expandCases(
        _ collection: PocketBaseCollection, all: [PocketBaseCollection], suite: String, location: SourceLocation?
    ) -> [VerificationCase] {
        let name = collection.name
        let relations = collection.fields.filter {
            Self.relationTarget(of: $0, in: all) != nil && PocketBaseSampleValues.isWritable($0, in: collection)
        }
        var cases: [VerificationCase] = []
        if let many = relations.first(where: \.isMultiple), let target = Self.relationTarget(of: many, in: all) {
            cases.append(
                makeCase(
                    suite, "\(name): expand=\(many.name) embeds an array in stored order", rules: [.pocketBaseRecord],
                    clauses: ["§8.1"], location: location, writes: true, collections: all
                ) { bench in try await Self.checkStoredOrder(bench, collection, many, target) })
        }
        if let (first, second) = Self.chain(in: collection, all: all) {
            let path = "\(first.name).\(second.name)"
            cases.append(
                makeCase(
                    suite, "\(name): expand=\(path) nests \(second.name) in the expanded \(first.name)",
                    rules: [.pocketBaseRecord], clauses: ["§8.3"], location: location, writes: true, collections: all
                ) { bench in try await Self.checkChain(bench, collection, first, second) })
        }
        if let (referrer, field) = Self.backRelation(to: collection, all: all, baseOnly: true) {
            let key = "\(referrer.name)_via_\(field.name)"
            cases.append(
                makeCase(
                    suite, "\(name): expand=\(key) embeds the referring records in insertion order",
                    rules: [.pocketBaseRecord], clauses: ["§8.4"], location: location, writes: true, collections: all
                ) { bench in try await Self.checkBackRelation(bench, collection, referrer, field) })
        }
        if collection.rules.view == "", !relations.isEmpty {
            cases.append(
                makeCase(
                    suite, "\(name): a guest's expand holds only the related records the guest may view",
                    rules: [.pocketBaseRecord], clauses: ["§8.5"], location: location, writes: true, collections: all
                ) { bench in try await Self.checkExpandViewRules(bench, collection, relations) })
        }
        cases.append(
            makeCase(
                suite, "\(name): fields=* keeps every key; expanded data appears only when fields names it",
                rules: [.pocketBaseRecord], clauses: ["§9.2", "§9.3"], location: location, writes: true,
                collections: all
            ) { bench in try await Self.checkFieldsStarAndExpand(bench, collection, relations.first) })
        if let text = Self.excerptField(of: collection) {
            cases.append(
                makeCase(
                    suite, "\(name): fields=\(text.name):excerpt(…) strips HTML, cuts and adds ... only when cut",
                    rules: [.pocketBaseRecord], clauses: ["§9.4"], location: location, writes: true, collections: all
                ) { bench in try await Self.checkExcerpt(bench, collection, text) })
        }
        cases.append(
            makeCase(
                suite, "\(name): fields=page on a list applies to the items only",
                rules: [.pocketBaseList], clauses: ["§9.5"], location: location, writes: true, collections: all
            ) { bench in
                let id = try await bench.create(collection, check: false)
                let reply = try await bench.context.send(
                    .get, PocketBaseBench.recordsPath(collection),
                    query: [("filter", "id='\(id)'"), ("fields", "page")])
                try bench.context.require(reply, status: 200, rule: .pocketBaseList, "listing with fields=page")
                if reply.value(at: "/items") != [.object(JSONObject())] || reply.value(at: "/totalItems") != 1 {
                    bench.context.fail(
                        .pocketBaseList, at: "/items",
                        "\(reply.request): expected items [{}] and totalItems 1, got \(PocketBaseBench.show(reply.value(at: "/items"))) and \(PocketBaseBench.show(reply.value(at: "/totalItems")))",
                        detail:
                            "fix: on a list, fields= selects the items' keys and leaves the envelope whole (pocketbase.md §9)"
                    )
                }
            })
        return cases
    }

    /// The collection a relation field points at.
    static func relationTarget(of field: PocketBaseField, in all: [PocketBaseCollection]) -> PocketBaseCollection? {
        guard case .relation(let relation) = field.options else { return nil }
        return all.first { $0.id == relation.collectionId || $0.name == relation.collectionId }
    }

    /// A writable relation of `collection` whose target has a writable relation of its own.
    static func chain(in collection: PocketBaseCollection, all: [PocketBaseCollection]) -> (
        PocketBaseField, PocketBaseField
    )? {
        for field in collection.fields where PocketBaseSampleValues.isWritable(field, in: collection) {
            guard let target = relationTarget(of: field, in: all), target.name != collection.name else { continue }
            if let next = target.fields.first(where: {
                relationTarget(of: $0, in: all) != nil && PocketBaseSampleValues.isWritable($0, in: target)
            }) {
                return (field, next)
            }
        }
        return nil
    }

    /// The ids in an expanded value (one object or an array of them).
    static func expandedIDs(_ value: JSONValue?) -> [String] {
        (value?.arrayValue ?? value.map { [$0] } ?? []).compactMap { $0["id"]?.stringValue }
    }

    /// A client id whose order among ids is chosen: `prefix` (`aa`, `zz`) and 13 random characters.
    static func clientID(_ prefix: String) -> String {
        prefix + PocketBaseSampleValues.uniqueSuffix() + "abc"
    }

    /// Creates a record of `collection` with the id `id` and the overrides in `set`.
    static func create(
        _ bench: PocketBaseBench, _ collection: PocketBaseCollection, id: String? = nil, set: JSONObject = JSONObject()
    ) async throws -> String {
        var maker = bench
        maker.unique = PocketBaseSampleValues.uniqueSuffix()
        var body = try await maker.body(for: collection)
        if let id { body["id"] = .string(id) }
        for member in set.members { body[member.key] = member.value }
        let reply = try await bench.context.send(.post, PocketBaseBench.recordsPath(collection), body: .object(body))
        try bench.context.require(reply, status: 200, rule: nil, "creating a \(collection.name) record")
        guard let created = reply.value(at: "/id")?.stringValue else { throw CaseContext.Stop() }
        bench.context.adopt(id: created, deletePath: PocketBaseBench.recordPath(collection, created))
        return created
    }

    /// §8: a multi relation set to `[later, earlier]` (ids sorting the other way) expands in that order.
    static func checkStoredOrder(
        _ bench: PocketBaseBench, _ collection: PocketBaseCollection, _ many: PocketBaseField,
        _ target: PocketBaseCollection
    ) async throws {
        let earlier = try await create(bench, target, id: clientID("aa"))
        let later = try await create(bench, target, id: clientID("zz"))
        let id = try await create(bench, collection, set: [many.name: [.string(later), .string(earlier)]])
        let reply = try await bench.context.send(
            .get, PocketBaseBench.recordPath(collection, id), query: [("expand", many.name)])
        try bench.context.require(reply, status: 200, rule: .pocketBaseRecord, "viewing with expand=\(many.name)")
        let found = expandedIDs(reply.value(at: "/expand/\(many.name)"))
        if found != [later, earlier] || reply.value(at: "/expand/\(many.name)")?.arrayValue == nil {
            bench.context.fail(
                .pocketBaseRecord, at: "/expand/\(many.name)",
                "\(reply.request): expected the array [\(later), \(earlier)] (the stored order), got \(found)",
                detail: "fix: a multi relation expands to an array in its stored order (pocketbase.md §8)")
        }
    }

    /// §8: `expand=a.b` puts `b` into the expanded `a`'s own `expand`.
    static func checkChain(
        _ bench: PocketBaseBench, _ collection: PocketBaseCollection, _ first: PocketBaseField,
        _ second: PocketBaseField
    ) async throws {
        guard let target = relationTarget(of: first, in: bench.collections) else { return }
        let (id, body) = try await bench.createRecord(collection, check: false)
        guard let middle = (body[first.name]?.arrayValue?.first ?? body[first.name])?.stringValue else { return }
        let related = try await bench.view(target, middle)
        let wanted = (related[second.name]?.arrayValue ?? related[second.name].map { [$0] } ?? []).compactMap(
            \.stringValue
        )
        .filter { !$0.isEmpty }
        let path = "\(first.name).\(second.name)"
        let reply = try await bench.context.send(
            .get, PocketBaseBench.recordPath(collection, id), query: [("expand", path)])
        try bench.context.require(reply, status: 200, rule: .pocketBaseRecord, "viewing with expand=\(path)")
        let outer = reply.value(at: "/expand/\(first.name)")
        let inner = (outer?.arrayValue?.first ?? outer)?["expand"]?[second.name]
        if expandedIDs(outer).first != middle || expandedIDs(inner) != wanted {
            bench.context.fail(
                .pocketBaseRecord, at: "/expand/\(first.name)/expand/\(second.name)",
                "\(reply.request): expected \(first.name) \(middle) with \(second.name) \(wanted) in its own expand, got \(PocketBaseBench.show(outer))",
                detail: "fix: a dot chain expands inside the expanded record's expand (pocketbase.md §8)")
        }
    }

    /// §8: two records pointing at one (created `zz…` then `aa…`) expand as `<c>_via_<f>` in that order.
    static func checkBackRelation(
        _ bench: PocketBaseBench, _ collection: PocketBaseCollection, _ referrer: PocketBaseCollection,
        _ field: PocketBaseField
    ) async throws {
        let id = try await bench.create(collection, check: false)
        let link: JSONValue = field.isMultiple ? [.string(id)] : .string(id)
        let first = try await create(bench, referrer, id: clientID("zz"), set: [field.name: link])
        let second = try await create(bench, referrer, id: clientID("aa"), set: [field.name: link])
        let key = "\(referrer.name)_via_\(field.name)"
        let reply = try await bench.context.send(
            .get, PocketBaseBench.recordPath(collection, id), query: [("expand", key)])
        try bench.context.require(reply, status: 200, rule: .pocketBaseRecord, "viewing with expand=\(key)")
        let found = expandedIDs(reply.value(at: "/expand/\(key)"))
        if found != [first, second] || reply.value(at: "/expand/\(key)")?.arrayValue == nil {
            bench.context.fail(
                .pocketBaseRecord, at: "/expand/\(key)",
                "\(reply.request): expected the array [\(first), \(second)] (insertion order), got \(found)",
                detail:
                    "fix: a back-relation expands to an array of the referring records in insertion order (pocketbase.md §8)"
            )
        }
    }

    /// §8: a guest's expand holds a related record exactly when the guest may view it, and is
    /// `{}` when it may view none.
    static func checkExpandViewRules(
        _ bench: PocketBaseBench, _ collection: PocketBaseCollection, _ relations: [PocketBaseField]
    ) async throws {
        let (id, body) = try await bench.createRecord(collection, check: false)
        var guest = HTTPFields()
        guest[.authorization] = ""
        var visible: [String: [String]] = [:]
        for relation in relations {
            guard let target = relationTarget(of: relation, in: bench.collections) else { continue }
            for related in (body[relation.name]?.arrayValue ?? body[relation.name].map { [$0] } ?? []).compactMap(
                \.stringValue)
            {
                let view = try await bench.context.send(
                    .get, PocketBaseBench.recordPath(target, related), headers: guest)
                if view.status == 200 { visible[relation.name, default: []].append(related) }
            }
        }
        let names = relations.map(\.name).joined(separator: ",")
        let reply = try await bench.context.send(
            .get, PocketBaseBench.recordPath(collection, id), query: [("expand", names)], headers: guest)
        try bench.context.require(reply, status: 200, rule: nil, "a guest viewing a record of a public collection")
        guard let expand = reply.value(at: "/expand")?.objectValue else {
            bench.context.fail(
                .pocketBaseRecord, at: "/expand", "\(reply.request) answered no expand object",
                detail: "fix: with nothing expandable the answer holds \"expand\": {} (pocketbase.md §8)")
            return
        }
        for relation in relations where expandedIDs(expand[relation.name]) != visible[relation.name] ?? [] {
            bench.context.fail(
                .pocketBaseRecord, at: "/expand/\(relation.name)",
                "\(reply.request): expected the records the guest may view (\(visible[relation.name] ?? [])), got \(expandedIDs(expand[relation.name]))",
                detail: "fix: expanded records obey their collection's view rule (pocketbase.md §8)")
        }
    }
}
