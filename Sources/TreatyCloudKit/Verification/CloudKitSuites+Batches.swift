internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension CloudKitSuites {
    /// Batches and save results (cloudkit.md §3, §5): a non-atomic batch writes its successes,
    /// a per-operation `desiredKeys` wins, a replace of a missing record is NOT_FOUND, and
    /// `modified` advances on a save while `created` stays.
    static func batches(_ bench: CloudKitBench, type: CloudKitRecordType, unique: String) async throws {
        let context = bench.context
        let name = "treaty-\(unique)-b"
        let sent = fields(type, name: name, unique: unique)
        guard let only = sent.keys.first else { return }
        let missing: JSONObject = [
            "recordName": .string("treaty-\(unique)-missing"), "recordType": .string(type.name), "recordChangeTag": "1",
            "fields": .object(sent),
        ]
        let reply = try await bench.modify(
            [
                .object([
                    "operationType": "create", "desiredKeys": [.string(only)],
                    "record": ["recordName": .string(name), "recordType": .string(type.name), "fields": .object(sent)],
                ]),
                CloudKitBench.operation("replace", missing),
            ], atomic: false, "a non-atomic batch whose second operation fails")
        try await cleaning(bench, [name, "treaty-\(unique)-missing"]) {
            if reply.value(at: "/records/1/serverErrorCode")?.stringValue != "NOT_FOUND" {
                context.fail(
                    .cloudKitError, at: "/records/1", "\(reply.request): a replace of a missing record is not NOT_FOUND"
                )
            }
            let keys = reply.value(at: "/records/0/fields")?.objectValue?.keys ?? []
            if keys != [only] {
                context.fail(
                    .cloudKitField, at: "/records/0/fields",
                    "\(reply.request): the operation's desiredKeys [\(only)] gave \(keys)",
                    detail: "fix: a per-operation desiredKeys wins over the request's (cloudkit.md §5)")
            }
            guard let first = try await bench.lookup(name) else {
                context.fail(.cloudKitAtomic, "\(reply.request): the create of a non-atomic batch was not written")
                return
            }
            let created = first["created"]?["timestamp"]?.numberValue?.int64Value
            let tag = first["recordChangeTag"] ?? .null
            _ = try await bench.modify(
                [
                    CloudKitBench.operation(
                        "update",
                        [
                            "recordName": .string(name), "recordType": .string(type.name), "recordChangeTag": tag,
                            "fields": .object(sent),
                        ])
                ],
                "an update")
            let after = try await bench.lookup(name)
            let modified = after?["modified"]?["timestamp"]?.numberValue?.int64Value
            if created == nil || after?["created"]?["timestamp"]?.numberValue?.int64Value != created
                || (modified ?? 0) <= (created ?? 0)
            {
                context.fail(
                    .cloudKitRecord, at: "/records/0/modified",
                    "after an update, created is \(after?["created"]?.serialized() ?? "missing") and modified \(after?["modified"]?.serialized() ?? "missing") (created was \(created.map(String.init) ?? "missing"))",
                    detail:
                        "fix: created and modified are ms since 1970; a save moves modified, never created (cloudkit.md §3)"
                )
            }
        }
    }

    /// LIST_CONTAINS matches a list field holding the value, and sorting needs a SORTABLE index
    /// (cloudkit.md §6).
    static func lists(_ bench: CloudKitBench, type: CloudKitRecordType, list: String, unique: String) async throws {
        let context = bench.context
        let names = ["treaty-\(unique)-l1", "treaty-\(unique)-l2"]
        for (index, name) in names.enumerated() {
            var values = fields(type, name: name, unique: unique)
            values[list] = [
                "value": ["treaty", .string(index == 0 ? "\(unique)-one" : "\(unique)-two")], "type": "STRING_LIST",
            ]
            _ = try await bench.modify(
                [
                    CloudKitBench.operation(
                        "create",
                        ["recordName": .string(name), "recordType": .string(type.name), "fields": .object(values)])
                ],
                "creating record '\(name)'")
        }
        try await cleaning(bench, names) {
            let reply = try await bench.send(
                "records/query",
                bench.body([
                    "query": [
                        "recordType": .string(type.name),
                        "filterBy": [
                            [
                                "comparator": "LIST_CONTAINS", "fieldName": .string(list),
                                "fieldValue": ["value": .string("\(unique)-two"), "type": "STRING"],
                            ]
                        ],
                    ]
                ]))
            try context.require(reply, status: 200, rule: .cloudKitPaging, "a query with LIST_CONTAINS")
            let got = (reply.value(at: "/records")?.arrayValue ?? []).compactMap { $0["recordName"]?.stringValue }
            if got != [names[1]] {
                context.fail(
                    .cloudKitPaging, at: "/records",
                    "\(reply.request): LIST_CONTAINS \"\(unique)-two\" gave \(got), expected [\(names[1])]")
            }
            guard type.fields[list]?.indexes.contains(.sortable) == false else { return }
            let sorted = try await bench.send(
                "records/query",
                bench.body(["query": ["recordType": .string(type.name), "sortBy": [["fieldName": .string(list)]]]]))
            if sorted.status != 400 || sorted.json?["serverErrorCode"]?.stringValue != "BAD_REQUEST" {
                context.fail(
                    .cloudKitError,
                    "\(sorted.request): sorting on '\(list)', which has no SORTABLE index, answered \(sorted.status)",
                    detail: "fix: sorting needs a SORTABLE index, else BAD_REQUEST (cloudkit.md §6)")
            }
        }
    }

    /// The development and production environments hold separate data, and a batch of more than
    /// 200 operations is BAD_REQUEST (cloudkit.md §1, §5).
    static func limits(_ bench: CloudKitBench, type: CloudKitRecordType, unique: String) async throws {
        let context = bench.context
        let name = "treaty-\(unique)-e"
        _ = try await create(bench, type: type, name: name, unique: unique)
        try await cleaning(bench, [name]) {
            let environment = bench.credentials.environment
            let other = environment == "production" ? "development" : "production"
            var elsewhere = bench.credentials
            elsewhere.environment = other
            let twin = CloudKitBench(
                context: context, credentials: elsewhere, database: bench.database, zone: bench.zone)
            let reply = try await twin.send("records/lookup", twin.body(["records": [["recordName": .string(name)]]]))
            if reply.status == 200, reply.value(at: "/records/0/serverErrorCode") == nil {
                context.fail(
                    .cloudKitRecord, at: "/records/0",
                    "\(reply.request): a record saved in \(environment) is found in \(other)",
                    detail: "fix: the environments hold separate data and schema (cloudkit.md §1)")
            }
            let operations = (0...CloudKitSuitesLimits.operations).map { index in
                CloudKitBench.operation("forceDelete", ["recordName": .string("treaty-\(unique)-none-\(index)")])
            }
            let many = try await bench.send(
                "records/modify", bench.body(["operations": .array(operations), "atomic": false]))
            if many.status != 400 || many.json?["serverErrorCode"]?.stringValue != "BAD_REQUEST" {
                context.fail(
                    .cloudKitError, "\(many.request) with \(operations.count) operations answered \(many.status)",
                    detail:
                        "fix: a request takes at most 200 operations; over the limit is BAD_REQUEST (cloudkit.md §5)")
            }
        }
    }

    /// The record type's cases for batches and list queries.
    func batchCases(_ type: CloudKitRecordType, suite: String) -> [VerificationCase] {
        var cases: [VerificationCase] = []
        if zone != nil, !Self.fields(type, name: "x", unique: "x").isEmpty {
            cases.append(
                makeCase(
                    suite,
                    "a non-atomic batch writes its successes; desiredKeys per operation; created stays, modified moves",
                    rules: [.cloudKitAtomic, .cloudKitField, .cloudKitRecord],
                    clauses: ["§3.3", "§5.7", "§5.12", "§5.14"], writes: true
                ) { bench, unique in
                    try await Self.batches(bench, type: type, unique: unique)
                })
        }
        cases.append(
            makeCase(
                suite, "environments hold separate data; more than 200 operations is BAD_REQUEST",
                rules: [.cloudKitRecord, .cloudKitError], clauses: ["§1.1", "§5.15"], writes: true
            ) { bench, unique in
                try await Self.limits(bench, type: type, unique: unique)
            })
        if let list = type.fieldOrder.first(where: {
            type.fields[$0]?.type == .stringList && type.fields[$0]?.indexes.contains(.queryable) == true
        }) {
            var clauses = ["§6.8"]
            if type.fields[list]?.indexes.contains(.sortable) == false { clauses.append("§6.9") }
            cases.append(
                makeCase(
                    suite, "LIST_CONTAINS finds a list holding the value; sorting needs a SORTABLE index",
                    rules: [.cloudKitPaging, .cloudKitError], clauses: clauses, writes: true
                ) { bench, unique in
                    try await Self.lists(bench, type: type, list: list, unique: unique)
                })
        }
        return cases
    }
}

/// Limits of CloudKit Web Services the suites probe.
enum CloudKitSuitesLimits {
    /// Operations one records/modify takes.
    static let operations = 200
    /// Records one query page holds at most, and without a `resultsLimit`.
    static let results = 200
}
