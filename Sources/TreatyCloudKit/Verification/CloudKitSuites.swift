internal import Foundation
internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

/// The generated suites of a CloudKit contract:
///
/// - `<api>.auth`: a request without an API token, and a malformed body, answer CloudKit errors.
/// - `<api>.<RecordType>` for each type a create can fill: create, lookup and update with the
///   change tag and with a stale one (CONFLICT), a filtered query paged with its continuation
///   marker, and — in a custom zone of the private database — changes since a sync token and an
///   atomic batch that fails as a whole.
///
/// Further cases prove the clauses of cloudkit.md one by one (``CloudKitPlugin/specClauses``,
/// in `+Clauses`). Every case deletes what it created.
struct CloudKitSuites {
    let contract: Contract
    let schema: CloudKitSchema
    let credentials: CloudKitCredentials

    func suites() -> [VerificationSuite] {
        let auth = "\(contract.api).auth"
        var suites = [VerificationSuite(name: auth, file: contract.file, cases: authCases() + [transportCase(suite: auth)] + serverCases(suite: auth))]
        for name in schema.recordTypes.keys.sorted() {
            guard let type = schema.recordTypes[name], CloudKitSampleValues.plainField(type) != nil else { continue }
            let suite = "\(contract.api).\(name)"
            suites.append(
                VerificationSuite(
                    name: suite, file: contract.file, cases: recordCases(type, suite: suite) + clauseCases(type, suite: suite)
                        + batchCases(type, suite: suite) + valueCases(type, suite: suite) + forcedCases(type, suite: suite)))
        }
        return suites
    }

    private var database: String {
        credentials.webAuthToken != nil && !schema.zones.isEmpty ? "private" : "public"
    }

    var zone: String? {
        database == "private" ? (schema.zones.first { $0.atomic } ?? schema.zones.first)?.name : nil
    }

    func makeCase(
        _ suite: String, _ name: String, rules: [RuleID], clauses: [String] = [], writes: Bool,
        run: @escaping @Sendable (CloudKitBench, String) async throws -> Void
    ) -> VerificationCase {
        let (credentials, database, zone) = (self.credentials, self.database, self.zone)
        let title = "\(rules.map(\.rawValue).joined(separator: ", ")) \(name)"
        return VerificationCase(suite: suite, name: title, rules: rules, clauses: clauses, location: nil, writes: writes) {
            context in
            context.conceal(credentials.secrets)
            let bench = CloudKitBench(context: context, credentials: credentials, database: database, zone: zone)
            try await run(bench, UUID().uuidString.prefix(8).lowercased())
        }
    }

    private func authCases() -> [VerificationCase] {
        let suite = "\(contract.api).auth"
        let credentials = self.credentials
        return [
            makeCase(suite, "a request without an API token is refused in CloudKit's error format", rules: [.cloudKitError], clauses: ["§1.5", "§12.3"], writes: false) {
                bench, _ in
                let path = "/database/1/\(credentials.container)/\(credentials.environment)/public/records/query"
                let reply = try await bench.context.send(.post, path, body: ["query": ["recordType": "Treaty"]])
                guard reply.status == 421 || reply.status == 401 else {
                    bench.context.fail(
                        .cloudKitError, "\(reply.request) without ckAPIToken answered HTTP \(reply.status), not 421 or 401")
                    return
                }
                bench.context.record(CloudKitConformance.checkError(reply.json, status: reply.status), in: reply)
            },
            makeCase(suite, "a malformed body is BAD_REQUEST", rules: [.cloudKitError], clauses: ["§1.5", "§8.1"], writes: false) { bench, _ in
                let path = "/database/1/\(credentials.container)/\(credentials.environment)/public/records/query"
                let reply = try await bench.context.send(
                    .post, path, query: [("ckAPIToken", credentials.apiToken)], bytes: Array("{\"query\": ".utf8))
                try bench.context.require(reply, status: 400, rule: .cloudKitError, "a body that is not JSON")
                bench.context.record(CloudKitConformance.checkError(reply.json, status: reply.status), in: reply)
                if reply.json?["serverErrorCode"]?.stringValue != "BAD_REQUEST" {
                    bench.context.fail(.cloudKitError, at: "/serverErrorCode", "\(reply.request): expected BAD_REQUEST")
                }
            },
        ]
    }

