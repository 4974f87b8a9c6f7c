internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension PocketBaseSuites {
    /// The cases for relation paths in filters and sorts and for the sort keys beyond one field
    /// (pocketbase.md §6, §7): a single relation's path compares and sorts by the related
    /// record's field (empty first), a multi relation's needs ALL related rows plainly and ANY
    /// with `?`, and sorts by the first; a comma list sorts by each key in turn, `@rowid` by
    /// insertion, and `@random` is accepted.
    func pathCases(
        _ collection: PocketBaseCollection, all: [PocketBaseCollection], suite: String, location: SourceLocation?
    ) -> [VerificationCase] {
        let name = collection.name
        var cases: [VerificationCase] = []
        let single = Self.pathRelations(of: collection, all: all, multiple: false).sorted {
            !$0.0.required && $1.0.required
        }
        if let (relation, label) = single.first {
            cases.append(
                makeCase(
                    suite,
                    "\(name): \(relation.name).\(label.name) filters and sorts by the related record, empty first",
                    rules: [.pocketBaseList], clauses: ["§6.11", "§7.4"] + (relation.required ? [] : ["§7.5"]),
                    location: location, writes: true, collections: all
                ) { bench in try await Self.checkSinglePath(collection, bench, relation, label) })
        }
        if let (relation, label) = Self.pathRelations(of: collection, all: all, multiple: true).first {
            cases.append(
                makeCase(
                    suite, "\(name): \(relation.name).\(label.name) needs all related rows, ?= any; sorts by the first",
                    rules: [.pocketBaseList], clauses: ["§6.10", "§6.14", "§6.16", "§7.4"], location: location,
                    writes: true,
                    collections: all
                ) { bench in try await Self.checkMultiPath(collection, bench, relation, label) })
        }
        if let number = Self.numberField(of: collection, fits: [1, 5]) {
            cases.append(
                makeCase(
                    suite, "\(name): sort by a comma list of keys, by @rowid, and by @random", rules: [.pocketBaseList],
                    clauses: ["§7.3", "§7.6"], location: location, writes: true, collections: all
                ) { bench in try await Self.checkSortKeys(collection, bench, number) })
        }
        return cases
    }

    /// The writable relation fields (single or multiple) whose target has a text field the cases
    /// can set, with that field.
    static func pathRelations(of collection: PocketBaseCollection, all: [PocketBaseCollection], multiple: Bool)
        -> [(PocketBaseField, PocketBaseField)]
    {
        collection.fields.compactMap { field in
            guard case .relation(let relation) = field.options, field.isMultiple == multiple,
                PocketBaseSampleValues.isWritable(field, in: collection),
                let target = all.first(where: { $0.id == relation.collectionId || $0.name == relation.collectionId }),
                target.name != collection.name, let label = likeField(of: target)
            else { return nil }
            return (field, label)
        }
    }

    /// Creates a record of `field`'s target with `label` set to `text`; returns its id.
    static func related(
        _ bench: PocketBaseBench, _ field: PocketBaseField, _ label: PocketBaseField, _ text: String
    ) async throws -> String {
        guard let target = bench.target(of: field) else { throw CaseContext.Stop() }
        return try await bench.insert(target, try await bench.sample(target, [label.name: .string(text)]))
    }

    /// §6, §7: `rel.label = x` finds the record pointing at x; `sort=rel.label` orders by the
    /// related label, a record without one first.
    static func checkSinglePath(
        _ collection: PocketBaseCollection, _ bench: PocketBaseBench, _ relation: PocketBaseField,
        _ label: PocketBaseField
    ) async throws {
        let unique = bench.unique
        let high = try await related(bench, relation, label, "x\(unique)b")
        let low = try await related(bench, relation, label, "x\(unique)a")
        let a = try await bench.insert(collection, try await bench.sample(collection, [relation.name: .string(high)]))
        let b = try await bench.insert(collection, try await bench.sample(collection, [relation.name: .string(low)]))
        var ids = [a, b]
        var names = [a: "→ x\(unique)b", b: "→ x\(unique)a"]
        if !relation.required {
            let none = try await bench.insert(collection, try await bench.sample(collection, [relation.name: ""]))
            ids.append(none)
            names[none] = "→ none"
        }
        let path = "\(relation.name).\(label.name)"
        try await bench.expectMatches(
            collection, ids, filter: "\(path) = \"x\(unique)b\"", [a], names: names,
            fix: "a relation path compares the related record's field (pocketbase.md §6)")
        let empty = Array(ids.dropFirst(2))
        let fix =
            "a relation path sorts by the related record's field; empty values come first ascending (pocketbase.md §7)"
        try await bench.expectOrder(collection, ids, sort: path, empty + [b, a], names: names, fix: fix)
        try await bench.expectOrder(collection, ids, sort: "-" + path, [a, b] + empty, names: names, fix: fix)
    }

    /// §6, §7: with rows pointing at [beta, alpha], [alpha] and none, plain operators need all
    /// related rows (none acts as one empty value), `?` forms any; a sort uses the first.
    static func checkMultiPath(
        _ collection: PocketBaseCollection, _ bench: PocketBaseBench, _ relation: PocketBaseField,
        _ label: PocketBaseField
    ) async throws {
        let unique = bench.unique
        let alpha = "x\(unique)alpha"
        let beta = "x\(unique)beta"
        let first = try await related(bench, relation, label, alpha)
        let second = try await related(bench, relation, label, beta)
        let both = try await bench.insert(
            collection, try await bench.sample(collection, [relation.name: [.string(second), .string(first)]]))
        let one = try await bench.insert(
            collection, try await bench.sample(collection, [relation.name: [.string(first)]]))
        var ids = [both, one]
        var names = [both: "→ [\(beta), \(alpha)]", one: "→ [\(alpha)]"]
        if !relation.required {
            let none = try await bench.insert(collection, try await bench.sample(collection, [relation.name: []]))
            ids.append(none)
            names[none] = "→ []"
        }
        let none = Array(ids.dropFirst(2))
        let path = "\(relation.name).\(label.name)"
        let probes: [(String, [String])] = [
            ("\(path) ?= \"\(beta)\"", [both]), ("\(path) = \"\(alpha)\"", [one]),
            ("\(path) ?= \"\(alpha)\"", [both, one]),
            ("\(path) != \"\(alpha)\"", none), ("\(path) ?!= \"\(alpha)\"", [both] + none),
            ("\(relation.name).id = \"\"", none),
            ("\(relation.name):length = 2", [both]), ("\(relation.name):length = 0", none),
            ("\(path):each = \"\(alpha)\"", [one]), ("\(relation.name) ?= \"\(first)\"", []),
            ("\(relation.name) ~ \"\(first)\"", [both, one]), ("\(relation.name) = \"[]\"", none),
            ("\(relation.name) = \"\"", []), ("\(relation.name) = null", []),
            ("\(path) ?~ \"\(beta.uppercased())\"", [both]), ("\(path) ~ \"x\(unique)\"", [both, one]),
        ]
        for (filter, expected) in probes {
            try await bench.expectMatches(
                collection, ids, filter: filter, expected, names: names,
                fix: "on a multi-valued path plain operators need all related rows, ?-forms any; no related row acts "
                    + "as one empty value (pocketbase.md §6)")
        }
        try await bench.expectOrder(
            collection, ids, sort: path, none + [one, both], names: names,
            fix: "a multi-relation path sorts by the first related record, empty first (pocketbase.md §7)")
    }

    /// §7: `number,-id` and ` -number , id ` sort by each key in turn (trimmed); `@rowid` in
    /// insertion order both ways; `@random` answers the same records.
    static func checkSortKeys(
        _ collection: PocketBaseCollection, _ bench: PocketBaseBench, _ number: PocketBaseField
    ) async throws {
        var ids: [String] = []
        var values: [String: Int] = [:]
        for value in [5, 5, 1] {
            let id = try await bench.insert(
                collection, try await bench.sample(collection, [number.name: .number(JSONNumber(value))]))
            ids.append(id)
            values[id] = value
        }
        let names = Dictionary(
            uniqueKeysWithValues: ids.enumerated().map { ($1, "#\($0 + 1) (\(number.name) \(values[$1] ?? 0))") })
        let field = number.name
        let ascending = ids.sorted { (values[$0] ?? 0, $1) < (values[$1] ?? 0, $0) }
        let descending = ids.sorted { (values[$1] ?? 0, $0) < (values[$0] ?? 0, $1) }
        let fix = "a sort is a comma list (trimmed) applied key by key; @rowid is insertion order (pocketbase.md §7)"
        try await bench.expectOrder(collection, ids, sort: "\(field),-id", ascending, names: names, fix: fix)
        try await bench.expectOrder(collection, ids, sort: " -\(field) , id ", descending, names: names, fix: fix)
        try await bench.expectOrder(collection, ids, sort: "@rowid", ids, names: names, fix: fix)
        try await bench.expectOrder(collection, ids, sort: "-@rowid", ids.reversed(), names: names, fix: fix)
        let (reply, found) = try await bench.listIDs(
            collection, [("filter", PocketBaseBench.scope(ids)), ("sort", "@random")], "listing with sort=@random")
        if Set(found) != Set(ids) {
            bench.context.fail(
                .pocketBaseList, at: "/items",
                "\(reply.request): expected the records \(ids) in any order, got \(found)",
                detail: "fix: sort=@random shuffles the matching records (pocketbase.md §7)")
        }
    }
}
