internal import TreatyDialectKit
internal import TreatyJSON

extension CloudKitSuites {
    /// Every typed value reads back in its type's wire form, as it was saved (cloudkit.md §4):
    /// TIMESTAMP integer milliseconds, DOUBLE a number kept as sent, BYTES base64, LOCATION
    /// `{latitude, longitude}`, a `<T>_LIST` an array of its element's form.
    static func wireForms(_ bench: CloudKitBench, type: CloudKitRecordType, unique: String) async throws {
        let name = "treaty-\(unique)-w"
        _ = try await create(bench, type: type, name: name, unique: unique)
        try await cleaning(bench, [name]) {
            let sent = fields(type, name: name, unique: unique)
            guard let stored = try await bench.lookup(name)?["fields"]?.objectValue else {
                bench.context.fail(.cloudKitRecord, "records/lookup does not find the record just created")
                return
            }
            for member in sent.members {
                guard let declared = type.fields[member.key]?.type, Self.hasWireForm(declared) else { continue }
                let got = stored[member.key]
                if got?["type"]?.stringValue != declared.rawValue || !Self.same(got?["value"], member.value["value"]) {
                    bench.context.fail(
                        .cloudKitField, at: "/records/0/fields/\(member.key)",
                        "the \(declared.rawValue) '\(member.key)' saved as \(member.value.serialized()) reads back as \(got?.serialized() ?? "missing")",
                        detail:
                            "fix: TIMESTAMP is integer ms, DOUBLE a number, BYTES base64, LOCATION {latitude, longitude}, a list an array of its element (cloudkit.md §4)"
                    )
                }
            }
        }
    }

    /// Whether `type` has a wire form other than a JSON string (what the wire-form case checks).
    static func hasWireForm(_ type: CloudKitFieldType) -> Bool {
        type != .string && type != .reference && CloudKitSampleValues.value(for: type, unique: "x") != nil
    }

    /// Whether two field values are equal, numbers by value (`1.5` is `1.50`).
    static func same(_ left: JSONValue?, _ right: JSONValue?) -> Bool {
        switch (left, right) {
        case (.number(let a)?, .number(let b)?): a.doubleValue == b.doubleValue && a.isInteger == b.isInteger
        case (.array(let a)?, .array(let b)?): a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
        case (.object(let a)?, .object(let b)?):
            b.members.allSatisfy { same(a[$0.key], $0.value) }
        default: left == right
        }
    }

    /// VALIDATE and DELETE_SELF references (cloudkit.md §4): a VALIDATE reference to a missing
    /// record is VALIDATING_REFERENCE_ERROR, its target cannot be deleted while referred to, and
    /// deleting a DELETE_SELF reference's target deletes the referring record too.
    static func referenceActions(_ bench: CloudKitBench, type: CloudKitRecordType, reference: String, unique: String)
        async throws
    {
        let context = bench.context
        let target = "treaty-\(unique)-target"
        let (validating, following) = ("treaty-\(unique)-validating", "treaty-\(unique)-following")
        _ = try await create(bench, type: type, name: target, unique: unique)
        func save(_ name: String, to referred: String, _ action: String) async throws -> Reply {
            var values = fields(type, name: name, unique: unique)
            values[reference] = [
                "value": ["recordName": .string(referred), "action": .string(action)], "type": "REFERENCE",
            ]
            return try await bench.modify(
                [
                    CloudKitBench.operation(
                        "create",
                        ["recordName": .string(name), "recordType": .string(type.name), "fields": .object(values)])
                ],
                "saving a \(action) reference to '\(referred)'")
        }
        try await cleaning(bench, [validating, following, target]) {
            let dangling = try await save(validating, to: "treaty-\(unique)-none", "VALIDATE")
            let written = try await bench.lookup(validating) != nil
            if dangling.value(at: "/records/0/serverErrorCode")?.stringValue != "VALIDATING_REFERENCE_ERROR" || written
            {
                context.fail(
                    .cloudKitReference, at: "/records/0",
                    "\(dangling.request): a VALIDATE reference to a missing record answered \(dangling.value(at: "/records/0/serverErrorCode")?.stringValue ?? "success")\(written ? ", and the record was written" : "")",
                    detail:
                        "fix: a VALIDATE reference's target must exist, else VALIDATING_REFERENCE_ERROR (cloudkit.md §4)"
                )
                if written { try await delete(bench, [validating]) }
            }
            _ = try await save(validating, to: target, "VALIDATE")
            let refused = try await bench.modify(
                [CloudKitBench.operation("forceDelete", ["recordName": .string(target)])],
                "deleting the target of a VALIDATE reference")
            let kept = try await bench.lookup(target) != nil
            if refused.value(at: "/records/0/serverErrorCode")?.stringValue != "VALIDATING_REFERENCE_ERROR" || !kept {
                context.fail(
                    .cloudKitReference, at: "/records/0",
                    "\(refused.request): the target of a VALIDATE reference was deleted (or not refused with VALIDATING_REFERENCE_ERROR)",
                    detail: "fix: a record a VALIDATE reference names cannot be deleted (cloudkit.md §4)")
                return
            }
            try await delete(bench, [validating])
            _ = try await save(following, to: target, "DELETE_SELF")
            _ = try await bench.modify(
                [CloudKitBench.operation("forceDelete", ["recordName": .string(target)])],
                "deleting the target of a DELETE_SELF reference")
            if try await bench.lookup(following) != nil {
                context.fail(
                    .cloudKitReference, at: "/records/0",
                    "deleting '\(target)' kept '\(following)', whose DELETE_SELF reference names it",
                    detail:
                        "fix: deleting a target deletes every record whose DELETE_SELF reference names it (cloudkit.md §4)"
                )
            }
        }
    }

