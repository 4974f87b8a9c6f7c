internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension CloudKitSuites {
    /// A saved record reads back with every field it was given, and `desiredKeys` narrows a
    /// lookup (cloudkit.md §3, §7).
    static func fieldsReadBack(_ bench: CloudKitBench, type: CloudKitRecordType, unique: String) async throws {
        let name = "treaty-\(unique)-fields"
        _ = try await create(bench, type: type, name: name, unique: unique)
        try await cleaning(bench, [name]) {
            let sent = fields(type, name: name, unique: unique)
            guard let looked = try await bench.lookup(name) else {
                bench.context.fail(.cloudKitRecord, "records/lookup does not find the record just created")
                return
            }
            let stored = looked["fields"]?.objectValue ?? JSONObject()
            for key in sent.keys where stored[key] == nil {
                bench.context.fail(
                    .cloudKitField, at: "/records/0/fields/\(key)", "records/lookup of \(name) has no '\(key)', which the create set",
                    detail: "fix: a record carries every field that has a value (cloudkit.md §3)")
            }
            let forced = try await bench.modify(
                [CloudKitBench.operation("forceUpdate", ["recordName": .string(name), "recordType": .string(type.name), "fields": .object(sent)])],
                "a forced update")
            let answered = forced.value(at: "/records/0/recordChangeTag")
            if let after = try await bench.lookup(name), after["recordChangeTag"] != answered {
                bench.context.fail(
                    .cloudKitChangeTag, at: "/records/0/recordChangeTag",
                    "\(forced.request) answered the change tag \(answered.map { $0.serialized() } ?? "missing"), a later lookup shows \(after["recordChangeTag"].map { $0.serialized() } ?? "missing")",
                    detail: "fix: apply a save once and answer with the record as stored (cloudkit.md §5)")
            }
            guard let only = sent.keys.first else { return }
            let narrowed = try await bench.send(
                "records/lookup", bench.body(["records": [["recordName": .string(name)]], "desiredKeys": [.string(only)]]))
            try bench.context.require(narrowed, status: 200, rule: .cloudKitError, "records/lookup with desiredKeys")
            let keys = narrowed.value(at: "/records/0/fields")?.objectValue?.keys ?? []
            if keys != [only] {
                bench.context.fail(
                    .cloudKitField, at: "/records/0/fields", "\(narrowed.request): desiredKeys [\(only)] gave the fields \(keys)",
                    detail: "fix: desiredKeys limits the fields returned (cloudkit.md §7)")
            }
        }
    }

    /// A query filters, sorts both ways and narrows to `desiredKeys` (cloudkit.md §6).
    static func sortedQuery(
        _ bench: CloudKitBench, type: CloudKitRecordType, field: String, sortField: String, unique: String
    ) async throws {
        let names = (1...3).map { "treaty-\(unique)-s\($0)" }
        let other = "treaty-\(unique)-s0"
        for (index, name) in ([other] + names).enumerated() {
            var record: JSONObject = ["recordName": .string(name), "recordType": .string(type.name)]
            let marker = name == other ? "other-\(unique)" : "treaty-\(unique)"
            var values = fields(type, name: name, unique: unique, marker: marker)
            values[sortField] = ["value": .number(JSONNumber(index)), "type": "INT64"]
            record["fields"] = .object(values)
            _ = try await bench.modify([CloudKitBench.operation("create", record)], "creating record '\(name)'")
        }
        try await cleaning(bench, [other] + names) {
            for ascending in [true, false] {
                let reply = try await bench.send(
                    "records/query",
                    bench.body([
                        "query": [
                            "recordType": .string(type.name),
                            "filterBy": [
                                [
                                    "comparator": "EQUALS", "fieldName": .string(field),
                                    "fieldValue": ["value": .string("treaty-\(unique)"), "type": "STRING"],
                                ]
                            ],
                            "sortBy": [["fieldName": .string(sortField), "ascending": .bool(ascending)]],
                        ],
                        "desiredKeys": [.string(sortField)],
                    ]))
                try bench.context.require(reply, status: 200, rule: .cloudKitPaging, "a filtered, sorted query")
                let records = reply.value(at: "/records")?.arrayValue ?? []
                let got = records.compactMap { $0["recordName"]?.stringValue }
                let expected = ascending ? names : names.reversed()
                if got != expected {
                    bench.context.fail(
                        .cloudKitPaging, at: "/records",
                        "\(reply.request): filtered and sorted on \(sortField) \(ascending ? "ascending" : "descending") gave \(got), expected \(expected)",
                        detail: "fix: filterBy keeps only matching records and sortBy orders them (cloudkit.md §6)")
                }
                for record in records where record["fields"]?.objectValue?.keys.allSatisfy({ $0 == sortField }) == false {
                    bench.context.fail(
                        .cloudKitField, at: "/records",
                        "\(reply.request): desiredKeys [\(sortField)] gave \(record["fields"]?.objectValue?.keys ?? [])",
                        detail: "fix: desiredKeys limits the fields returned (cloudkit.md §6)")
                }
            }
        }
    }

    /// The change feed pages by `resultsLimit`, says `moreComing` exactly while more remain, and
    /// returns nothing older than the token, each record once (cloudkit.md §7).
    static func pagedChanges(_ bench: CloudKitBench, type: CloudKitRecordType, unique: String) async throws {
        guard let start = try await currentSyncToken(bench) else { return }
        let names = (1...2).map { "treaty-\(unique)-c\($0)" }
        for name in names { _ = try await create(bench, type: type, name: name, unique: unique) }
        try await cleaning(bench, names) {
            var seen: [String] = []
            var next = start
            for page in 1...2 {
                let reply = try await bench.send("records/changes", bench.body(["syncToken": next, "resultsLimit": 1]))
                try bench.context.require(reply, status: 200, rule: .cloudKitSync, "records/changes one at a time")
                let entries = (reply.value(at: "/records")?.arrayValue ?? []).compactMap { $0["recordName"]?.stringValue }
                seen += entries
                let more = reply.value(at: "/moreComing")
                if entries.count != 1 || more != .bool(page == 1) {
                    bench.context.fail(
                        .cloudKitSync, at: "/records",
                        "\(reply.request): page \(page) of resultsLimit 1 gave \(entries) with moreComing \(more.map { $0.serialized() } ?? "missing")",
                        detail: "fix: resultsLimit caps each page; moreComing is true exactly while changes remain (cloudkit.md §7)")
                }
                guard let token = reply.value(at: "/syncToken") else { break }
                next = token
            }
            if seen != names {
                bench.context.fail(
                    .cloudKitSync, at: "/records", "the change feed after the token gave \(seen), expected \(names) once each",
                    detail: "fix: changes since a token are the later ones only, each once, in order (cloudkit.md §7)")
            }
        }
    }

    /// An INT64 field that is sortable, for the sorted query.
    static func sortField(_ type: CloudKitRecordType) -> String? {
        type.fieldOrder.first { type.fields[$0]?.type == .int64 && type.fields[$0]?.indexes.contains(.sortable) == true }
    }
}