    private func recordCases(_ type: CloudKitRecordType, suite: String) -> [VerificationCase] {
        var cases = [
            makeCase(suite, "create, lookup, update with the change tag, and a stale tag is CONFLICT", rules: Self.recordRules + [.cloudKitChangeTag], clauses: ["§1.4", "§3.2", "§3.4", "§4.1", "§4.2", "§5.2"], writes: true) {
                bench, unique in
                try await Self.changeTagRoundTrip(bench, type: type, unique: unique)
            }
        ]
        cases.append(
            makeCase(suite, "a saved record reads back with every field, and desiredKeys narrows a lookup", rules: [.cloudKitField], clauses: ["§5.3", "§7.2"], writes: true) {
                bench, unique in
                try await Self.fieldsReadBack(bench, type: type, unique: unique)
            })
        if let field = Self.queryField(type) {
            cases.append(
                makeCase(suite, "a filtered query pages with its continuation marker", rules: [.cloudKitPaging], clauses: ["§6.1"], writes: true) {
                    bench, unique in
                    try await Self.pagedQuery(bench, type: type, field: field, unique: unique)
                })
            cases.append(
                makeCase(suite, "a query's GREATER_THAN and LESS_THAN exclude their value", rules: [.cloudKitPaging], writes: true) {
                    bench, unique in
                    try await Self.exclusiveBoundaries(bench, type: type, field: field, unique: unique)
                })
            if let sortField = Self.sortField(type) {
                cases.append(
                    makeCase(suite, "a query filters, sorts both ways on \(sortField) and honours desiredKeys", rules: [.cloudKitPaging], writes: true) {
                        bench, unique in
                        try await Self.sortedQuery(bench, type: type, field: field, sortField: sortField, unique: unique)
                    })
            }
        }
        if database == "private", zone != nil {
            cases.append(
                makeCase(suite, "changes since a sync token show updates once and deletions as deleted", rules: [.cloudKitSync], clauses: ["§7.4"], writes: true) {
                    bench, unique in
                    try await Self.changesSinceToken(bench, type: type, unique: unique)
                })
            cases.append(
                makeCase(suite, "the change feed pages by resultsLimit with moreComing, each later change once", rules: [.cloudKitSync], clauses: ["§7.5"], writes: true) {
                    bench, unique in
                    try await Self.pagedChanges(bench, type: type, unique: unique)
                })
            if schema.zones.contains(where: { $0.atomic }) {
                cases.append(
                    makeCase(suite, "an atomic batch with a failing operation writes nothing", rules: [.cloudKitAtomic], clauses: ["§5.2", "§5.11"], writes: true) {
                        bench, unique in
                        try await Self.atomicBatch(bench, type: type, unique: unique)
                    })
            }
        }
        return cases
    }

    /// The rules every answer holding records is judged with.
    static let recordRules: [RuleID] = [
        .cloudKitRecord, .cloudKitField, .cloudKitFieldName, .cloudKitNull, .cloudKitReference,
    ]

    /// A STRING field that is queryable, for the paged query.
    static func queryField(_ type: CloudKitRecordType) -> String? {
        type.fieldOrder.first { type.fields[$0]?.type == .string && type.fields[$0]?.indexes.contains(.queryable) == true }
    }

    /// The fields of a record the suites create: a value for every plain field (the query
    /// field `marker` when given), and a NONE reference to itself for reference fields.
    static func fields(_ type: CloudKitRecordType, name: String, unique: String, marker: String? = nil) -> JSONObject {
        var fields = JSONObject()
        for field in type.fieldOrder {
            guard let declared = type.fields[field] else { continue }
            if declared.type == .reference {
                fields[field] = ["value": ["recordName": .string(name), "action": "NONE"], "type": "REFERENCE"]
            } else if let value = CloudKitSampleValues.value(for: declared.type, unique: unique) {
                fields[field] = ["value": value, "type": .string(declared.type.rawValue)]
            }
        }
        if let marker, let field = queryField(type) { fields[field] = ["value": .string(marker), "type": "STRING"] }
        return fields
    }

    static func create(_ bench: CloudKitBench, type: CloudKitRecordType, name: String, unique: String, marker: String? = nil)
        async throws -> String
    {
        let record: JSONObject = [
            "recordName": .string(name), "recordType": .string(type.name),
            "fields": .object(fields(type, name: name, unique: unique, marker: marker)),
        ]
        let reply = try await bench.modify([CloudKitBench.operation("create", record)], "creating record '\(name)'")
        guard let tag = reply.value(at: "/records/0/recordChangeTag")?.stringValue else {
            bench.context.fail(.cloudKitRecord, at: "/records/0", "\(reply.request): the created record has no recordChangeTag")
            throw CaseContext.Stop()
        }
        return tag
    }

