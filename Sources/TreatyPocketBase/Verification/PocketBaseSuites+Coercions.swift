internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension PocketBaseSuites {
    /// The cases for the rest of a write's meaning (pocketbase.md §10): the coercions of bools,
    /// numbers, relations and dates, the `+rel`/`rel-`/`num-` modifiers beside a plain key, and
    /// `null` on a required field.
    func coercionCases(
        _ collection: PocketBaseCollection, all: [PocketBaseCollection], suite: String, location: SourceLocation?
    ) -> [VerificationCase] {
        let name = collection.name
        let own = collection.fields.filter {
            !$0.system && !$0.hidden && PocketBaseSampleValues.isWritable($0, in: collection)
        }
        let fields = CoercedFields(
            bool: own.first { $0.type == .bool }, number: own.first { $0.type == .number },
            many: own.first { $0.isMultiple && Self.relationTarget(of: $0, in: all) != nil },
            single: own.first { !$0.isMultiple && Self.relationTarget(of: $0, in: all) != nil },
            date: own.first { $0.type == .date })
        var cases: [VerificationCase] = []
        let clauses =
            (fields.bool != nil || fields.number != nil ? ["§10.9"] : [])
            + (fields.many != nil || fields.single != nil ? ["§10.10"] : []) + (fields.date != nil ? ["§10.11"] : [])
        if !clauses.isEmpty {
            cases.append(
                makeCase(
                    suite, "\(name): bools, numbers, relations and dates are coerced without errors",
                    rules: [.pocketBaseType], clauses: clauses, location: location, writes: true, collections: all
                ) { bench in try await Self.checkCoercions(bench, collection, fields) })
        }
        if fields.many != nil || fields.number != nil {
            cases.append(
                makeCase(
                    suite,
                    "\(name): +rel prepends, rel- of an absent id does nothing, num- subtracts, a plain key goes first",
                    rules: [.pocketBaseType],
                    clauses: (fields.many != nil ? ["§10.12"] : []) + ["§10.13", "§10.14"], location: location,
                    writes: true, collections: all
                ) { bench in try await Self.checkMoreModifiers(bench, collection, fields) })
        }
        if let required = own.first(where: { $0.required }) {
            cases.append(
                makeCase(
                    suite, "\(name): null on the required \(required.name) is refused with validation_required",
                    rules: [.pocketBaseError], clauses: ["§10.15"], location: location, writes: true, collections: all
                ) { bench in
                    let id = try await bench.create(collection, check: false)
                    let path = PocketBaseBench.recordPath(collection, id)
                    let before = try await bench.view(collection, id)
                    let reply = try await bench.context.send(.patch, path, body: [required.name: .null])
                    try bench.context.require(
                        reply, status: 400, rule: .pocketBaseError, "a PATCH of \(required.name): null")
                    bench.judge(bench.conformance.checkError(reply.json, status: 400), in: reply)
                    let pointer = "/data/\(required.name)/code"
                    if reply.value(at: pointer) != "validation_required"
                        || reply.value(at: "/message") != "Failed to update record."
                    {
                        bench.context.fail(
                            .pocketBaseError, at: pointer,
                            "\(reply.request): expected 'Failed to update record.' with \(required.name) validation_required, got \(PocketBaseBench.show(reply.json))",
                            detail: "fix: null sets the zero value, which a required field refuses (pocketbase.md §10)")
                    }
                    let after = try await bench.view(collection, id)
                    if after[required.name] != before[required.name] {
                        bench.context.fail(
                            .pocketBaseError, at: "/\(required.name)",
                            "after the refused \(reply.request), \(required.name) is \(PocketBaseBench.show(after[required.name]))"
                        )
                    }
                })
        }
        return cases
    }

    /// The fields a coercion case writes: the first of each kind, if any.
    struct CoercedFields: Sendable {
        var bool: PocketBaseField?
        var number: PocketBaseField?
        var many: PocketBaseField?
        var single: PocketBaseField?
        var date: PocketBaseField?
    }

    /// §10: `"true"` → true then `"yes"` → false, `"abc"` → 0, `"id"` → `["id"]` and `[a,a,b]` →
    /// `[a,b]`, `[a,b]` → `b` on a single relation, an offset date → UTC, `"garbage"` → `""`.
    static func checkCoercions(_ bench: PocketBaseBench, _ collection: PocketBaseCollection, _ fields: CoercedFields)
        async throws
    {
        var first = try await bench.body(for: collection)
        var expected: [(String, JSONValue)] = []
        if let bool = fields.bool {
            first[bool.name] = "true"
            expected.append((bool.name, true))
        }
        if let many = fields.many, let id = first[many.name]?.arrayValue?.first {
            first[many.name] = id
            expected.append((many.name, [id]))
        }
        let reply = try await bench.context.send(.post, PocketBaseBench.recordsPath(collection), body: .object(first))
        try bench.context.require(reply, status: 200, rule: .pocketBaseType, "creating with coercible values")
        guard let id = reply.value(at: "/id")?.stringValue else { throw CaseContext.Stop() }
        bench.context.adopt(id: id, deletePath: PocketBaseBench.recordPath(collection, id))
        expect(bench, reply, expected, "pocketbase.md §10: bool \"true\" → true; a multi relation's \"id\" → [\"id\"]")
        var change = JSONObject()
        expected = []
        if let bool = fields.bool {
            change[bool.name] = "yes"
            expected.append((bool.name, false))
        }
        if let number = fields.number {
            change[number.name] = "abc"
            expected.append((number.name, 0))
        }
        for field in [fields.many, fields.single].compactMap({ $0 }) {
            guard let target = relationTarget(of: field, in: bench.collections),
                let old = (first[field.name]?.arrayValue?.first ?? first[field.name])?.stringValue
            else { continue }
            let new = JSONValue.string(try await create(bench, target))
            change[field.name] = field.isMultiple ? [.string(old), .string(old), new] : [.string(old), new]
            expected.append((field.name, field.isMultiple ? [.string(old), new] : new))
        }
        if let date = fields.date {
            change[date.name] = "2024-01-02 10:00:00+02:00"
            expected.append((date.name, "2024-01-02 08:00:00.000Z"))
        }
        let path = PocketBaseBench.recordPath(collection, id)
        let changed = try await bench.context.send(.patch, path, body: .object(change))
        try bench.context.require(changed, status: 200, rule: .pocketBaseType, "a PATCH of coercible values")
        expect(
            bench, changed, expected,
            "pocketbase.md §10: other strings → false, \"abc\" → 0, duplicates dropped, a single relation keeps the last id, offsets → UTC"
        )
        if let date = fields.date {
            for value: JSONValue in [
                "2024-01-02 10:00:00.000Z", "treaty-not-a-date", "2024-01-02 10:00:00.000Z", 12345,
            ] {
                let reply = try await bench.context.send(.patch, path, body: [date.name: value])
                try bench.context.require(
                    reply, status: 200, rule: .pocketBaseType, "a PATCH of the date \(value.serialized())")
                let stored: JSONValue = value.stringValue?.hasPrefix("2024") == true ? value : ""
                expect(
                    bench, reply, [(date.name, stored)],
                    "pocketbase.md §10: an unparsable or numeric date is stored as \"\"")
            }
        }
    }

    /// §10: `+rel` prepends, `rel-` of an absent id changes nothing, `num-` subtracts, and a plain
    /// key beside its modifier is applied first whatever the body's order.
    static func checkMoreModifiers(
        _ bench: PocketBaseBench, _ collection: PocketBaseCollection, _ fields: CoercedFields
    )
        async throws
    {
        let (id, body) = try await bench.createRecord(collection, check: false)
        let path = PocketBaseBench.recordPath(collection, id)
        if let many = fields.many, let target = relationTarget(of: many, in: bench.collections),
            let old = body[many.name]?.arrayValue?.first
        {
            let new = JSONValue.string(try await create(bench, target))
            let steps: [(JSONObject, JSONValue, String)] = [
                (["+" + many.name: new], [new, old], "+rel prepends"),
                ([many.name + "-": "treatymissing00"], [new, old], "rel- of an absent id changes nothing"),
                (
                    [many.name + "+": new, many.name: [old]], [old, new],
                    "the plain value goes first, then rel+ appends"
                ),
            ]
            for (change, result, meaning) in steps {
                let reply = try await bench.context.send(.patch, path, body: .object(change))
                try bench.context.require(reply, status: 200, rule: .pocketBaseType, "a PATCH of \(change.keys)")
                expect(bench, reply, [(many.name, result)], "\(meaning) (pocketbase.md §10)")
            }
        }
        if let number = fields.number {
            let start = try await bench.view(collection, id)[number.name]?.numberValue?.int64Value ?? 0
            let steps: [(JSONObject, Int64, String)] = [
                ([number.name + "-": 3], start - 3, "num- subtracts"),
                ([number.name + "+": 5, number.name: 100], 105, "the plain value goes first, then num+ adds"),
            ]
            for (change, result, meaning) in steps {
                let reply = try await bench.context.send(.patch, path, body: .object(change))
                try bench.context.require(reply, status: 200, rule: .pocketBaseType, "a PATCH of \(change.keys)")
                expect(bench, reply, [(number.name, .number(JSONNumber(result)))], "\(meaning) (pocketbase.md §10)")
            }
        }
    }
}
