internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension PocketBaseSuites {
    /// The cases for clauses of pocketbase.md a backend can break while keeping the shape of its
    /// answers: the list's defaults, bounds and totals (§4), insertion order without `sort`,
    /// client ids and their error codes (§1), `{}` and a new id in a PATCH (§10), client
    /// timestamps ignored, the error messages and unknown sort or filter fields (§3, §6, §7),
    /// and the content type (§1).
    func clauseCases(
        _ collection: PocketBaseCollection, all: [PocketBaseCollection], suite: String, location: SourceLocation?
    ) -> [VerificationCase] {
        let name = collection.name
        return [
            makeCase(
                suite, "\(name): page and perPage fall back and clamp; totals count, or are -1 with skipTotal",
                rules: [.pocketBaseList], clauses: ["§4.3", "§4.4", "§4.5"], location: location, writes: true,
                collections: all
            ) { bench in
                let (first, second) = try await Self.createTwo(collection, bench)
                try await Self.checkPaging(collection, bench, first, second)
            },
            makeCase(
                suite, "\(name): without sort, a list keeps insertion order", rules: [.pocketBaseList],
                clauses: ["§4.6"], location: location, writes: true, collections: all
            ) { bench in
                let late = "zz" + PocketBaseSampleValues.uniqueSuffix() + "abc"
                let early = "aa" + PocketBaseSampleValues.uniqueSuffix() + "abc"
                var other = bench
                other.unique = PocketBaseSampleValues.uniqueSuffix()
                for (id, maker) in [(late, bench), (early, other)] {
                    var body = try await maker.body(for: collection)
                    body["id"] = .string(id)
                    let reply = try await bench.context.send(.post, PocketBaseBench.recordsPath(collection), body: .object(body))
                    try bench.context.require(reply, status: 200, rule: nil, "creating a \(name) record with id \(id)")
                    bench.context.adopt(id: id, deletePath: PocketBaseBench.recordPath(collection, id))
                }
                // Unfiltered: a filter on the id makes SQLite read the id index, in id order.
                let reply = try await bench.context.send(
                    .get, PocketBaseBench.recordsPath(collection), query: [("perPage", "1000")])
                try bench.context.require(reply, status: 200, rule: .pocketBaseList, "listing without sort")
                let ids = (reply.value(at: "/items")?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
                    .filter { $0 == late || $0 == early }
                guard ids.count == 2 || reply.value(at: "/totalItems")?.numberValue?.int64Value ?? 0 <= 1000 else {
                    throw CaseContext.Skip("the collection holds more than 1000 records; the new ones are past page 1")
                }
                if ids != [late, early] {
                    bench.context.fail(
                        .pocketBaseList, at: "/items", "\(reply.request): expected [\(late), \(early)] (created in that order), got \(ids)",
                        detail: "fix: without sort= a list answers in insertion (rowid) order (pocketbase.md §4)")
                }
            },
            makeCase(
                suite, "\(name): a client id is kept; a short or taken one is refused with its code",
                rules: [.pocketBaseRecord, .pocketBaseError], clauses: ["§1.3", "§3.4"], location: location, writes: true,
                collections: all
            ) { bench in
                try await Self.checkClientIDs(collection, bench)
            },
            makeCase(
                suite, "\(name): a PATCH of {} bumps updated; one changing the id is refused with validation_pk_change",
                rules: [.pocketBaseDate, .pocketBaseError], clauses: ["§10.4", "§10.5"], location: location, writes: true,
                collections: all
            ) { bench in
                try await Self.checkEmptyPatchAndNewID(collection, bench)
            },
            makeCase(
                suite, "\(name): created and updated sent by the client are ignored", rules: [.pocketBaseDate],
                clauses: ["§1.8"], location: location, writes: true, collections: all
            ) { bench in
                var body = try await bench.body(for: collection)
                let old = JSONValue.string("2001-02-03 04:05:06.789Z")
                body["created"] = old
                body["updated"] = old
                let reply = try await bench.context.send(.post, PocketBaseBench.recordsPath(collection), body: .object(body))
                try bench.context.require(reply, status: 200, rule: nil, "creating a \(name) record")
                if let id = reply.value(at: "/id")?.stringValue {
                    bench.context.adopt(id: id, deletePath: PocketBaseBench.recordPath(collection, id))
                }
                for key in ["created", "updated"] where reply.value(at: "/\(key)") == old {
                    bench.context.fail(
                        .pocketBaseDate, at: "/\(key)", "\(reply.request) stored the client's \(key) \(old.serialized())",
                        detail: "fix: created and updated are the server's; client values are ignored (pocketbase.md §1)")
                }
            },
            makeCase(
                suite, "\(name): errors carry PocketBase's messages; an unknown sort or filter field is 400",
                rules: [.pocketBaseError, .pocketBaseList], clauses: ["§3.2", "§3.3", "§6.2", "§7.2"],
                location: location, writes: false, collections: all
            ) { bench in
                try await Self.checkErrorMessages(collection, bench)
            },
            makeCase(
                suite, "\(name): JSON answers are application/json without charset; a 204 has no body",
                rules: [.pocketBaseRecord], clauses: ["§1.1"], location: location, writes: true, collections: all
            ) { bench in
                let id = try await bench.create(collection, check: false)
                let path = PocketBaseBench.recordPath(collection, id)
                let view = try await bench.context.send(.get, path)
                let list = try await bench.context.send(
                    .get, PocketBaseBench.recordsPath(collection), query: [("perPage", "1")])
                for reply in [view, list] where reply.header("Content-Type") != "application/json" {
                    bench.context.fail(
                        .pocketBaseRecord, "\(reply.request) answered Content-Type \(reply.header("Content-Type") ?? "none")",
                        detail: "fix: JSON replies are Content-Type: application/json, no charset (pocketbase.md §1)")
                }
                let deleted = try await bench.context.send(.delete, path)
                try bench.context.require(deleted, status: 204, rule: nil, "deleting a record the case created")
                if !deleted.body.isEmpty || deleted.header("Content-Type") != nil {
                    bench.context.fail(
                        .pocketBaseRecord,
                        "\(deleted.request) answered 204 with \(deleted.body.count) body bytes and Content-Type \(deleted.header("Content-Type") ?? "none")",
                        detail: "fix: a 204 reply has no body and no Content-Type (pocketbase.md §1)")
                }
            },
        ]
    }

    /// Creates two records of `collection` (with distinct unique values); returns their ids.
    static func createTwo(_ collection: PocketBaseCollection, _ bench: PocketBaseBench) async throws -> (String, String) {
        let first = try await bench.create(collection, check: false)
        var other = bench
        other.unique = PocketBaseSampleValues.uniqueSuffix()
        return (first, try await other.create(collection, check: false))
    }

    /// §4: the defaults, the bounds of `page` and `perPage`, a page past the end, no match, and
    /// `skipTotal`, on a list filtered to two records.
    static func checkPaging(
        _ collection: PocketBaseCollection, _ bench: PocketBaseBench, _ first: String, _ second: String
    ) async throws {
        let both = ("filter", "id='\(first)'||id='\(second)'")
        let none = ("filter", "id='\(first)'&&id='\(second)'")
        let probes: [(query: [(String, String)], expected: [(String, Int64)], items: Int)] = [
            ([both], [("page", 1), ("perPage", 30), ("totalItems", 2), ("totalPages", 1)], 2),
            ([both, ("perPage", "0"), ("page", "0")], [("page", 1), ("perPage", 30)], 2),
            ([both, ("perPage", "5000")], [("perPage", 1000)], 2),
            ([both, ("perPage", "1"), ("page", "9")], [("totalItems", 2), ("totalPages", 2)], 0),
            ([none], [("totalItems", 0), ("totalPages", 0)], 0),
            ([both, ("skipTotal", "1")], [("totalItems", -1), ("totalPages", -1)], 2),
        ]
        for probe in probes {
            let reply = try await bench.context.send(.get, PocketBaseBench.recordsPath(collection), query: probe.query)
            try bench.context.require(reply, status: 200, rule: .pocketBaseList, "listing with \(probe.query)")
            for (key, value) in probe.expected where reply.value(at: "/\(key)")?.numberValue?.int64Value != value {
                bench.context.fail(
                    .pocketBaseList, at: "/\(key)",
                    "\(reply.request): expected \(key) \(value), got \(PocketBaseBench.show(reply.value(at: "/\(key)")))",
                    detail: "fix: page and perPage default to 1 and 30, perPage is at most 1000, a bound <= 0 falls back; "
                        + "no match is 0 items on 0 pages; skipTotal answers -1 (pocketbase.md §4)")
            }
            let count = reply.value(at: "/items")?.arrayValue?.count ?? -1
            if count != probe.items {
                bench.context.fail(
                    .pocketBaseList, at: "/items", "\(reply.request): expected \(probe.items) items, got \(count)")
            }
        }
    }

    /// §1: a client's 15-character id is kept; a short one is `validation_min_text_constraint`, a
    /// taken one `validation_not_unique`, both 400 `Failed to create record.` on `data.id`.
    static func checkClientIDs(_ collection: PocketBaseCollection, _ bench: PocketBaseBench) async throws {
        let path = PocketBaseBench.recordsPath(collection)
        let id = "tr" + PocketBaseSampleValues.uniqueSuffix() + "abc"
        var body = try await bench.body(for: collection)
        body["id"] = .string(id)
        let created = try await bench.context.send(.post, path, body: .object(body))
        try bench.context.require(created, status: 200, rule: .pocketBaseRecord, "creating a record with the client id \(id)")
        bench.context.adopt(id: id, deletePath: PocketBaseBench.recordPath(collection, id))
        if created.value(at: "/id")?.stringValue != id {
            bench.context.fail(
                .pocketBaseRecord, at: "/id", "\(created.request) with id \(id) answered id \(PocketBaseBench.show(created.value(at: "/id")))",
                detail: "fix: a client may supply a record's id on create (pocketbase.md §1)")
        }
        for (sent, code) in [("abc", "validation_min_text_constraint"), (id, "validation_not_unique")] {
            var other = bench
            other.unique = PocketBaseSampleValues.uniqueSuffix()
            var again = try await other.body(for: collection)
            again["id"] = .string(sent)
            let reply = try await bench.context.send(.post, path, body: .object(again))
            try bench.context.require(reply, status: 400, rule: .pocketBaseError, "creating a record with the id '\(sent)'")
            bench.judge(bench.conformance.checkError(reply.json, status: 400), in: reply)
            let found = reply.value(at: "/data/id/code")
            if found?.stringValue != code || reply.value(at: "/message")?.stringValue != "Failed to create record." {
                bench.context.fail(
                    .pocketBaseError, at: "/data/id/code",
                    "\(reply.request) with id '\(sent)': expected 'Failed to create record.' and data.id.code \(code), got \(PocketBaseBench.show(reply.value(at: "/message"))) and \(PocketBaseBench.show(found))",
                    detail: "fix: a too short id is validation_min_text_constraint, a taken one validation_not_unique (pocketbase.md §1)")
            }
        }
    }

    /// §10: `{}` bumps `updated`; a new `id` is 400 with `validation_pk_change` on `data.id`.
    static func checkEmptyPatchAndNewID(_ collection: PocketBaseCollection, _ bench: PocketBaseBench) async throws {
        let id = try await bench.create(collection, check: false)
        let path = PocketBaseBench.recordPath(collection, id)
        let before = try await bench.view(collection, id)
        try await Task.sleep(for: .milliseconds(20))
        let touched = try await bench.context.send(.patch, path, body: .object(JSONObject()))
        try bench.context.require(touched, status: 200, rule: .pocketBaseDate, "a PATCH of {}")
        if let old = before["updated"]?.stringValue, let new = touched.value(at: "/updated")?.stringValue, !(new > old) {
            bench.context.fail(
                .pocketBaseDate, at: "/updated", "\(touched.request) with {} left updated at \(new) (before: \(old))",
                detail: "fix: any update, {} included, bumps updated (pocketbase.md §10)")
        }
        let renamed = try await bench.context.send(
            .patch, path, body: ["id": .string("tr" + PocketBaseSampleValues.uniqueSuffix() + "xyz")])
        try bench.context.require(renamed, status: 400, rule: .pocketBaseError, "a PATCH changing the id")
        bench.judge(bench.conformance.checkError(renamed.json, status: 400), in: renamed)
        if renamed.value(at: "/data/id/code")?.stringValue != "validation_pk_change" {
            bench.context.fail(
                .pocketBaseError, at: "/data/id/code",
                "\(renamed.request): expected data.id.code validation_pk_change, got \(PocketBaseBench.show(renamed.value(at: "/data/id/code")))",
                detail: "fix: a record's id never changes (pocketbase.md §10)")
        }
    }

    /// §3, §6, §7: the 404 message; an unknown sort or filter field is 400 with the generic message.
    static func checkErrorMessages(_ collection: PocketBaseCollection, _ bench: PocketBaseBench) async throws {
        let missing = try await bench.context.send(.get, PocketBaseBench.recordPath(collection, "treatymissing00"))
        try bench.context.require(missing, status: 404, rule: .pocketBaseError, "viewing a record that does not exist")
        let notFound = "The requested resource wasn't found."
        if missing.value(at: "/message")?.stringValue != notFound {
            bench.context.fail(
                .pocketBaseError, at: "/message",
                "\(missing.request): expected the message \"\(notFound)\", got \(PocketBaseBench.show(missing.value(at: "/message")))")
        }
        let generic = "Something went wrong while processing your request."
        for query in [("sort", "treatyNoSuchField"), ("filter", "treatyNoSuchField='x'")] {
            let reply = try await bench.context.send(.get, PocketBaseBench.recordsPath(collection), query: [query])
            try bench.context.require(
                reply, status: 400, rule: .pocketBaseList, "\(query.0) on a field the collection does not have")
            bench.judge(bench.conformance.checkError(reply.json, status: 400), in: reply)
            if reply.value(at: "/message")?.stringValue != generic {
                bench.context.fail(
                    .pocketBaseError, at: "/message",
                    "\(reply.request): expected the message \"\(generic)\", got \(PocketBaseBench.show(reply.value(at: "/message")))")
            }
        }
    }
}
