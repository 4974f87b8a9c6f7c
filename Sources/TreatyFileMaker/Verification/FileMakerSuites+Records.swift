internal import Foundation
internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension FileMakerSuites {
    static let recordRules: [RuleID] = [
        .fileMakerRecord, .fileMakerField, .fileMakerType, .fileMakerDate, .fileMakerPortal, .fileMakerIdentity,
    ]

    func recordCases(_ layout: FileMakerLayout, suite: String) -> [VerificationCase] {
        let location = layout.location
        let writable = FileMakerSampleValues.writable(layout)
        var cases = [
            makeRecordCase(
                suite, "\(layout.name): a created record reads back with what was written", rules: Self.recordRules,
                clauses: ["§1.2", "§4.1", "§4.2", "§4.3", "§4.7", "§4.10", "§4.12", "§4.18", "§10.1"], location: location
            ) {
                bench, unique in
                let (id, sent) = try await bench.create(layout, unique: unique)
                let record = try await bench.read(layout, id)
                let fieldData = record["fieldData"]?.objectValue ?? JSONObject()
                for member in sent.members where fieldData[member.key] != member.value {
                    bench.context.fail(
                        .fileMakerType, at: "/response/data/0/fieldData/\(member.key)",
                        "\(layout.name).\(member.key) was written as \(member.value.serialized()) and read back as \(fieldData[member.key].map { $0.serialized() } ?? "missing")"
                    )
                }
                if record["modId"]?.stringValue != "0" {
                    bench.context.fail(
                        .fileMakerRecord, at: "/response/data/0/modId", "a new record's modId is not \"0\"")
                }
            },
            makeRecordCase(
                suite, "\(layout.name): a range answers dataInfo and records",
                rules: [.fileMakerData] + Self.recordRules, clauses: ["§4.20", "§10.1"], location: location
            ) {
                bench, unique in
                _ = try await bench.create(layout, unique: unique)
                let reply = try await bench.context.send(.get, bench.records(layout), query: [("_limit", "5")])
                try bench.context.require(reply, status: 200, rule: .fileMakerData, "a range of a table with records")
                bench.judge(reply, layout: layout)
            },
            makeRecordCase(
                suite, "\(layout.name): a deleted record is 101 (Record is missing)", rules: [.fileMakerError],
                clauses: ["§1.6", "§1.11", "§4.18", "§4.28", "§10.2"], location: location
            ) {
                bench, unique in
                let (id, _) = try await bench.create(layout, unique: unique)
                let deleted = try await bench.context.send(.delete, bench.records(layout) + "/" + id)
                bench.judgeEnvelope(deleted)
                try bench.context.require(deleted, status: 200, rule: nil, "deleting a record the case created")
                let reply = try await bench.context.send(.get, bench.records(layout) + "/" + id)
                try bench.requireError(reply, code: 101, status: 500, rule: .fileMakerError, "reading a deleted record")
            },
            makeRecordCase(
                suite, "\(layout.name): a duplicate is a new record with modId 0", rules: [.fileMakerRecord],
                clauses: ["§4.27"], location: location
            ) {
                bench, unique in
                let (id, _) = try await bench.create(layout, unique: unique)
                let reply = try await bench.context.send(
                    .post, bench.records(layout) + "/" + id, body: .object(JSONObject()))
                bench.judgeEnvelope(reply)
                try bench.context.require(
                    reply, status: 200, rule: .fileMakerRecord, "duplicating a record the case created")
                guard let copy = reply.value(at: "/response/recordId")?.stringValue, copy != id else {
                    bench.context.fail(.fileMakerRecord, at: "/response/recordId", "\(reply.request): no new recordId")
                    return
                }
                bench.context.adopt(id: copy, deletePath: bench.records(layout) + "/" + copy)
                if reply.value(at: "/response/modId")?.stringValue != "0" {
                    bench.context.fail(
                        .fileMakerRecord, at: "/response/modId", "\(reply.request): the copy's modId is not \"0\"")
                }
            },
        ]
        if let field = writable.first {
            cases.append(
                makeRecordCase(
                    suite,
                    "\(layout.name): an edit with the current modId is stored; a stale one is 306 and writes nothing",
                    rules: [.fileMakerRecord, .fileMakerError], clauses: ["§4.9", "§4.23", "§4.26"], location: location
                ) {
                    bench, unique in
                    let (id, _) = try await bench.create(layout, unique: unique)
                    let value = FileMakerSampleValues.changed(field, layout: layout, unique: unique)
                    let key = FileMakerRepetition.keys(of: field).first ?? field.name
                    let path = bench.records(layout) + "/" + id
                    let edit = try await bench.context.send(
                        .patch, path, body: ["fieldData": [key: value], "modId": "0"])
                    bench.judgeEnvelope(edit)
                    try bench.context.require(
                        edit, status: 200, rule: .fileMakerRecord, "an edit with the current modId")
                    if edit.value(at: "/response/modId")?.stringValue != "1" {
                        bench.context.fail(
                            .fileMakerRecord, at: "/response/modId",
                            "\(edit.request): the edit did not answer modId \"1\"")
                    }
                    let stale = try await bench.context.send(
                        .patch, path,
                        body: [
                            "fieldData": [key: FileMakerSampleValues.value(for: field, layout: layout, unique: unique)],
                            "modId": "0",
                        ])
                    try bench.requireError(
                        stale, code: 306, status: 500, rule: .fileMakerError, "an edit with a stale modId")
                    let record = try await bench.read(layout, id)
                    if record["fieldData"]?.objectValue?[key] != value {
                        bench.context.fail(
                            .fileMakerRecord, at: "/response/data/0/fieldData/\(key)",
                            "the stale edit changed '\(key)', or the first edit was lost")
                    }
                })
        }
        if let field = writable.first(where: { $0.result == .text && $0.valueList == nil && $0.repetitions == 1 }) {
            cases.append(
                makeRecordCase(
                    suite, "\(layout.name): _find finds the record by '\(field.name)', and an omit of it leaves 401",
                    rules: [.fileMakerData, .fileMakerError], clauses: ["§5.6", "§5.11", "§5.16"], location: location
                ) {
                    bench, unique in
                    let (id, sent) = try await bench.create(layout, unique: unique)
                    let text = sent[field.name]?.stringValue ?? ""
                    let find = "\(bench.base)/layouts/\(FileMakerPathSegment.escape(layout.name))/_find"
                    let reply = try await bench.context.send(
                        .post, find, body: ["query": [[.init(stringLiteral: field.name): .string("==" + text)]]])
                    try bench.context.require(
                        reply, status: 200, rule: .fileMakerData, "a find for a value the case wrote")
                    bench.judge(reply, layout: layout)
                    let ids = (reply.value(at: "/response/data")?.arrayValue ?? []).compactMap {
                        $0.objectValue?["recordId"]?.stringValue
                    }
                    if !ids.contains(id) {
                        bench.context.fail(
                            .fileMakerData, at: "/response/data", "\(reply.request): the record \(id) was not found")
                    }
                    let omitted = try await bench.context.send(
                        .post, find,
                        body: [
                            "query": [
                                [.init(stringLiteral: field.name): .string("==" + text)],
                                [.init(stringLiteral: field.name): .string("==" + text), "omit": "true"],
                            ]
                        ])
                    try bench.requireError(
                        omitted, code: 401, status: 500, rule: .fileMakerError, "a find whose omit removes every match")
                })
        }
        if let portal = layout.portals.first, let related = database.table(named: portal.table),
            let field = portal.fields.compactMap({ related.field(named: $0) }).first(where: {
                $0.isWritable && $0.result == .text
            })
        {
            cases.append(
                makeRecordCase(
                    suite, "\(layout.name): a portal row created by an edit shows in portalData",
                    rules: [.fileMakerPortal], clauses: ["§4.10", "§4.24"], location: portal.location
                ) {
                    bench, unique in
                    let (id, _) = try await bench.create(layout, unique: unique)
                    let value = JSONValue.string("treaty row \(unique)")
                    let row: JSONValue = [.init(stringLiteral: portal.qualified(field.name)): value]
                    let edit = try await bench.context.send(
                        .patch, bench.records(layout) + "/" + id,
                        body: [
                            "fieldData": .object(JSONObject()),
                            "portalData": [.init(stringLiteral: portal.name): [row]],
                        ])
                    try bench.context.require(
                        edit, status: 200, rule: .fileMakerPortal, "adding a portal row through an edit")
                    let record = try await bench.read(layout, id)
                    let rows = record["portalData"]?.objectValue?[portal.name]?.arrayValue ?? []
                    guard
                        let created = rows.first(where: { $0.objectValue?[portal.qualified(field.name)] == value })?
                            .objectValue
                    else {
                        bench.context.fail(
                            .fileMakerPortal, at: "/response/data/0/portalData/\(portal.name)",
                            "the new row is not in portal '\(portal.name)'")
                        return
                    }
                    if let rowID = created["recordId"]?.stringValue {
                        let related = "\(bench.base)/layouts/\(FileMakerPathSegment.escape(portal.table))/records/\(rowID)"
                        if database.layout(named: portal.table) != nil {
                            bench.context.adopt(id: rowID, deletePath: related)
                        }
                    }
                })
        }
        return cases
    }

    func makeRecordCase(
        _ suite: String, _ name: String, rules: [RuleID], clauses: [String] = [], location: SourceLocation?,
        run: @escaping @Sendable (FileMakerBench, String) async throws -> Void
    ) -> VerificationCase {
        let (database, account) = (self.database, self.account)
        let title = "\(rules.map(\.rawValue).joined(separator: ", ")) \(name)"
        return VerificationCase(
            suite: suite, name: title, rules: rules, clauses: clauses, location: location, writes: true
        ) { context in
            let bench = try await FileMakerBench.start(context, database: database, account: account)
            try await run(bench, String(UUID().uuidString.prefix(8)).lowercased())
        }
    }
}