    /// Runs `body`, then deletes `names` whether it failed or not.
    static func cleaning(_ bench: CloudKitBench, _ names: [String], _ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch {
            try? await delete(bench, names)
            throw error
        }
        try await delete(bench, names)
    }

    static func delete(_ bench: CloudKitBench, _ names: [String]) async throws {
        let operations = names.map { CloudKitBench.operation("forceDelete", ["recordName": .string($0)]) }
        for start in stride(from: 0, to: operations.count, by: CloudKitSuitesLimits.operations) {
            let chunk = operations[start..<min(start + CloudKitSuitesLimits.operations, operations.count)]
            _ = try await bench.send("records/modify", bench.body(["operations": .array(Array(chunk)), "atomic": false]))
        }
    }

    static func changeTagRoundTrip(_ bench: CloudKitBench, type: CloudKitRecordType, unique: String) async throws {
        let name = "treaty-\(unique)"
        let tag = try await create(bench, type: type, name: name, unique: unique)
        try await cleaning(bench, [name]) {
            guard let looked = try await bench.lookup(name) else {
                bench.context.fail(.cloudKitRecord, "records/lookup does not find the record just created")
                return
            }
            if looked["recordChangeTag"]?.stringValue != tag {
                bench.context.fail(.cloudKitChangeTag, at: "/records/0/recordChangeTag", "lookup shows another change tag than the create answered")
            }
            let field = CloudKitSampleValues.plainField(type)
            let update = { (changeTag: String, value: String) -> JSONValue in
                var record: JSONObject = ["recordName": .string(name), "recordType": .string(type.name), "recordChangeTag": .string(changeTag)]
                if let field, field.type == .string {
                    record["fields"] = .object([field.name: ["value": .string(value), "type": "STRING"]])
                } else {
                    record["fields"] = .object(fields(type, name: name, unique: value))
                }
                return CloudKitBench.operation("update", record)
            }
            let updated = try await bench.modify([update(tag, "treaty-\(unique)-updated")], "updating with the current change tag")
            guard let newTag = updated.value(at: "/records/0/recordChangeTag")?.stringValue else {
                bench.context.fail(.cloudKitChangeTag, at: "/records/0", "\(updated.request): the update failed: \(updated.value(at: "/records/0").map { $0.serialized() } ?? "")")
                return
            }
            if newTag == tag {
                bench.context.fail(.cloudKitChangeTag, at: "/records/0/recordChangeTag", "\(updated.request): the save kept the old change tag")
            }
            let stale = try await bench.modify([update(tag, "treaty-\(unique)-stale")], "updating with a stale change tag")
            if stale.value(at: "/records/0/serverErrorCode")?.stringValue != "CONFLICT" {
                bench.context.fail(.cloudKitChangeTag, at: "/records/0", "\(stale.request): an update with a stale change tag was not refused with CONFLICT")
            }
            if let after = try await bench.lookup(name), after["recordChangeTag"]?.stringValue != newTag {
                bench.context.fail(.cloudKitChangeTag, at: "/records/0/recordChangeTag", "the stale update changed the record")
            }
        }
    }

    static func pagedQuery(_ bench: CloudKitBench, type: CloudKitRecordType, field: String, unique: String) async throws {
        let names = (1...3).map { "treaty-\(unique)-q\($0)" }
        for name in names { _ = try await create(bench, type: type, name: name, unique: unique, marker: "treaty-\(unique)") }
        try await cleaning(bench, names) {
            var seen: [String] = []
            var marker: JSONValue?
            var pages = 0
            repeat {
                var members: JSONObject = [
                    "query": [
                        "recordType": .string(type.name),
                        "filterBy": [["comparator": "EQUALS", "fieldName": .string(field), "fieldValue": ["value": .string("treaty-\(unique)"), "type": "STRING"]]],
                    ],
                    "resultsLimit": 2,
                ]
                if let marker { members["continuationMarker"] = marker }
                let reply = try await bench.send("records/query", bench.body(members))
                try bench.context.require(reply, status: 200, rule: .cloudKitPaging, "a filtered query")
                bench.context.checkAnswer(reply, as: .endpoint(EndpointRequest(method: "POST", path: "\(bench.base)/records/query")))
                let records = reply.value(at: "/records")?.arrayValue ?? []
                if records.count > 2 {
                    bench.context.fail(.cloudKitPaging, at: "/records", "\(reply.request): \(records.count) records for resultsLimit 2")
                }
                seen += records.compactMap { $0["recordName"]?.stringValue }
                marker = reply.value(at: "/continuationMarker").flatMap { $0 == .null ? nil : $0 }
                pages += 1
            } while marker != nil && pages < 5
            if seen.sorted() != names.sorted() {
                bench.context.fail(.cloudKitPaging, "following continuation markers gave \(seen), not each of \(names) once")
            }
        }
    }

