internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension PocketBaseSuites {
    /// §9: `fields=*` answers every key; with `expand=`, `fields=id` drops the expansion,
    /// `expand.<r>.id` keeps only the id of the expanded record and `expand.<r>.*` all of it.
    static func checkFieldsStarAndExpand(
        _ bench: PocketBaseBench, _ collection: PocketBaseCollection, _ relation: PocketBaseField?
    ) async throws {
        let id = try await bench.create(collection, check: false)
        let path = PocketBaseBench.recordPath(collection, id)
        let expand = relation.map { [("expand", $0.name)] } ?? []
        let whole = try await bench.context.send(.get, path, query: expand)
        let star = try await bench.context.send(.get, path, query: expand + [("fields", "*")])
        for reply in [whole, star] {
            try bench.context.require(reply, status: 200, rule: .pocketBaseRecord, "viewing a record the case created")
        }
        let keys = Set(whole.json?.objectValue?.keys ?? [])
        let starKeys = Set(star.json?.objectValue?.keys ?? [])
        if keys != starKeys {
            bench.context.fail(
                .pocketBaseRecord, "\(star.request) answered the keys \(starKeys.sorted()), not \(keys.sorted())",
                detail: "fix: fields=* keeps every top-level key (pocketbase.md §9)")
        }
        guard let relation, let full = whole.value(at: "/expand/\(relation.name)") else { return }
        let unnamed = try await bench.context.send(.get, path, query: expand + [("fields", "id")])
        try bench.context.require(unnamed, status: 200, rule: .pocketBaseRecord, "viewing with fields=id")
        if unnamed.json?.objectValue?.keys.sorted() != ["id"] {
            bench.context.fail(
                .pocketBaseRecord, at: "/expand",
                "\(unnamed.request) answered \(PocketBaseBench.show(unnamed.json)), not just the id",
                detail: "fix: expanded data must be named in fields=, else expand vanishes (pocketbase.md §9)")
        }
        let fullItems = full.arrayValue ?? [full]
        let probes: [(String, [[String]])] = [
            ("id,expand.\(relation.name).id", fullItems.map { _ in ["id"] }),
            ("id,expand.\(relation.name).*", fullItems.map { ($0.objectValue?.keys ?? []).sorted() }),
        ]
        for (fields, expected) in probes {
            let reply = try await bench.context.send(.get, path, query: expand + [("fields", fields)])
            try bench.context.require(reply, status: 200, rule: .pocketBaseRecord, "viewing with fields=\(fields)")
            let value = reply.value(at: "/expand/\(relation.name)")
            let found = (value?.arrayValue ?? value.map { [$0] } ?? []).map { ($0.objectValue?.keys ?? []).sorted() }
            if found != expected {
                bench.context.fail(
                    .pocketBaseRecord, at: "/expand/\(relation.name)",
                    "\(reply.request): expected the expanded keys \(expected), got \(found)",
                    detail:
                        "fix: expand.<name>.<key> selects keys of the expanded record, expand.<name>.* all of them (pocketbase.md §9)"
                )
            }
        }
    }

    /// The field an `:excerpt` case writes HTML into: an editor field, else a text field without
    /// a pattern that holds 60 characters.
    static func excerptField(of collection: PocketBaseCollection) -> PocketBaseField? {
        let fields = collection.fields.filter { !$0.system && !$0.hidden && $0.name != "id" }
        if let editor = fields.first(where: { $0.type == .editor }) { return editor }
        return fields.first { field in
            guard case .text(let options) = field.options else { return false }
            return options.pattern.isEmpty && options.effectiveMax >= 60 && options.min <= 30
        }
    }

    /// §9: `f:excerpt(7)`, `f:excerpt(7,true)`, `f:excerpt(200,true)` and `*,f:excerpt(7)` of an HTML value.
    static func checkExcerpt(_ bench: PocketBaseBench, _ collection: PocketBaseCollection, _ field: PocketBaseField)
        async throws
    {
        let html = "<p>Treaty   <b>excerpt</b></p><p>of several\n words</p>"
        let id = try await create(bench, collection, set: [field.name: .string(html)])
        let path = PocketBaseBench.recordPath(collection, id)
        let probes: [(String, String)] = [
            ("\(field.name):excerpt(7)", "Treaty"), ("\(field.name):excerpt(7,true)", "Treaty..."),
            ("\(field.name):excerpt(200,true)", "Treaty excerpt of several words"),
            ("*,\(field.name):excerpt(7)", "Treaty"),
        ]
        for (fields, expected) in probes {
            let reply = try await bench.context.send(.get, path, query: [("fields", fields)])
            try bench.context.require(reply, status: 200, rule: .pocketBaseRecord, "viewing with fields=\(fields)")
            let found = reply.value(at: "/\(field.name)")
            if found != .string(expected) || (fields.hasPrefix("*") && reply.value(at: "/id")?.stringValue != id) {
                bench.context.fail(
                    .pocketBaseRecord, at: "/\(field.name)",
                    "\(reply.request) of \(JSONValue.string(html).serialized()): expected \(JSONValue.string(expected).serialized()) beside the other keys asked, got \(PocketBaseBench.show(found))",
                    detail:
                        "fix: :excerpt strips HTML, collapses whitespace, cuts to max, trims, and adds ... only when cut and asked (pocketbase.md §9)"
                )
            }
        }
    }
}
