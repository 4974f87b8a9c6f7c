internal import TreatyDialectKit
internal import TreatyJSON

extension CloudKitSuites {
    /// forceReplace and forceDelete skip the change-tag check (cloudkit.md §5): a forceReplace
    /// with a stale tag replaces, one of a missing record creates it, and a forceDelete with a
    /// stale tag deletes.
    static func forcedOperations(_ bench: CloudKitBench, type: CloudKitRecordType, unique: String) async throws {
        let context = bench.context
        let (name, fresh) = ("treaty-\(unique)-f", "treaty-\(unique)-fresh")
        _ = try await create(bench, type: type, name: name, unique: unique)
        let sent = fields(type, name: name, unique: unique)
        guard let first = sent.keys.first, let value = sent[first] else { return }
        try await cleaning(bench, [name, fresh]) {
            func record(_ recordName: String) -> JSONObject {
                [
                    "recordName": .string(recordName), "recordType": .string(type.name),
                    "recordChangeTag": "treaty-stale",
                    "fields": .object([first: value]),
                ]
            }
            let replaced = try await bench.modify(
                [
                    CloudKitBench.operation("forceReplace", record(name)),
                    CloudKitBench.operation("forceReplace", record(fresh)),
                ],
                atomic: false, "a forceReplace with a stale tag, and one of a missing record")
            let kept = try await bench.lookup(name)?["fields"]?.objectValue?.keys ?? []
            if replaced.value(at: "/records/0/serverErrorCode") != nil || kept != [first] {
                context.fail(
                    .cloudKitChangeTag, at: "/records/0",
                    "\(replaced.request): a forceReplace with a stale change tag answered \(replaced.value(at: "/records/0/serverErrorCode")?.stringValue ?? "success") and left the fields \(kept)",
                    detail:
                        "fix: forceReplace checks no change tag and nulls every field it does not give (cloudkit.md §5)"
                )
            }
            let created = try await bench.lookup(fresh) != nil
            if replaced.value(at: "/records/1/serverErrorCode") != nil || !created {
                context.fail(
                    .cloudKitChangeTag, at: "/records/1",
                    "\(replaced.request): a forceReplace of a missing record did not create it",
                    detail: "fix: forceReplace creates a record that does not exist (cloudkit.md §5)")
            }
            let deleted = try await bench.modify(
                [
                    CloudKitBench.operation(
                        "forceDelete", ["recordName": .string(name), "recordChangeTag": "treaty-stale"])
                ],
                "a forceDelete with a stale tag")
            let survived = try await bench.lookup(name) != nil
            if deleted.value(at: "/records/0/deleted") != .bool(true) || survived {
                context.fail(
                    .cloudKitChangeTag, at: "/records/0",
                    "\(deleted.request): a forceDelete with a stale change tag answered \(deleted.value(at: "/records/0")?.serialized() ?? "nothing") and did not delete",
                    detail: "fix: forceDelete checks no change tag (cloudkit.md §5)")
            }
        }
    }

    /// `resultsLimit` defaults to 200 and is capped at 200 (cloudkit.md §6): of 201 matching
    /// records a query without a limit, and one asking for 300, answer 200 and a marker.
    static func resultsLimits(_ bench: CloudKitBench, type: CloudKitRecordType, field: String, unique: String)
        async throws
    {
        let marker = "treaty-\(unique)-many"
        let names = (0...CloudKitSuitesLimits.results).map { "treaty-\(unique)-r\($0)" }
        let operations = names.map { name in
            CloudKitBench.operation(
                "create",
                [
                    "recordName": .string(name), "recordType": .string(type.name),
                    "fields": .object(fields(type, name: name, unique: unique, marker: marker)),
                ])
        }
        var created: [String] = []
        for start in stride(from: 0, to: operations.count, by: CloudKitSuitesLimits.operations) {
            let chunk = Array(operations[start..<min(start + CloudKitSuitesLimits.operations, operations.count)])
            _ = try await bench.modify(chunk, atomic: false, "creating \(chunk.count) records")
            created += names[start..<min(start + CloudKitSuitesLimits.operations, names.count)]
        }
        try await cleaning(bench, created) {
            for limit in [nil, 300] as [Int?] {
                var members: JSONObject = [
                    "query": [
                        "recordType": .string(type.name),
                        "filterBy": [
                            [
                                "comparator": "EQUALS", "fieldName": .string(field),
                                "fieldValue": ["value": .string(marker), "type": "STRING"],
                            ]
                        ],
                    ],
                    "desiredKeys": [.string(field)],
                ]
                if let limit { members["resultsLimit"] = .number(JSONNumber(limit)) }
                let reply = try await bench.send("records/query", bench.body(members))
                try bench.context.require(reply, status: 200, rule: .cloudKitPaging, "a query of 201 records")
                let count = reply.value(at: "/records")?.arrayValue?.count ?? 0
                if count != CloudKitSuitesLimits.results || reply.value(at: "/continuationMarker")?.stringValue == nil {
                    bench.context.fail(
                        .cloudKitPaging, at: "/records",
                        "\(reply.request): \(limit.map { "resultsLimit \($0)" } ?? "no resultsLimit") over 201 records gave \(count) and \(reply.value(at: "/continuationMarker") == nil ? "no" : "a") continuationMarker",
                        detail: "fix: resultsLimit defaults to 200 and is capped at 200 (cloudkit.md §6)")
                }
            }
        }
    }

