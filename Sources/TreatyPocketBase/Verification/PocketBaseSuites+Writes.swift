internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension PocketBaseSuites {
    /// The cases for what a write means beyond its types (pocketbase.md §8, §10): coercions and
    /// unknown keys, `null` as the zero value, the `+`/`-` modifiers, and an unknown expansion.
    func writeCases(
        _ collection: PocketBaseCollection, all: [PocketBaseCollection], suite: String, location: SourceLocation?
    ) -> [VerificationCase] {
        let name = collection.name
        let number = collection.fields.first { $0.type == .number && !$0.required && !$0.system }
        let text = collection.fields.first { $0.type == .text && !$0.required && !$0.system && !$0.hidden && $0.name != "id" }
        let many = collection.fields.first { field in
            guard case .relation = field.options else { return false }
            return field.isMultiple && PocketBaseSampleValues.isWritable(field, in: collection)
        }
        var cases: [VerificationCase] = [
            makeCase(
                suite, "\(name): an expand naming no relation is ignored, leaving no expand key", rules: [.pocketBaseRecord],
                clauses: ["§8.2"], location: location, writes: true, collections: all
            ) { bench in
                let id = try await bench.create(collection, check: false)
                let reply = try await bench.context.send(
                    .get, PocketBaseBench.recordPath(collection, id), query: [("expand", "treatyNoSuchRelation")])
                try bench.context.require(reply, status: 200, rule: .pocketBaseRecord, "viewing with an unknown expand")
                if let expand = reply.value(at: "/expand") {
                    bench.context.fail(
                        .pocketBaseRecord, at: "/expand", "\(reply.request) answered expand \(PocketBaseBench.show(expand))",
                        detail: "fix: unknown names are ignored; with nothing valid left no expand key appears (pocketbase.md §8)")
                }
            }
        ]
        if number != nil || text != nil {
            cases.append(
                makeCase(
                    suite, "\(name): values are coerced, unknown keys ignored, and null is the zero value",
                    rules: [.pocketBaseType], clauses: ["§10.1", "§10.2", "§10.6"], location: location, writes: true,
                    collections: all
                ) { bench in
                    var body = try await bench.body(for: collection)
                    if let number { body[number.name] = "42" }
                    if let text { body[text.name] = .number(JSONNumber(12345)) }
                    body["treatyUnknownKey"] = "ignored"
                    let reply = try await bench.context.send(
                        .post, PocketBaseBench.recordsPath(collection), body: .object(body))
                    try bench.context.require(reply, status: 200, rule: .pocketBaseType, "creating with coercible values")
                    guard let id = reply.value(at: "/id")?.stringValue else { return }
                    bench.context.adopt(id: id, deletePath: PocketBaseBench.recordPath(collection, id))
                    var expected: [(String, JSONValue)] = []
                    if let number { expected.append((number.name, .number(JSONNumber(42)))) }
                    if let text { expected.append((text.name, "12345")) }
                    Self.expect(bench, reply, expected, "pocketbase.md §10: \"42\" → 42, 12345 → \"12345\"")
                    if reply.value(at: "/treatyUnknownKey") != nil {
                        bench.context.fail(
                            .pocketBaseType, at: "/treatyUnknownKey", "\(reply.request) kept an unknown key",
                            detail: "fix: unknown keys are ignored (pocketbase.md §10)")
                    }
                    var nulls = JSONObject()
                    for field in [number, text].compactMap({ $0 }) { nulls[field.name] = .null }
                    let cleared = try await bench.context.send(
                        .patch, PocketBaseBench.recordPath(collection, id), body: .object(nulls))
                    try bench.context.require(cleared, status: 200, rule: .pocketBaseType, "a PATCH of null values")
                    var zero: [(String, JSONValue)] = []
                    if let number { zero.append((number.name, .number(JSONNumber(0)))) }
                    if let text { zero.append((text.name, "")) }
                    Self.expect(bench, cleared, zero, "null sets a field's zero value (pocketbase.md §10)")
                })
        }
        if many != nil || number != nil {
            cases.append(
                makeCase(
                    suite, "\(name): the + and - modifiers append, remove and add", rules: [.pocketBaseType],
                    clauses: ["§10.8"], location: location, writes: true, collections: all
                ) { bench in
                    try await Self.checkModifiers(collection, bench, many: many, number: number)
                })
        }
        return cases
    }

    static func expect(_ bench: PocketBaseBench, _ reply: Reply, _ expected: [(String, JSONValue)], _ meaning: String) {
        for (key, value) in expected where reply.value(at: "/\(key)") != value {
            bench.context.fail(
                .pocketBaseType, at: "/\(key)",
                "\(reply.request): expected \(key) \(value.serialized()), got \(PocketBaseBench.show(reply.value(at: "/\(key)")))",
                detail: meaning)
        }
    }

    /// §10: `rel+` appends, `rel-` removes, `num+` adds.
    static func checkModifiers(
        _ collection: PocketBaseCollection, _ bench: PocketBaseBench, many: PocketBaseField?, number: PocketBaseField?
    ) async throws {
        let (id, body) = try await bench.createRecord(collection, check: false)
        let path = PocketBaseBench.recordPath(collection, id)
        if let many, case .relation(let relation) = many.options,
            let target = bench.collections.first(where: { $0.id == relation.collectionId || $0.name == relation.collectionId }),
            let old = body[many.name]?.arrayValue?.first
        {
            var other = bench
            other.unique = PocketBaseSampleValues.uniqueSuffix()
            let added = JSONValue.string(try await other.create(target, check: false))
            let appended = try await bench.context.send(.patch, path, body: [many.name + "+": added])
            try bench.context.require(appended, status: 200, rule: .pocketBaseType, "a PATCH of \(many.name)+")
            expect(bench, appended, [(many.name, .array([old, added]))], "rel+ appends (pocketbase.md §10)")
            let removed = try await bench.context.send(.patch, path, body: [many.name + "-": old])
            try bench.context.require(removed, status: 200, rule: .pocketBaseType, "a PATCH of \(many.name)-")
            expect(bench, removed, [(many.name, .array([added]))], "rel- removes (pocketbase.md §10)")
        }
        if let number {
            let before = try await bench.view(collection, id)
            let start = before[number.name]?.numberValue?.int64Value ?? 0
            let reply = try await bench.context.send(.patch, path, body: [number.name + "+": .number(JSONNumber(5))])
            try bench.context.require(reply, status: 200, rule: .pocketBaseType, "a PATCH of \(number.name)+")
            expect(bench, reply, [(number.name, .number(JSONNumber(start + 5)))], "num+ adds (pocketbase.md §10)")
        }
    }
}
