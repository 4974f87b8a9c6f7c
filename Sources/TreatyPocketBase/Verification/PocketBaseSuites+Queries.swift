internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension PocketBaseSuites {
    /// The cases that send the list parameters the dialect defines and check their meaning, not
    /// only the shape of the answer (pocketbase.md §4, §7, §8, §9): `sort` both ways, `page` and
    /// `perPage` with the totals, `fields`, and `expand` on the list and the view; and that a
    /// write's answer is the record as stored.
    func queryCases(
        _ collection: PocketBaseCollection, all: [PocketBaseCollection], suite: String, location: SourceLocation?
    ) -> [VerificationCase] {
        let name = collection.name
        var cases = [
            makeCase(
                suite, "\(name): sort, page, perPage and fields are honoured, with the totals",
                rules: [.pocketBaseList], clauses: ["§4.2", "§7.1", "§9.1"], location: location, writes: true,
                collections: all
            ) { bench in
                let first = try await bench.create(collection, check: false)
                var other = bench
                other.unique = PocketBaseSampleValues.uniqueSuffix()
                let second = try await other.create(collection, check: false)
                let ids = [first, second].sorted()
                let path = PocketBaseBench.recordsPath(collection)
                let filter = ("filter", "id='\(first)'||id='\(second)'")
                for (sort, expected) in [("id", ids), ("-id", ids.reversed())] {
                    let reply = try await bench.context.send(.get, path, query: [filter, ("sort", sort)])
                    try bench.context.require(reply, status: 200, rule: .pocketBaseList, "listing with sort=\(sort)")
                    let got = (reply.value(at: "/items")?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
                    if got != Array(expected) {
                        bench.context.fail(
                            .pocketBaseList, at: "/items", "\(reply.request): expected \(Array(expected)) in that order, got \(got)",
                            detail: "fix: sort=\(sort) orders the items by id, '-' descending (pocketbase.md §7)")
                    }
                }
                let page = try await bench.context.send(
                    .get, path, query: [filter, ("sort", "id"), ("perPage", "1"), ("page", "2")])
                try bench.context.require(page, status: 200, rule: .pocketBaseList, "listing page 2 of 1 item each")
                let items = (page.value(at: "/items")?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
                let totals = ["page": 2, "perPage": 1, "totalItems": 2, "totalPages": 2].sorted { $0.key < $1.key }
                for (key, value) in totals where page.value(at: "/\(key)")?.numberValue?.int64Value != Int64(value) {
                    bench.context.fail(
                        .pocketBaseList, at: "/\(key)",
                        "\(page.request): expected \(key) \(value), got \(PocketBaseBench.show(page.value(at: "/\(key)")))",
                        detail: "fix: the envelope counts the filtered records (pocketbase.md §4)")
                }
                if items != [ids[1]] {
                    bench.context.fail(
                        .pocketBaseList, at: "/items", "\(page.request): expected exactly [\(ids[1])], got \(items)",
                        detail: "fix: page N of perPage M skips (N-1)*M items (pocketbase.md §4)")
                }
                let fields = try await bench.context.send(.get, path, query: [filter, ("fields", "id")])
                try bench.context.require(fields, status: 200, rule: .pocketBaseList, "listing with fields=id")
                for item in fields.value(at: "/items")?.arrayValue ?? [] where item.objectValue?.keys != ["id"] {
                    bench.context.fail(
                        .pocketBaseList, at: "/items",
                        "\(fields.request): an item has \(item.objectValue?.keys ?? []), expected only [\"id\"]",
                        detail: "fix: fields= keeps only the named keys (pocketbase.md §9)")
                }
            },
            makeCase(
                suite, "\(name): an update's answer is the record as stored", rules: [.pocketBaseRecord],
                clauses: ["§2.5"],
                location: location, writes: true, collections: all
            ) { bench in
                guard let field = PocketBaseBench.updatableField(of: collection),
                    let value = PocketBaseSampleValues.changed(field, unique: bench.unique)
                else { return }
                let id = try await bench.create(collection, check: false)
                let reply = try await bench.context.send(
                    .patch, PocketBaseBench.recordPath(collection, id), body: [field.name: value])
                try bench.context.require(reply, status: 200, rule: nil, "updating a record the case created")
                let after = try await bench.view(collection, id)
                let answer = reply.json?.objectValue ?? JSONObject()
                for member in after.members where answer[member.key] != member.value {
                    bench.context.fail(
                        .pocketBaseRecord, at: "/\(member.key)",
                        "\(reply.request) answered \(member.key) \(PocketBaseBench.show(answer[member.key])), a later view shows \(PocketBaseBench.show(member.value))",
                        detail: "fix: apply an update once and answer with the stored record (pocketbase.md §2)")
                }
            },
        ]
        cases.append(
            makeCase(
                suite, "\(name): a create makes exactly one record, and keeps an empty list as []",
                rules: [.pocketBaseType], clauses: ["§1.6", "§2.4"], location: location, writes: true,
                collections: all
            ) { bench in
                var body = try await bench.body(for: collection)
                for field in collection.fields where field.isMultiple && !field.required && body[field.name] != nil {
                    body[field.name] = []
                }
                let reply = try await bench.context.send(.post, PocketBaseBench.recordsPath(collection), body: .object(body))
                try bench.context.require(reply, status: 200, rule: nil, "creating a valid \(name) record")
                guard let id = reply.value(at: "/id")?.stringValue else { return }
                bench.context.adopt(id: id, deletePath: PocketBaseBench.recordPath(collection, id))
                bench.compare(body, with: try await bench.view(collection, id), collection: collection, in: reply)
                guard let (key, value) = body.members.lazy.compactMap({ member -> (String, String)? in
                    guard collection.field(named: member.key)?.type == .text, let text = member.value.stringValue else {
                        return nil
                    }
                    return (member.key, text)
                }).first else { return }
                let list = try await bench.context.send(
                    .get, PocketBaseBench.recordsPath(collection), query: [("filter", "\(key)='\(value)'")])
                try bench.context.require(list, status: 200, rule: .pocketBaseList, "listing the records with the new \(key)")
                let count = list.value(at: "/totalItems")?.numberValue?.int64Value
                if count != 1 {
                    bench.context.fail(
                        .pocketBaseList, at: "/totalItems",
                        "\(list.request): one create made \(PocketBaseBench.show(list.value(at: "/totalItems"))) records",
                        detail: "fix: apply a create once (pocketbase.md §2)")
                }
            })
        let relations = collection.fields.filter { field in
            guard case .relation = field.options, PocketBaseSampleValues.isWritable(field, in: collection) else { return false }
            return true
        }
        if let relation = relations.first {
            cases.append(
                makeCase(
                    suite, "\(name): expand=\(relation.name) embeds the related record on the view and the list",
                    rules: [.pocketBaseRecord], clauses: ["§2.7", "§8.1"], location: location, writes: true,
                    collections: all
                ) { bench in
                    let (id, body) = try await bench.createRecord(collection, check: false)
                    guard let related = body[relation.name] else { return }
                    let wanted = (related.arrayValue ?? [related]).compactMap(\.stringValue)
                    let view = try await bench.context.send(
                        .get, PocketBaseBench.recordPath(collection, id), query: [("expand", relation.name)])
                    let list = try await bench.context.send(
                        .get, PocketBaseBench.recordsPath(collection),
                        query: [("filter", "id='\(id)'"), ("expand", relation.name)])
                    for (reply, pointer) in [(view, "/expand/\(relation.name)"), (list, "/items/0/expand/\(relation.name)")] {
                        try bench.context.require(reply, status: 200, rule: nil, "reading with expand=\(relation.name)")
                        let expanded = reply.value(at: pointer)
                        let ids = (expanded?.arrayValue ?? expanded.map { [$0] } ?? []).compactMap { $0["id"]?.stringValue }
                        if ids != wanted {
                            bench.context.fail(
                                .pocketBaseRecord, at: pointer,
                                "\(reply.request): expected the expanded \(wanted), got \(PocketBaseBench.show(expanded))",
                                detail: "fix: expand= embeds the related records under \"expand\" (pocketbase.md §8)")
                        }
                    }
                })
        }
        return cases
    }
}