    /// `zoneWide: true` without a zoneID searches every zone, and is ignored when a zoneID is
    /// given (cloudkit.md §6, §12).
    static func zoneWide(_ bench: CloudKitBench, type: CloudKitRecordType, field: String, unique: String)
        async throws
    {
        let name = "treaty-\(unique)-z"
        let marker = "treaty-\(unique)-wide"
        _ = try await create(bench, type: type, name: name, unique: unique, marker: marker)
        try await cleaning(bench, [name]) {
            let query: JSONValue = [
                "recordType": .string(type.name),
                "filterBy": [
                    [
                        "comparator": "EQUALS", "fieldName": .string(field),
                        "fieldValue": ["value": .string(marker), "type": "STRING"],
                    ]
                ],
            ]
            let wide = try await bench.send("records/query", ["query": query, "zoneWide": true])
            try bench.context.require(wide, status: 200, rule: .cloudKitPaging, "a zoneWide query")
            let found = (wide.value(at: "/records")?.arrayValue ?? []).compactMap { $0["recordName"]?.stringValue }
            if found != [name] {
                bench.context.fail(
                    .cloudKitPaging, at: "/records",
                    "\(wide.request): a zoneWide query without a zoneID gave \(found), expected [\(name)] of zone \(bench.zone ?? "")",
                    detail: "fix: zoneWide: true searches every zone when no zoneID is given (cloudkit.md §6)")
            }
            let named = try await bench.send(
                "records/query", ["query": query, "zoneWide": true, "zoneID": ["zoneName": "_defaultZone"]])
            try bench.context.require(named, status: 200, rule: .cloudKitPaging, "a zoneWide query naming a zone")
            let inDefault = (named.value(at: "/records")?.arrayValue ?? []).compactMap { $0["recordName"]?.stringValue }
            if !inDefault.isEmpty {
                bench.context.fail(
                    .cloudKitPaging, at: "/records",
                    "\(named.request): a zoneWide query of _defaultZone found \(inDefault) of zone \(bench.zone ?? "")",
                    detail: "fix: zoneWide is ignored when a zoneID is given (cloudkit.md §12)")
            }
        }
    }

    /// A record type's cases for forced operations, results limits and zone-wide queries.
    func forcedCases(_ type: CloudKitRecordType, suite: String) -> [VerificationCase] {
        var cases: [VerificationCase] = []
        if !Self.fields(type, name: "x", unique: "x").isEmpty {
            cases.append(
                makeCase(
                    suite, "forceReplace and forceDelete skip the change-tag check; forceReplace creates",
                    rules: [.cloudKitChangeTag], clauses: ["§5.16", "§5.17"], writes: true
                ) { bench, unique in
                    try await Self.forcedOperations(bench, type: type, unique: unique)
                })
        }
        guard let field = Self.queryField(type) else { return cases }
        cases.append(
            makeCase(
                suite, "resultsLimit defaults to 200 and is capped at 200", rules: [.cloudKitPaging], clauses: ["§6.2"],
                writes: true
            ) { bench, unique in
                try await Self.resultsLimits(bench, type: type, field: field, unique: unique)
            })
        if zone != nil {
            cases.append(
                makeCase(
                    suite, "zoneWide searches every zone without a zoneID and is ignored with one",
                    rules: [.cloudKitPaging], clauses: ["§6.10", "§12.6"], writes: true
                ) { bench, unique in
                    try await Self.zoneWide(bench, type: type, field: field, unique: unique)
                })
        }
        return cases
    }
}
