internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension CloudKitSuites {
    /// Transport and authentication (cloudkit.md §1, §2, §5, §7, §12): any content type, an
    /// unknown API token, the private database without a web auth token, `users/current`, the
    /// zone list and lookups, an unknown zone and the default zone's change feed.
    static func transport(_ bench: CloudKitBench, credentials: CloudKitCredentials, type: String) async throws {
        let context = bench.context
        let root = "/database/1/\(credentials.container)/\(credentials.environment)"
        let query: JSONValue = ["query": ["recordType": .string(type)]]
        var plain = HTTPFields()
        plain[.contentType] = "text/plain"
        let typed = try await context.send(
            .post, root + "/public/records/query", query: [("ckAPIToken", credentials.apiToken)], headers: plain,
            bytes: query.serializedBytes())
        if typed.status == 415 || typed.json?["serverErrorCode"]?.stringValue == "BAD_REQUEST" && typed.status != 200 {
            context.fail(
                .cloudKitError, "\(typed.request) with content-type text/plain answered \(typed.status)",
                detail: "fix: bodies are JSON whatever the content type says (cloudkit.md §1)")
        }
        let unknown = try await context.send(
            .post, root + "/public/records/query", query: [("ckAPIToken", "treaty-unknown-api-token")], body: query)
        let code = unknown.json?["serverErrorCode"]?.stringValue
        if !((unknown.status == 401 && code == "AUTHENTICATION_FAILED")
            || (unknown.status == 421 && code == "AUTHENTICATION_REQUIRED"))
        {
            context.fail(
                .cloudKitError, at: "/serverErrorCode",
                "\(unknown.request) with an unknown ckAPIToken answered \(unknown.status) \(code ?? "without serverErrorCode")",
                detail:
                    "fix: an unknown API token is 401 AUTHENTICATION_FAILED or 421 AUTHENTICATION_REQUIRED (cloudkit.md §2, §12)"
            )
        }
        guard let web = credentials.webAuthToken else { return }
        let anonymous = try await context.send(
            .post, root + "/private/records/query", query: [("ckAPIToken", credentials.apiToken)], body: query)
        if anonymous.status != 421 || anonymous.json?["serverErrorCode"]?.stringValue != "AUTHENTICATION_REQUIRED"
            || anonymous.json?["redirectURL"]?.stringValue == nil
        {
            context.fail(
                .cloudKitError, at: "/serverErrorCode",
                "\(anonymous.request) without ckWebAuthToken answered \(anonymous.status) \(anonymous.json?["serverErrorCode"]?.stringValue ?? "")",
                detail:
                    "fix: the private database without a web auth token is 421 AUTHENTICATION_REQUIRED with redirectURL (cloudkit.md §2)"
            )
        }
        let signedIn = [("ckAPIToken", credentials.apiToken), ("ckWebAuthToken", web)]
        let user = try await context.send(.get, root + "/public/users/current", query: signedIn)
        try context.require(user, status: 200, rule: .cloudKitError, "GET users/current")
        if user.json?["userRecordName"]?.stringValue?.isEmpty != false {
            context.fail(.cloudKitRecord, at: "/userRecordName", "\(user.request) answered no userRecordName")
        }
        let zones = try await context.send(.get, root + "/private/zones/list", query: signedIn)
        try context.require(zones, status: 200, rule: .cloudKitError, "GET zones/list")
        let names = (zones.value(at: "/zones")?.arrayValue ?? []).compactMap { $0["zoneID"]?["zoneName"]?.stringValue }
        if !names.contains("_defaultZone") {
            context.fail(.cloudKitRecord, at: "/zones", "\(zones.request) does not list _defaultZone: \(names)")
        }
        let lookup = try await context.send(
            .post, root + "/private/zones/lookup", query: signedIn,
            body: ["zones": [["zoneName": "treaty-no-such-zone"]]])
        try context.require(lookup, status: 200, rule: .cloudKitError, "zones/lookup of a missing zone")
        if lookup.value(at: "/zones/0/serverErrorCode")?.stringValue != "ZONE_NOT_FOUND" {
            context.fail(
                .cloudKitError, at: "/zones/0", "\(lookup.request): a missing zone is not a ZONE_NOT_FOUND entry")
        }
        let missingZone = try await context.send(
            .post, root + "/private/records/lookup", query: signedIn,
            body: ["records": [["recordName": "treaty"]], "zoneID": ["zoneName": "treaty-no-such-zone"]])
        if missingZone.status != 404 || missingZone.json?["serverErrorCode"]?.stringValue != "ZONE_NOT_FOUND" {
            context.fail(
                .cloudKitError, "\(missingZone.request) (an unknown zone) answered \(missingZone.status)",
                detail: "fix: an unknown zone is ZONE_NOT_FOUND on HTTP 404 (cloudkit.md §5)")
        }
        let changes = try await context.send(
            .post, root + "/private/records/changes", query: signedIn, body: ["zoneID": ["zoneName": "_defaultZone"]])
        if changes.status != 400 || changes.json?["serverErrorCode"]?.stringValue != "BAD_REQUEST" {
            context.fail(
                .cloudKitSync, "\(changes.request) (the default zone) answered \(changes.status)",
                detail:
                    "fix: records/changes serves custom zones only; the default zone is BAD_REQUEST (cloudkit.md §7)")
        }
    }

    /// records/modify and lookup (cloudkit.md §3, §4, §5, §7, §12): EXISTS, failure entries with
    /// a `uuid`, a missing lookup in request order, one operation per record, a stale delete,
    /// delete results, a server-picked name, untyped input values and `numbersAsStrings`.
    static func modifySemantics(_ bench: CloudKitBench, type: CloudKitRecordType, unique: String) async throws {
        let context = bench.context
        let name = "treaty-\(unique)-m"
        _ = try await create(bench, type: type, name: name, unique: unique)
        let sent = fields(type, name: name, unique: unique)
        try await cleaning(bench, [name]) {
            let again = try await bench.modify(
                [
                    CloudKitBench.operation(
                        "create",
                        ["recordName": .string(name), "recordType": .string(type.name), "fields": .object(sent)])
                ],
                "creating a record whose name exists")
            if again.value(at: "/records/0/serverErrorCode")?.stringValue != "EXISTS"
                || again.value(at: "/records/0/uuid")?.stringValue == nil
            {
                context.fail(
                    .cloudKitError, at: "/records/0",
                    "\(again.request): creating an existing record is not an EXISTS entry with a uuid")
            }
            let lookup = try await bench.send(
                "records/lookup",
                bench.body([
                    "records": [["recordName": .string("treaty-\(unique)-none")], ["recordName": .string(name)]]
                ]))
            try context.require(
                lookup, status: 200, rule: .cloudKitError, "records/lookup of a missing and an existing record")
            if lookup.value(at: "/records/0/serverErrorCode")?.stringValue != "NOT_FOUND"
                || lookup.value(at: "/records/0/uuid")?.stringValue == nil
                || lookup.value(at: "/records/1/recordName")?.stringValue != name
            {
                context.fail(
                    .cloudKitError, at: "/records",
                    "\(lookup.request): expected a NOT_FOUND entry with a uuid, then the record, in request order")
            }
            let same = CloudKitBench.operation(
                "forceUpdate", ["recordName": .string(name), "recordType": .string(type.name)])
            let twice = try await bench.send("records/modify", bench.body(["operations": [same, same]]))
            if twice.status != 400 || twice.json?["serverErrorCode"]?.stringValue != "BAD_REQUEST" {
                context.fail(
                    .cloudKitError,
                    "\(twice.request): two operations on one record answered \(twice.status), not BAD_REQUEST")
            }
            let stale = try await bench.modify(
                [CloudKitBench.operation("delete", ["recordName": .string(name), "recordChangeTag": "treaty-stale"])],
                "deleting with a stale change tag")
            let kept = try await bench.lookup(name) != nil
            if stale.value(at: "/records/0/serverErrorCode")?.stringValue != "CONFLICT" || !kept {
                context.fail(
                    .cloudKitChangeTag, at: "/records/0",
                    "\(stale.request): a delete with a stale change tag is not CONFLICT, or it deleted")
            }
            if let int = type.fieldOrder.first(where: { type.fields[$0]?.type == .int64 }) {
                let strings = try await bench.send(
                    "records/lookup",
                    bench.body(["records": [["recordName": .string(name)]], "numbersAsStrings": true]))
                if strings.value(at: "/records/0/fields/\(int)/value")?.stringValue == nil {
                    context.fail(
                        .cloudKitField, at: "/records/0/fields/\(int)/value",
                        "\(strings.request): numbersAsStrings did not render the INT64 '\(int)' as a string")
                }
            }
        }
        try await referenceNeedsAction(bench, type: type, target: name, unique: unique)
        var untyped = JSONObject()
        for member in sent.members {
            untyped[member.key] = member.value["value"].map { JSONValue.object(["value": $0]) }
        }
        let picked = try await bench.modify(
            [CloudKitBench.operation("create", ["recordType": .string(type.name), "fields": .object(untyped)])],
            "creating a record without a recordName, its values without types")
        guard let chosen = picked.value(at: "/records/0/recordName")?.stringValue, !chosen.isEmpty else {
            context.fail(
                .cloudKitRecord, at: "/records/0",
                "\(picked.request): the server picked no recordName (or refused untyped values)")
            return
        }
        try await cleaning(bench, [chosen]) {
            let stored = try await bench.lookup(chosen)?["fields"]?.objectValue ?? JSONObject()
            for member in sent.members where stored[member.key]?["type"] != member.value["type"] {
                context.fail(
                    .cloudKitField, at: "/records/0/fields/\(member.key)",
                    "'\(member.key)' saved without a type reads back as \(stored[member.key]?.serialized() ?? "missing")",
                    detail:
                        "fix: type may be omitted on input; infer it from the schema, always emit it (cloudkit.md §4)")
            }
            let tag = try await bench.lookup(chosen)?["recordChangeTag"] ?? .null
            let deleted = try await bench.modify(
                [CloudKitBench.operation("delete", ["recordName": .string(chosen), "recordChangeTag": tag])],
                "deleting with the current tag")
            if deleted.value(at: "/records/0/deleted") != .bool(true)
                || deleted.value(at: "/records/0/recordName")?.stringValue != chosen
            {
                context.fail(
                    .cloudKitRecord, at: "/records/0",
                    "\(deleted.request): a delete answered \(deleted.value(at: "/records/0")?.serialized() ?? "nothing"), not {recordName, deleted: true}"
                )
            }
        }
    }

    /// Update keeps what it does not name, replace drops it, `{"value": null}` clears
    /// (cloudkit.md §5).
    static func updateSemantics(_ bench: CloudKitBench, type: CloudKitRecordType, unique: String) async throws {
        let context = bench.context
        let name = "treaty-\(unique)-u"
        let sent = fields(type, name: name, unique: unique)
        guard sent.count >= 2, let first = sent.keys.first, let firstValue = sent[first] else { return }
        _ = try await create(bench, type: type, name: name, unique: unique)
        try await cleaning(bench, [name]) {
            func save(_ operation: String, _ fields: JSONObject, _ meaning: String) async throws -> JSONObject {
                let tag = try await bench.lookup(name)?["recordChangeTag"] ?? .null
                let reply = try await bench.modify(
                    [
                        CloudKitBench.operation(
                            operation,
                            [
                                "recordName": .string(name), "recordType": .string(type.name), "recordChangeTag": tag,
                                "fields": .object(fields),
                            ])
                    ],
                    meaning)
                if reply.value(at: "/records/0/serverErrorCode") != nil {
                    context.fail(.cloudKitRecord, at: "/records/0", "\(reply.request): \(meaning) failed")
                }
                return try await bench.lookup(name)?["fields"]?.objectValue ?? JSONObject()
            }
            let updated = try await save("update", [first: firstValue], "an update of one field")
            if Set(updated.keys) != Set(sent.keys) {
                context.fail(
                    .cloudKitField, at: "/records/0/fields",
                    "an update of '\(first)' left the fields \(updated.keys), expected \(sent.keys)",
                    detail: "fix: update changes only the given fields (cloudkit.md §5)")
            }
            let cleared = try await save("update", [first: ["value": .null]], "an update that clears a field")
            if cleared[first] != nil {
                context.fail(
                    .cloudKitNull, at: "/records/0/fields/\(first)",
                    "an update with {\"value\": null} did not clear '\(first)'")
            }
            let replaced = try await save("replace", [first: firstValue], "a replace with one field")
            if replaced.keys != [first] {
                context.fail(
                    .cloudKitField, at: "/records/0/fields",
                    "a replace with '\(first)' left the fields \(replaced.keys)",
                    detail: "fix: replace nulls every field it does not give (cloudkit.md §5)")
            }
        }
    }

    /// A query's comparators, AND-ed filters, default ascending sort and index checks
    /// (cloudkit.md §6).
    static func comparators(_ bench: CloudKitBench, type: CloudKitRecordType, field: String, unique: String)
        async throws
    {
        let context = bench.context
        let names = ["a", "b", "c"].map { "treaty-\(unique)-k\($0)" }
        for name in names { _ = try await create(bench, type: type, name: name, unique: unique, marker: name) }
        let outside = "treaty-\(unique)-kx"
        _ = try await create(bench, type: type, name: outside, unique: unique, marker: "a-treaty-\(unique)")
        try await cleaning(bench, names + [outside]) {
            func value(_ index: Int) -> JSONValue { ["value": .string(names[index]), "type": "STRING"] }
            func query(_ comparator: String, _ fieldValue: JSONValue, sorted: Bool = false) async throws -> [String] {
                var query: JSONObject = [
                    "recordType": .string(type.name),
                    "filterBy": [
                        [
                            "comparator": "BEGINS_WITH", "fieldName": .string(field),
                            "fieldValue": ["value": .string("treaty-\(unique)-k"), "type": "STRING"],
                        ],
                        ["comparator": .string(comparator), "fieldName": .string(field), "fieldValue": fieldValue],
                    ],
                ]
                if sorted { query["sortBy"] = [["fieldName": .string(field)]] }
                let reply = try await bench.send("records/query", bench.body(["query": .object(query)]))
                try context.require(reply, status: 200, rule: .cloudKitPaging, "a query with \(comparator)")
                return (reply.value(at: "/records")?.arrayValue ?? []).compactMap { $0["recordName"]?.stringValue }
            }
            let list: JSONValue = ["value": [.string(names[0]), .string(names[2])], "type": "STRING_LIST"]
            let checks: [(String, JSONValue, [Int])] = [
                ("LESS_THAN", value(1), [0]), ("LESS_THAN_OR_EQUALS", value(1), [0, 1]),
                ("GREATER_THAN", value(1), [2]),
                ("GREATER_THAN_OR_EQUALS", value(1), [1, 2]), ("NOT_EQUALS", value(1), [0, 2]), ("IN", list, [0, 2]),
                ("NOT_IN", list, [1]),
            ]
            for (comparator, fieldValue, expected) in checks {
                let got = Set(try await query(comparator, fieldValue))
                if got != Set(expected.map { names[$0] }) {
                    context.fail(
                        .cloudKitPaging, at: "/records",
                        "records/query with \(comparator) \(fieldValue.serialized()) gave \(got.sorted()), expected \(expected.map { names[$0] })",
                        detail: "fix: filters are AND-ed and compare as cloudkit.md §6 says")
                }
            }
            if type.fields[field]?.indexes.contains(.sortable) == true {
                let sorted = try await query("NOT_EQUALS", ["value": "treaty-none", "type": "STRING"], sorted: true)
                if sorted != names {
                    context.fail(
                        .cloudKitPaging, at: "/records",
                        "a sortBy without 'ascending' gave \(sorted), expected ascending \(names)")
                }
            }
            if let plain = type.fieldOrder.first(where: {
                type.fields[$0]?.indexes.contains(.queryable) == false && type.fields[$0]?.type == .int64
            }) {
                let reply = try await bench.send(
                    "records/query",
                    bench.body([
                        "query": [
                            "recordType": .string(type.name),
                            "filterBy": [
                                [
                                    "comparator": "EQUALS", "fieldName": .string(plain),
                                    "fieldValue": ["value": 1, "type": "INT64"],
                                ]
                            ],
                        ]
                    ]))
                if reply.status != 400 || reply.json?["serverErrorCode"]?.stringValue != "BAD_REQUEST" {
                    context.fail(
                        .cloudKitError,
                        "\(reply.request): a filter on '\(plain)', which has no QUERYABLE index, answered \(reply.status)",
                        detail: "fix: filtering needs a QUERYABLE index, else BAD_REQUEST (cloudkit.md §6)")
                }
            }
        }
    }
}

