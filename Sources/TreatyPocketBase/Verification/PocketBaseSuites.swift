internal import HTTPTypes
internal import TreatyCore
internal import TreatyJSON
internal import TreatyDialectKit

/// The generated suites of a PocketBase contract: its collections come from the contract's
/// `collections:` file, and every case logs in as the superuser first.
///
/// - `<api>.shapes`: `GET /api/health`, and the error body of an unknown record per collection.
/// - `<api>.<collection>` per collection: create (with records to point at created first) and
///   view, list filtered on the id, update one field, delete then view → 404.
struct PocketBaseSuites {
    let contract: Contract
    /// The contract's `collections:` file, if it names one.
    let schemaFile: PocketBaseSchemaFile?
    /// The collections in it, loaded once.
    let collections: [PocketBaseCollection]
    let superuser: PocketBaseSuperuser

    static let recordRules: [RuleID] = [
        .pocketBaseRecord, .pocketBaseField, .pocketBaseType, .pocketBaseDate, .pocketBaseHidden,
    ]

    func suites() -> [VerificationSuite] {
        let file = contract.file
        let location = schemaFile?.location
        // System collections (`_superusers`, `_mfas`, …) are the server's, not the contract's.
        let own = collections.filter { !$0.name.hasPrefix("_") && $0.type != .view }
        var suites = [
            VerificationSuite(
                name: "\(contract.api).shapes", file: file, cases: shapeCases(own, all: collections, location: location)
            )
        ]
        for collection in own {
            let suite = "\(contract.api).\(collection.name)"
            suites.append(
                VerificationSuite(
                    name: suite, file: file,
                    cases: [
                        recordCases(collection, all: collections, suite: suite, location: location),
                        queryCases(collection, all: collections, suite: suite, location: location),
                        clauseCases(collection, all: collections, suite: suite, location: location),
                        writeCases(collection, all: collections, suite: suite, location: location),
                        authCases(collection, all: collections, suite: suite, location: location),
                        mutationCases(collection, all: collections, suite: suite, location: location),
                        semanticCases(collection, all: collections, suite: suite, location: location),
                        expandCases(collection, all: collections, suite: suite, location: location),
                        coercionCases(collection, all: collections, suite: suite, location: location),
                        fileCases(collection, all: collections, suite: suite, location: location),
                        authFlowCases(collection, all: collections, suite: suite, location: location),
                        batchCases(collection, all: collections, suite: suite, location: location),
                    ].flatMap { $0 }))
        }
        return suites
    }

    func makeCase(
        _ suite: String, _ name: String, rules: [RuleID], clauses: [String] = [], location: SourceLocation?,
        writes: Bool, collections: [PocketBaseCollection],
        run: @escaping @Sendable (PocketBaseBench) async throws -> Void
    ) -> VerificationCase {
        let superuser = self.superuser
        let title = rules.isEmpty ? name : "\(rules.map(\.rawValue).joined(separator: ", ")) \(name)"
        return VerificationCase(
            suite: suite, name: title, rules: rules, clauses: clauses, location: location, writes: writes
        ) { context in
            let bench = try await PocketBaseBench.start(context, collections: collections, superuser: superuser)
            try await run(bench)
        }
    }

    private func shapeCases(_ own: [PocketBaseCollection], all: [PocketBaseCollection], location: SourceLocation?)
        -> [VerificationCase]
    {
        let suite = "\(contract.api).shapes"
        let health = VerificationCase(
            suite: suite, name: "GET /api/health answers {message, code: 200, data}", rules: [], clauses: ["§2.1"],
            location: location, writes: false
        ) { context in
            let reply = try await context.send(.get, "/api/health")
            try context.require(reply, status: 200, rule: nil, "PocketBase answers its health check")
            if reply.value(at: "/code")?.numberValue?.int64Value != 200 {
                context.fail(
                    nil, at: "/code", "\(reply.request): 'code' is not 200",
                    detail: "found \(PocketBaseBench.show(reply.value(at: "/code")))")
            }
            if reply.value(at: "/message")?.stringValue == nil {
                context.fail(nil, at: "/message", "\(reply.request): no 'message' string")
            }
            if reply.value(at: "/data")?.objectValue == nil {
                context.fail(nil, at: "/data", "\(reply.request): 'data' is not an object")
            }
        }
        let unknown = own.map { collection in
            makeCase(
                suite, "\(collection.name): an unknown record answers 404 with the error body",
                rules: [.pocketBaseError], clauses: ["§3.1"],
                location: location, writes: false, collections: all
            ) { bench in
                let reply = try await bench.context.send(
                    .get, PocketBaseBench.recordPath(collection, "treatymissing00"))
                try bench.context.require(
                    reply, status: 404, rule: .pocketBaseError, "viewing a record that does not exist")
                bench.judge(bench.conformance.checkError(reply.json, status: 404), in: reply)
            }
        }
        return [health] + unknown
    }