    /// Saving an ASSETID value without the receipt of an upload is a BAD_REQUEST entry and writes
    /// nothing (cloudkit.md §12).
    static func assetNeedsReceipt(_ bench: CloudKitBench, type: CloudKitRecordType, asset: String, unique: String)
        async throws
    {
        let name = "treaty-\(unique)-asset"
        var values = fields(type, name: name, unique: unique)
        values[asset] = ["value": ["fileChecksum": "dHJlYXR5", "size": 6], "type": "ASSETID"]
        let reply = try await bench.modify(
            [
                CloudKitBench.operation(
                    "create",
                    ["recordName": .string(name), "recordType": .string(type.name), "fields": .object(values)])
            ],
            "saving an ASSETID without an upload receipt")
        let written = try await bench.lookup(name) != nil
        if reply.value(at: "/records/0/serverErrorCode")?.stringValue != "BAD_REQUEST" || written {
            bench.context.fail(
                .cloudKitField, at: "/records/0",
                "\(reply.request): an ASSETID without a receipt was not a BAD_REQUEST entry\(written ? ", and the record was written" : "")",
                detail: "fix: an ASSETID value carries the receipt its upload returned (cloudkit.md §12)")
            if written { try await delete(bench, [name]) }
        }
    }

    /// A create with `createShortGUID: true` answers a `shortGUID`, which a lookup shows again
    /// (cloudkit.md §3).
    static func shortGUID(_ bench: CloudKitBench, type: CloudKitRecordType, unique: String) async throws {
        let name = "treaty-\(unique)-short"
        let record: JSONObject = [
            "recordName": .string(name), "recordType": .string(type.name), "createShortGUID": true,
            "fields": .object(fields(type, name: name, unique: unique)),
        ]
        let reply = try await bench.modify(
            [CloudKitBench.operation("create", record)], "a create asking for a shortGUID")
        try await cleaning(bench, [name]) {
            let answered = reply.value(at: "/records/0/shortGUID")?.stringValue ?? ""
            let looked = try await bench.lookup(name)?["shortGUID"]?.stringValue
            if answered.isEmpty || looked != answered {
                bench.context.fail(
                    .cloudKitRecord, at: "/records/0/shortGUID",
                    "\(reply.request): createShortGUID: true answered the shortGUID \(answered.isEmpty ? "nothing" : answered), a lookup \(looked ?? "nothing")",
                    detail: "fix: a create with createShortGUID: true gives the record a shortGUID (cloudkit.md §3)")
            }
        }
    }

    /// A record type's cases for short GUIDs, field values, reference actions and assets.
    func valueCases(_ type: CloudKitRecordType, suite: String) -> [VerificationCase] {
        var cases = [
            makeCase(
                suite, "createShortGUID: true gives the record a shortGUID", rules: [.cloudKitRecord],
                clauses: ["§3.5"],
                writes: true
            ) { bench, unique in
                try await Self.shortGUID(bench, type: type, unique: unique)
            }
        ]
        if type.fieldOrder.contains(where: { type.fields[$0].map { Self.hasWireForm($0.type) } == true }) {
            cases.append(
                makeCase(
                    suite, "each typed value reads back in its type's wire form, as saved", rules: [.cloudKitField],
                    clauses: ["§4.5"], writes: true
                ) { bench, unique in
                    try await Self.wireForms(bench, type: type, unique: unique)
                })
        }
        if let reference = type.fieldOrder.first(where: { type.fields[$0]?.type == .reference }) {
            cases.append(
                makeCase(
                    suite, "VALIDATE needs its target and keeps it; DELETE_SELF goes with its target",
                    rules: [.cloudKitReference], clauses: ["§4.6", "§4.7"], writes: true
                ) { bench, unique in
                    try await Self.referenceActions(bench, type: type, reference: reference, unique: unique)
                })
        }
        if let asset = type.fieldOrder.first(where: { type.fields[$0]?.type == .asset }) {
            cases.append(
                makeCase(
                    suite, "an ASSETID without an upload receipt is BAD_REQUEST", rules: [.cloudKitField],
                    clauses: ["§12.5"], writes: true
                ) { bench, unique in
                    try await Self.assetNeedsReceipt(bench, type: type, asset: asset, unique: unique)
                })
        }
        return cases
    }
}
