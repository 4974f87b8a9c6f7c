internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension PocketBaseSuites {
    /// The cases for filters that reach other collections (pocketbase.md §6): a back-relation
    /// `<collection>_via_<field>` finds the records pointed at, and a join keeps the rules of
    /// what it reaches: an owner's hidden email never matches, not even for the owner.
    func joinCases(
        _ collection: PocketBaseCollection, all: [PocketBaseCollection], suite: String, location: SourceLocation?
    ) -> [VerificationCase] {
        let name = collection.name
        var cases: [VerificationCase] = []
        if let (source, field) = Self.backRelation(to: collection, all: all) {
            let via = "\(source.name)_via_\(field.name)"
            cases.append(
                makeCase(
                    suite, "\(name): \(via) finds the records a \(source.name) points at", rules: [.pocketBaseList],
                    clauses: ["§6.15"], location: location, writes: true, collections: all
                ) { bench in try await Self.checkBackRelation(collection, bench, source: source, field: field) })
        }
        if let owner = Self.ownerFields(of: collection, all: all).first, Self.judgeable(collection.rules.list) {
            cases.append(
                makeCase(
                    suite, "\(name): \(owner.name).email matches for the superuser, never for the owner it hides",
                    rules: [.pocketBaseList], clauses: ["§6.17"], location: location, writes: true, collections: all
                ) { bench in try await Self.checkHiddenEmail(collection, bench, owner: owner) })
        }
        return cases
    }

    /// The first writable relation field of another collection that points at `collection`
    /// (of a base collection only, with `baseOnly`).
    static func backRelation(
        to collection: PocketBaseCollection, all: [PocketBaseCollection], baseOnly: Bool = false
    ) -> (PocketBaseCollection, PocketBaseField)? {
        for source in all where !source.name.hasPrefix("_") && source.type != .view && source.name != collection.name {
            if baseOnly, source.type != .base { continue }
            for field in source.fields
            where PocketBaseSampleValues.isWritable(field, in: source) && relationTarget(of: field, in: all)?.id == collection.id {
                return (source, field)
            }
        }
        return nil
    }

    /// §6: `<source>_via_<field>.id ?= "<pointer>"` finds the record it points at; plain `= ""`
    /// the record nothing points at (no related row acts as one empty value).
    static func checkBackRelation(
        _ collection: PocketBaseCollection, _ bench: PocketBaseBench, source: PocketBaseCollection,
        field: PocketBaseField
    ) async throws {
        let (pointed, alone) = try await createTwo(collection, bench)
        let value: JSONValue = field.isMultiple ? [.string(pointed)] : .string(pointed)
        let pointer = try await bench.insert(source, try await bench.sample(source, [field.name: value]))
        let via = "\(source.name)_via_\(field.name)"
        let names = [pointed: "pointed at", alone: "not pointed at"]
        let fix = "a back-relation <collection>_via_<field> reaches the records pointing at this one (pocketbase.md §6)"
        for (filter, expected) in [("\(via).id ?= \"\(pointer)\"", [pointed]), ("\(via).id = \"\"", [alone])] {
            try await bench.expectMatches(
                collection, [pointed, alone], filter: filter, expected, names: names, fix: fix)
        }
    }

    /// §6: the owner of a record lists it, but a filter on the owner's hidden email matches
    /// nothing for the owner; the superuser's matches.
    static func checkHiddenEmail(
        _ collection: PocketBaseCollection, _ bench: PocketBaseBench, owner: PocketBaseField
    ) async throws {
        guard let rule = collection.rules.list, let target = bench.target(of: owner) else { return }
        let (user, token, email) = try await bench.login(target, ["emailVisibility": false])
        let id = try await bench.insert(collection, try await bench.sample(collection, [owner.name: .string(user)]))
        guard try await !reachable(collection, bench, rule: rule, authID: user, [id]).isEmpty else {
            throw CaseContext.Skip("the list rule \(rule) does not let the record's owner list it")
        }
        let filter = ("filter", "id='\(id)'&&\(owner.name).email='\(email)'")
        let (reply, found) = try await bench.listIDs(
            collection, [filter], headers: PocketBaseBench.authorized(token, bearer: false),
            "the owner's list filtered on its own hidden email")
        if !found.isEmpty {
            bench.context.fail(
                .pocketBaseList, at: "/items", "\(reply.request) as the owner matched \(found) on a hidden email",
                detail:
                    "fix: a join keeps the rules of what it reaches: a hidden email never matches, even the owner's (pocketbase.md §6)"
            )
        }
        let (all, ids) = try await bench.listIDs(collection, [filter], "the superuser's list filtered on the email")
        if ids != [id] {
            bench.context.fail(
                .pocketBaseList, at: "/items", "\(all.request) as the superuser: expected [\(id)], got \(ids)",
                detail: "fix: superusers see every email (pocketbase.md §6)")
        }
    }
}