    private func recordCases(
        _ collection: PocketBaseCollection, all: [PocketBaseCollection], suite: String, location: SourceLocation?
    ) -> [VerificationCase] {
        let name = collection.name
        var cases = [
            makeCase(
                suite, "\(name): a created record reads back whole", rules: Self.recordRules,
                clauses: ["§1.4", "§1.5", "§1.7", "§2.3"], location: location,
                writes: true,
                collections: all
            ) { bench in
                let (id, body) = try await bench.createRecord(collection)
                let stored = try await bench.view(collection, id)
                bench.compare(
                    body, with: stored, collection: collection,
                    in: Reply(
                        status: 200, headers: [:], body: [],
                        request: "GET \(PocketBaseBench.recordPath(collection, id))"))
            },
            makeCase(
                suite, "\(name): a list filtered on the new id holds exactly it",
                rules: [.pocketBaseList] + Self.recordRules, clauses: ["§2.2", "§4.1", "§6.1"],
                location: location, writes: true, collections: all
            ) { bench in
                let id = try await bench.create(collection, check: false)
                let reply = try await bench.context.send(
                    .get, PocketBaseBench.recordsPath(collection), query: [("filter", "id='\(id)'"), ("perPage", "5")])
                try bench.context.require(reply, status: 200, rule: .pocketBaseList, "listing with a filter on the id")
                bench.judge(bench.conformance.checkList(reply.json ?? .null, collection: collection), in: reply)
                let items = reply.value(at: "/items")?.arrayValue ?? []
                let ids = items.compactMap { $0.objectValue?["id"]?.stringValue }
                if ids != [id] {
                    bench.context.fail(
                        .pocketBaseList, at: "/items", "\(reply.request): expected exactly the record \(id), got \(ids)"
                    )
                }
                if reply.value(at: "/totalItems")?.numberValue?.int64Value != 1
                    || reply.value(at: "/perPage")?.numberValue?.int64Value != 5
                {
                    bench.context.fail(
                        .pocketBaseList, at: "/totalItems",
                        "\(reply.request): expected totalItems 1 and perPage 5, got \(PocketBaseBench.show(reply.value(at: "/totalItems"))) and \(PocketBaseBench.show(reply.value(at: "/perPage")))"
                    )
                }
            },
            makeCase(
                suite, "\(name): a record deleted is gone (404 with the error body)", rules: [.pocketBaseError],
                clauses: ["§2.6", "§10.7"],
                location: location,
                writes: true, collections: all
            ) { bench in
                let id = try await bench.create(collection, check: false)
                let path = PocketBaseBench.recordPath(collection, id)
                let deleted = try await bench.context.send(.delete, path)
                try bench.context.require(deleted, status: 204, rule: nil, "deleting a record the case created")
                let reply = try await bench.context.send(.get, path)
                try bench.context.require(reply, status: 404, rule: .pocketBaseError, "viewing a deleted record")
                bench.judge(bench.conformance.checkError(reply.json, status: 404), in: reply)
            },
        ]
        if let field = PocketBaseBench.updatableField(of: collection) {
            cases.insert(
                makeCase(
                    suite, "\(name): an update of '\(field.name)' is stored and the rest kept", rules: Self.recordRules,
                    clauses: ["§10.3"],
                    location: location, writes: true, collections: all
                ) { bench in
                    let (id, _) = try await bench.createRecord(collection, check: false)
                    let before = try await bench.view(collection, id)
                    guard let value = PocketBaseSampleValues.changed(field, unique: bench.unique) else { return }
                    let reply = try await bench.context.send(
                        .patch, PocketBaseBench.recordPath(collection, id), body: [field.name: value])
                    try bench.context.require(
                        reply, status: 200, rule: nil, "updating '\(field.name)' of a record the case created")
                    bench.judge(bench.conformance.checkRecord(reply.json ?? .null, collection: collection), in: reply)
                    let after = try await bench.view(collection, id)
                    bench.compare([field.name: value], with: after, collection: collection, in: reply)
                    for member in before.members
                    where member.key != field.name && member.key != "updated" && after[member.key] != member.value {
                        bench.context.fail(
                            .pocketBaseType, at: "/\(member.key)",
                            "\(collection.name).\(member.key) changed from \(PocketBaseBench.show(member.value)) to \(PocketBaseBench.show(after[member.key])) although the update only set '\(field.name)'"
                        )
                    }
                }, at: 2)
        }
        return cases
    }
}