extension CloudKitSuites {
    /// The auth suite's case for transport and authentication clauses.
    func transportCase(suite: String) -> VerificationCase {
        let (credentials, type) = (self.credentials, schema.recordTypes.keys.sorted().first ?? "")
        var clauses = ["§1.3", "§2.1"]
        if credentials.webAuthToken != nil { clauses += ["§2.2", "§2.4", "§5.13", "§7.3", "§7.6"] }
        return makeCase(
            suite, "any content type, unknown tokens, sign-in, users/current, zones and an unknown zone",
            rules: [.cloudKitError], clauses: clauses, writes: false
        ) { bench, _ in
            try await Self.transport(bench, credentials: credentials, type: type)
        }
    }

    /// A record type's cases for the clauses of records/modify, lookup and query.
    func clauseCases(_ type: CloudKitRecordType, suite: String) -> [VerificationCase] {
        var modify = ["§3.1", "§4.1", "§5.1", "§5.5", "§5.8", "§5.9", "§5.10", "§7.1", "§12.2", "§12.4"]
        if type.fieldOrder.contains(where: { type.fields[$0]?.type == .int64 }) { modify.append("§4.3") }
        if type.fieldOrder.contains(where: { type.fields[$0]?.type == .reference }) { modify.append("§4.4") }
        var cases = [
            makeCase(
                suite,
                "EXISTS, lookups in order, one operation per record, stale deletes, picked names and untyped values",
                rules: [.cloudKitError, .cloudKitRecord, .cloudKitField], clauses: modify.sorted(), writes: true
            ) { bench, unique in
                try await Self.modifySemantics(bench, type: type, unique: unique)
            }
        ]
        if Self.fields(type, name: "x", unique: "x").count >= 2 {
            cases.append(
                makeCase(
                    suite, "update keeps what it does not name, replace drops it, a null value clears",
                    rules: [.cloudKitField, .cloudKitNull], clauses: ["§5.4", "§5.6"], writes: true
                ) { bench, unique in
                    try await Self.updateSemantics(bench, type: type, unique: unique)
                })
        }
        if let field = Self.queryField(type) {
            var clauses = ["§6.3", "§6.4", "§6.5"]
            if type.fields[field]?.indexes.contains(.sortable) == true { clauses.append("§6.6") }
            if type.fieldOrder.contains(where: {
                type.fields[$0]?.indexes.contains(.queryable) == false && type.fields[$0]?.type == .int64
            }) {
                clauses.append("§6.7")
            }
            cases.append(
                makeCase(
                    suite, "query comparators compare, filters AND, sorts ascend by default and need their index",
                    rules: [.cloudKitPaging, .cloudKitError], clauses: clauses, writes: true
                ) { bench, unique in
                    try await Self.comparators(bench, type: type, field: field, unique: unique)
                })
        }
        return cases
    }
}
