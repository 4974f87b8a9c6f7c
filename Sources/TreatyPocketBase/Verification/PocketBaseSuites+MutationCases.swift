internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension PocketBaseSuites {
    /// The cases `treaty mutate` showed missing: a filter's `>` and `<` exclude their boundary
    /// (pocketbase.md §6), a deleted record stays deleted whatever is written to it and a delete
    /// removes only its own record (§3), a missing required field is refused with
    /// `validation_required` on that field (§3), a guest is refused by a locked rule (§5), and
    /// a failing batch applies nothing (§12).
    func mutationCases(
        _ collection: PocketBaseCollection, all: [PocketBaseCollection], suite: String, location: SourceLocation?
    ) -> [VerificationCase] {
        let name = collection.name
        var cases = [
            makeCase(
                suite, "\(name): a filter's > and < exclude their boundary; writes to a deleted record answer 404",
                rules: [.pocketBaseList], location: location, writes: true, collections: all
            ) { bench in
                let first = try await bench.create(collection, check: false)
                var other = bench
                other.unique = PocketBaseSampleValues.uniqueSuffix()
                let second = try await other.create(collection, check: false)
                let ids = [first, second].sorted()
                let path = PocketBaseBench.recordsPath(collection)
                let pair = "(id='\(first)'||id='\(second)')"
                for (filter, expected) in [
                    ("\(pair)&&id>'\(ids[0])'", [ids[1]]), ("\(pair)&&id<'\(ids[1])'", [ids[0]]),
                ] {
                    let reply = try await bench.context.send(.get, path, query: [("filter", filter)])
                    try bench.context.require(
                        reply, status: 200, rule: .pocketBaseList, "listing with filter=\(filter)")
                    let got = (reply.value(at: "/items")?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
                    if got != expected {
                        bench.context.fail(
                            .pocketBaseList, at: "/items", "\(reply.request): expected \(expected), got \(got)",
                            detail: "fix: > and < are exclusive, >= and <= inclusive (pocketbase.md §6)")
                    }
                }
                let deleted = try await bench.context.send(.delete, PocketBaseBench.recordPath(collection, ids[0]))
                try bench.context.require(deleted, status: 204, rule: nil, "deleting a record the case created")
                let kept = try await bench.context.send(.get, PocketBaseBench.recordPath(collection, ids[1]))
                try bench.context.require(
                    kept, status: 200, rule: nil, "viewing a record another one's delete must leave alone")
                var change = JSONObject()
                if let field = PocketBaseBench.updatableField(of: collection),
                    let value = PocketBaseSampleValues.changed(field, unique: bench.unique)
                {
                    change[field.name] = value
                }
                let writes: [(HTTPRequest.Method, JSONValue?)] = [(.patch, .object(change)), (.delete, nil)]
                for (method, body) in writes {
                    let reply = try await bench.context.send(
                        method, PocketBaseBench.recordPath(collection, ids[0]), body: body)
                    try bench.context.require(reply, status: 404, rule: nil, "\(method.rawValue) of a deleted record")
                }
                let gone = try await bench.context.send(.get, PocketBaseBench.recordPath(collection, ids[0]))
                try bench.context.require(gone, status: 404, rule: nil, "viewing a deleted record after writes to it")
            }
        ]
        if let required = collection.fields.first(where: { $0.required && !$0.system && !$0.hidden && $0.type == .text }
        ) {
            cases.append(
                makeCase(
                    suite, "\(name): a create without \(required.name) is refused with validation_required on it",
                    rules: [.pocketBaseError], location: location, writes: true, collections: all
                ) { bench in
                    var body = try await bench.body(for: collection)
                    body[required.name] = nil
                    let reply = try await bench.context.send(
                        .post, PocketBaseBench.recordsPath(collection), body: .object(body))
                    if let id = reply.value(at: "/id")?.stringValue {
                        bench.context.adopt(id: id, deletePath: PocketBaseBench.recordPath(collection, id))
                    }
                    try bench.context.require(
                        reply, status: 400, rule: nil, "creating a \(name) record without \(required.name)")
                    let pointer = "/data/\(required.name)/code"
                    if reply.value(at: pointer)?.stringValue != "validation_required" {
                        bench.context.fail(
                            .pocketBaseError, at: pointer,
                            "\(reply.request): expected code validation_required, got \(PocketBaseBench.show(reply.value(at: pointer)))",
                            detail: "fix: a missing required field fails with validation_required (pocketbase.md §3)")
                    }
                })
        }
        if collection.rules.update == nil, collection.type != .auth {
            cases.append(
                makeCase(
                    suite, "\(name): a guest's update is refused by the locked update rule (403) and changes nothing",
                    rules: [.pocketBaseError], clauses: ["§5.1"], location: location, writes: true, collections: all
                ) { bench in try await Self.guestRefused(bench, collection) })
        }
        let first = all.first { !$0.name.hasPrefix("_") && $0.type != .view && $0.type != .auth }
        if collection.name == first?.name {
            cases.append(
                makeCase(
                    suite, "\(name): a batch with a failing request applies none of them", rules: [.pocketBaseError],
                    clauses: ["§12.3"], location: location, writes: true, collections: all
                ) { bench in try await Self.batchAllOrNothing(bench, collection) })
        }
        return cases
    }

    /// A guest (a request whose token is not one: PocketBase treats it as no token) updating a
    /// record of a collection whose update rule is locked gets 403, and the record keeps its
    /// value (pocketbase.md §5).
    static func guestRefused(_ bench: PocketBaseBench, _ collection: PocketBaseCollection) async throws {
        guard let field = PocketBaseBench.updatableField(of: collection),
            let value = PocketBaseSampleValues.changed(field, unique: bench.unique)
        else { return }
        let id = try await bench.create(collection, check: false)
        let before = try await bench.view(collection, id)
        var guest = HTTPFields()
        guest[.authorization] = "treaty-guest"
        let reply = try await bench.context.send(
            .patch, PocketBaseBench.recordPath(collection, id), headers: guest, body: [field.name: value])
        try bench.context.require(reply, status: 403, rule: .pocketBaseError, "a guest's update of a locked collection")
        let after = try await bench.view(collection, id)
        if after[field.name] != before[field.name] {
            bench.context.fail(
                .pocketBaseError, at: "/\(field.name)",
                "after the refused \(reply.request), \(field.name) is \(PocketBaseBench.show(after[field.name])), not \(PocketBaseBench.show(before[field.name]))",
                detail:
                    "fix: a null (locked) rule refuses everyone but superusers, and writes nothing (pocketbase.md §5)")
        }
    }

    /// Turns batches on for the case (and back as they were; a live run only uses them when the
    /// target has them on), sends a batch of a valid create and a create with a malformed id,
    /// and requires a 400 that left the valid record out (pocketbase.md §12).
    static func batchAllOrNothing(_ bench: PocketBaseBench, _ collection: PocketBaseCollection) async throws {
        try await withBatches(bench) { try await batchFails(bench, collection) }
    }

    /// The batch of `batchAllOrNothing(_:_:)`, with batches on.
    static func batchFails(_ bench: PocketBaseBench, _ collection: PocketBaseCollection) async throws {
        let id = String((0..<15).map { _ in PocketBaseRecordID.alphabet.randomElement() ?? "x" })
        var valid = try await bench.body(for: collection)
        valid["id"] = .string(id)
        var broken = try await bench.body(for: collection)
        broken["id"] = "short"
        let url = PocketBaseBench.recordsPath(collection)
        let requests: [JSONValue] = [
            ["method": "POST", "url": .string(url), "body": .object(valid)],
            ["method": "POST", "url": .string(url), "body": .object(broken)],
        ]
        let reply = try await bench.context.send(.post, "/api/batch", body: ["requests": .array(requests)])
        bench.context.adopt(id: id, deletePath: PocketBaseBench.recordPath(collection, id))
        try bench.context.require(
            reply, status: 400, rule: .pocketBaseError, "a batch whose second create has a malformed id")
        let view = try await bench.context.send(.get, PocketBaseBench.recordPath(collection, id))
        if view.status != 404 {
            bench.context.fail(
                .pocketBaseError, at: "/requests/0",
                "after the failed \(reply.request), the valid create's record \(id) answers \(view.status)",
                detail: "fix: a batch is one transaction: any failure rolls every request back (pocketbase.md §12)")
        }
    }
}
