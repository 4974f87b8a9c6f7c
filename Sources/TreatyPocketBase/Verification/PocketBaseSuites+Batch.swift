internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension PocketBaseSuites {
    /// The cases for `POST /api/batch` (pocketbase.md §12), on one collection of the contract
    /// (the first base collection with a relation, else the first base one): off by default, the
    /// success shape with `PUT` as upsert and URLs carrying `expand`/`fields`, a `GET` inside,
    /// and an empty or too long batch.
    func batchCases(
        _ collection: PocketBaseCollection, all: [PocketBaseCollection], suite: String, location: SourceLocation?
    ) -> [VerificationCase] {
        let base = all.filter { !$0.name.hasPrefix("_") && $0.type == .base }
        let chosen =
            base.first { other in other.fields.contains { Self.relationTarget(of: $0, in: all) != nil } } ?? base.first
        guard collection.name == chosen?.name else { return [] }
        let name = collection.name
        return [
            makeCase(
                suite, "\(name): with batches off a batch answers 403 Batch requests are not allowed.",
                rules: [.pocketBaseError], clauses: ["§12.1"], location: location, writes: true, collections: all
            ) { bench in
                let settings = try await bench.context.send(.get, "/api/settings", query: [("fields", "batch")])
                try bench.context.require(settings, status: 200, rule: nil, "reading the batch settings")
                guard settings.value(at: "/batch/enabled") != true else { return }
                let id = Self.clientID("tb")
                let body = try await bench.body(for: collection).merging(["id": .string(id)])
                let reply = try await bench.context.send(
                    .post, "/api/batch",
                    body: [
                        "requests": [
                            [
                                "method": "POST", "url": .string(PocketBaseBench.recordsPath(collection)),
                                "body": .object(body),
                            ]
                        ]
                    ])
                bench.context.adopt(id: id, deletePath: PocketBaseBench.recordPath(collection, id))
                try bench.context.require(reply, status: 403, rule: .pocketBaseError, "a batch while batches are off")
                Self.expectMessage(bench, reply, "Batch requests are not allowed.", "pocketbase.md §12")
            },
            makeCase(
                suite, "\(name): a batch answers [{status, body}]; PUT upserts by id; URLs carry expand and fields",
                rules: [.pocketBaseError], clauses: ["§12.2", "§12.4", "§12.5"], location: location, writes: true,
                collections: all
            ) { bench in try await Self.withBatches(bench) { try await Self.checkBatchSuccess(bench, collection) } },
            makeCase(
                suite, "\(name): a GET inside a batch fails it with batch_request_failed at its index",
                rules: [.pocketBaseError], clauses: ["§12.6"], location: location, writes: true, collections: all
            ) { bench in
                try await Self.withBatches(bench) { try await Self.checkBatchGET(bench, collection) }
            },
            makeCase(
                suite, "\(name): an empty or too long batch answers 400 Invalid batch request data.",
                rules: [.pocketBaseError], clauses: ["§12.7"], location: location, writes: false, collections: all
            ) { bench in try await Self.withBatches(bench) { try await Self.checkBatchBounds(bench, collection) } },
        ]
    }

    /// Runs `body` with batches on: as they are when the target has them on; against the
    /// simulator turned on for the case and back after; a live run leaves its settings alone and
    /// skips.
    static func withBatches(_ bench: PocketBaseBench, _ body: () async throws -> Void) async throws {
        let settings = try await bench.context.send(.get, "/api/settings", query: [("fields", "batch")])
        try bench.context.require(settings, status: 200, rule: nil, "reading the batch settings")
        let enabled = settings.value(at: "/batch/enabled") ?? false
        if enabled == true { return try await body() }
        if bench.context.isLive {
            throw CaseContext.Skip("batch requests are off on the target, and a live run leaves its settings alone")
        }
        let on = try await bench.context.send(.patch, "/api/settings", body: ["batch": ["enabled": true]])
        try bench.context.require(on, status: 200, rule: nil, "turning batch requests on")
        func restore() async throws {
            let restored = try await bench.context.send(.patch, "/api/settings", body: ["batch": ["enabled": enabled]])
            try bench.context.require(restored, status: 200, rule: nil, "turning batch requests back as they were")
        }
        do {
            try await body()
        } catch {
            try? await restore()
            throw error
        }
        try await restore()
    }

    /// §12: `POST ?fields=id`, `PUT` creating then updating one id, `PATCH ?expand=…&fields=…`
    /// and `DELETE` in one batch.
    static func checkBatchSuccess(_ bench: PocketBaseBench, _ collection: PocketBaseCollection) async throws {
        let url = PocketBaseBench.recordsPath(collection)
        let (first, second) = (clientID("tb"), clientID("tu"))
        var other = bench
        other.unique = PocketBaseSampleValues.uniqueSuffix()
        let created = try await bench.body(for: collection).merging(["id": .string(first)])
        let upserted = try await other.body(for: collection).merging(["id": .string(second)])
        var change: JSONObject = ["id": .string(second)]
        let field = PocketBaseBench.updatableField(of: collection)
        if let field, let value = PocketBaseSampleValues.changed(field, unique: bench.unique) {
            change[field.name] = value
        }
        let relation = collection.fields.first {
            relationTarget(of: $0, in: bench.collections) != nil && created[$0.name] != nil
        }
        let query = relation.map { "?expand=\($0.name)&fields=id,expand.\($0.name).id" } ?? "?fields=id"
        let requests: [JSONValue] = [
            ["method": "POST", "url": .string(url + "?fields=id"), "body": .object(created)],
            ["method": "PUT", "url": .string(url), "body": .object(upserted)],
            ["method": "PUT", "url": .string(url), "body": .object(change)],
            ["method": "PATCH", "url": .string(url + "/" + first + query), "body": .object(JSONObject())],
            ["method": "DELETE", "url": .string(url + "/" + first)],
        ]
        let reply = try await bench.context.send(.post, "/api/batch", body: ["requests": .array(requests)])
        for id in [first, second] {
            bench.context.adopt(id: id, deletePath: PocketBaseBench.recordPath(collection, id))
        }
        try bench.context.require(reply, status: 200, rule: .pocketBaseError, "a batch of five valid requests")
        let answers = reply.json?.arrayValue ?? []
        let statuses = answers.map { $0["status"]?.numberValue?.int64Value ?? 0 }
        if statuses != [200, 200, 200, 200, 204] || answers.last?.objectValue?["body"] != .null
            || answers.first?["body"]?.objectValue?.keys != ["id"]
        {
            bench.context.fail(
                .pocketBaseError, "\(reply.request) answered \(PocketBaseBench.show(reply.json))",
                detail:
                    "fix: a batch answers [{\"status\":200,\"body\":{…}}, …, {\"status\":204,\"body\":null}] (pocketbase.md §12)"
            )
        }
        if let field, answers.count > 2,
            answers[2]["body"]?["id"] != .string(second) || answers[2]["body"]?[field.name] != change[field.name]
        {
            bench.context.fail(
                .pocketBaseError, at: "/2/body",
                "\(reply.request): the second PUT of \(second) answered \(PocketBaseBench.show(answers[2]["body"]))",
                detail: "fix: a batch PUT upserts by body.id: it creates, then updates (pocketbase.md §12)")
        }
        if let relation, answers.count > 3 {
            let patched = answers[3]["body"]
            let ids = expandedIDs(patched?["expand"]?[relation.name])
            let wanted = (created[relation.name]?.arrayValue ?? created[relation.name].map { [$0] } ?? []).compactMap(
                \.stringValue)
            if patched?.objectValue?.keys.sorted() != ["expand", "id"] || ids != wanted {
                bench.context.fail(
                    .pocketBaseError, at: "/3/body",
                    "\(reply.request): the PATCH with \(query) answered \(PocketBaseBench.show(patched))",
                    detail: "fix: batch URLs carry ?expand= and ?fields= (pocketbase.md §12)")
            }
        }
        let stored = try await bench.context.send(.get, PocketBaseBench.recordPath(collection, second))
        if stored.status != 200 {
            bench.context.fail(.pocketBaseError, "after \(reply.request), \(stored.request) answered \(stored.status)")
        }
    }

    /// §12: a batch of one `GET` fails at index 0 with the inner 400; after a valid create, a
    /// `GET` fails at index 1 (the real 0.40.6 then answers an inner 500, so only the entry's code
    /// and message are checked there).
    static func checkBatchGET(_ bench: PocketBaseBench, _ collection: PocketBaseCollection) async throws {
        let id = clientID("tb")
        let body = try await bench.body(for: collection).merging(["id": .string(id)])
        let url = JSONValue.string(PocketBaseBench.recordsPath(collection))
        let get: JSONValue = ["method": "GET", "url": url]
        let batches: [([JSONValue], String)] = [
            ([get], "0"), ([["method": "POST", "url": url, "body": .object(body)], get], "1"),
        ]
        for (requests, index) in batches {
            let reply = try await bench.context.send(.post, "/api/batch", body: ["requests": .array(requests)])
            bench.context.adopt(id: id, deletePath: PocketBaseBench.recordPath(collection, id))
            try bench.context.require(reply, status: 400, rule: .pocketBaseError, "a batch with a GET inside")
            expectMessage(bench, reply, "Batch transaction failed.", "pocketbase.md §12")
            let entry = reply.value(at: "/data/requests/\(index)")
            if entry?["code"] != "batch_request_failed" || entry?["message"] != "Batch request failed."
                || (index == "0" && entry?["response"]?["status"] != 400)
            {
                bench.context.fail(
                    .pocketBaseError, at: "/data/requests/\(index)",
                    "\(reply.request): expected data.requests.\"\(index)\" {code: batch_request_failed, message, response}, got \(PocketBaseBench.show(reply.value(at: "/data")))",
                    detail:
                        "fix: a GET inside a batch fails it; the failing index holds batch_request_failed with the inner error (pocketbase.md §12)"
                )
            }
        }
    }

    /// §12: an empty batch is `validation_required`, one request more than `maxRequests` is
    /// `validation_length_too_long` with `params {max, min}`.
    static func checkBatchBounds(_ bench: PocketBaseBench, _ collection: PocketBaseCollection) async throws {
        let settings = try await bench.context.send(.get, "/api/settings", query: [("fields", "batch")])
        let max = settings.value(at: "/batch/maxRequests")?.numberValue?.int64Value ?? 50
        let get: JSONValue = ["method": "GET", "url": .string(PocketBaseBench.recordsPath(collection))]
        let probes: [([JSONValue], String, JSONValue?)] = [
            ([], "validation_required", nil),
            (
                Array(repeating: get, count: Int(max) + 1), "validation_length_too_long",
                ["max": .number(JSONNumber(max)), "min": 0]
            ),
        ]
        for (requests, code, params) in probes {
            let reply = try await bench.context.send(.post, "/api/batch", body: ["requests": .array(requests)])
            try bench.context.require(
                reply, status: 400, rule: .pocketBaseError, "a batch of \(requests.count) requests")
            expectMessage(bench, reply, "Invalid batch request data.", "pocketbase.md §12")
            if reply.value(at: "/data/requests/code") != .string(code)
                || reply.value(at: "/data/requests/params") != params
            {
                bench.context.fail(
                    .pocketBaseError, at: "/data/requests",
                    "\(reply.request) of \(requests.count) requests: expected \(code)\(params.map { " with params \($0.serialized())" } ?? ""), got \(PocketBaseBench.show(reply.value(at: "/data/requests")))",
                    detail:
                        "fix: an empty batch is validation_required, a too long one validation_length_too_long {max, min} (pocketbase.md §12)"
                )
            }
        }
    }
}

extension JSONObject {
    /// The object with `other`'s members set over its own.
    func merging(_ other: JSONObject) -> JSONObject {
        var copy = self
        for member in other.members { copy[member.key] = member.value }
        return copy
    }
}