    /// Reads the zone's change feed to its end (at most 50 pages) and returns the last
    /// `syncToken`, or `nil` when the feed answered none: the point later changes are read from.
    static func currentSyncToken(_ bench: CloudKitBench) async throws -> JSONValue? {
        var token: JSONValue?
        for _ in 0..<50 {
            var members: JSONObject = [:]
            if let token { members["syncToken"] = token }
            let reply = try await bench.send("records/changes", bench.body(members))
            try bench.context.require(reply, status: 200, rule: .cloudKitSync, "records/changes of the zone")
            token = reply.value(at: "/syncToken")
            if reply.value(at: "/moreComing") != .bool(true) { break }
        }
        return token
    }

    static func changesSinceToken(_ bench: CloudKitBench, type: CloudKitRecordType, unique: String) async throws {
        guard let token = try await currentSyncToken(bench) else {
            bench.context.fail(.cloudKitSync, at: "/syncToken", "records/changes answered no syncToken")
            return
        }
        let kept = "treaty-\(unique)-kept"
        let gone = "treaty-\(unique)-gone"
        let tag = try await create(bench, type: type, name: kept, unique: unique)
        _ = try await create(bench, type: type, name: gone, unique: unique)
        try await cleaning(bench, [kept]) {
            var record: JSONObject = ["recordName": .string(kept), "recordType": .string(type.name), "recordChangeTag": .string(tag)]
            record["fields"] = .object(fields(type, name: kept, unique: unique + "-2"))
            _ = try await bench.modify([CloudKitBench.operation("update", record)], "updating a record")
            _ = try await bench.modify([CloudKitBench.operation("forceDelete", ["recordName": .string(gone)])], "deleting a record")
            let reply = try await bench.send("records/changes", bench.body(["syncToken": token]))
            try bench.context.require(reply, status: 200, rule: .cloudKitSync, "records/changes since the token")
            bench.context.checkAnswer(reply, as: .endpoint(EndpointRequest(method: "POST", path: "\(bench.base)/records/changes")))
            let entries = reply.value(at: "/records")?.arrayValue ?? []
            let keptEntries = entries.filter { $0["recordName"]?.stringValue == kept }
            if keptEntries.count != 1 {
                bench.context.fail(.cloudKitSync, at: "/records", "\(reply.request): the updated record appears \(keptEntries.count) times, not once")
            } else if keptEntries[0]["recordChangeTag"]?.stringValue == tag {
                bench.context.fail(.cloudKitSync, at: "/records", "\(reply.request): the updated record is not in its latest state")
            }
            let goneEntry = entries.first { $0["recordName"]?.stringValue == gone }
            if goneEntry?["deleted"] != .bool(true) {
                bench.context.fail(.cloudKitSync, at: "/records", "\(reply.request): the deleted record is not listed with \"deleted\": true")
            }
        }
    }

    static func atomicBatch(_ bench: CloudKitBench, type: CloudKitRecordType, unique: String) async throws {
        let fresh = "treaty-\(unique)-atomic"
        let record: JSONObject = [
            "recordName": .string(fresh), "recordType": .string(type.name),
            "fields": .object(fields(type, name: fresh, unique: unique)),
        ]
        let missing: JSONObject = [
            "recordName": .string("treaty-\(unique)-missing"), "recordType": .string(type.name), "recordChangeTag": "1",
        ]
        let reply = try await bench.modify(
            [CloudKitBench.operation("create", record), CloudKitBench.operation("update", missing)], atomic: true,
            "an atomic batch whose second operation fails")
        try await cleaning(bench, [fresh]) {
            if reply.value(at: "/records/0/serverErrorCode")?.stringValue != "ATOMIC_ERROR" {
                bench.context.fail(.cloudKitAtomic, at: "/records/0", "\(reply.request): the create of a failed atomic batch is not ATOMIC_ERROR")
            }
            if reply.value(at: "/records/1/serverErrorCode")?.stringValue != "NOT_FOUND" {
                bench.context.fail(.cloudKitAtomic, at: "/records/1", "\(reply.request): the failing update is not NOT_FOUND")
            }
            if try await bench.lookup(fresh) != nil {
                bench.context.fail(.cloudKitAtomic, "the create of a failed atomic batch was written")
            }
        }
    }
}
