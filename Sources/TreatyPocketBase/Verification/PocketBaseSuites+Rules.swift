internal import Foundation
internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension PocketBaseSuites {
    /// The cases for what the server means rather than how its answers look (pocketbase.md
    /// §5–§7): API rules, filters, relation paths and sorts, and joins.
    func semanticCases(
        _ collection: PocketBaseCollection, all: [PocketBaseCollection], suite: String, location: SourceLocation?
    ) -> [VerificationCase] {
        var cases = ruleCases(collection, all: all, suite: suite, location: location)
        cases += filterCases(collection, all: all, suite: suite, location: location)
        cases += pathCases(collection, all: all, suite: suite, location: location)
        cases += joinCases(collection, all: all, suite: suite, location: location)
        return cases
    }

    /// The cases for a collection's API rules (pocketbase.md §5): an open rule lets guests in, an
    /// unmet list rule drops rows silently, a hidden row is 404 to view, update and delete, an
    /// unmet create rule is 400 with no field errors, superusers bypass rules, a guest's
    /// `@request.auth.id` is `""`, a bad token is a guest's, and a token is taken raw or as
    /// `Bearer`.
    ///
    /// Which rows a rule hides is asked of the server itself: the superuser lists the case's
    /// rows with the rule as the filter, `@request.auth.id` written as the caller's id; so the
    /// cases cover rules that name no other `@` variable.
    func ruleCases(
        _ collection: PocketBaseCollection, all: [PocketBaseCollection], suite: String, location: SourceLocation?
    ) -> [VerificationCase] {
        let name = collection.name
        let rules = collection.rules
        let owners = Self.ownerFields(of: collection, all: all)
        var cases: [VerificationCase] = []
        if rules.list == "", rules.view == "" {
            cases.append(
                makeCase(
                    suite, "\(name): an empty list and view rule lets a guest list and view", rules: [.pocketBaseList],
                    clauses: ["§5.2"], location: location, writes: true, collections: all
                ) { bench in try await Self.checkOpenRules(collection, bench) })
        }
        if Self.judgeable(rules.list) {
            cases.append(
                makeCase(
                    suite, "\(name): a guest's list drops the rows the list rule hides and counts only the rest",
                    rules: [.pocketBaseList], clauses: ["§5.3", "§5.6", "§5.9"] + (owners.isEmpty ? [] : ["§5.7"]),
                    location: location, writes: true, collections: all
                ) { bench in try await Self.checkListRule(collection, bench, owners: owners) })
        }
        if [rules.view, rules.update, rules.delete].contains(where: Self.judgeable) {
            cases.append(
                makeCase(
                    suite,
                    "\(name): a guest's view, update and delete of a row the rules hide answer 404 and change nothing",
                    rules: [.pocketBaseError], clauses: ["§5.4"], location: location, writes: true, collections: all
                ) { bench in try await Self.checkHiddenRow(collection, bench) })
        }
        if Self.needsAuth(rules.create) {
            cases.append(
                makeCase(
                    suite,
                    "\(name): a guest's create is refused by the create rule (400, no field errors) and creates nothing",
                    rules: [.pocketBaseError], clauses: ["§5.5"], location: location, writes: true, collections: all
                ) { bench in try await Self.checkCreateRule(collection, bench) })
        }
        if Self.judgeable(rules.view), Self.canLogIn(collection) || !owners.isEmpty {
            let owner = Self.canLogIn(collection) ? nil : owners.first
            cases.append(
                makeCase(
                    suite, "\(name): its owner's token is taken raw or as Bearer; a bad one is a guest's",
                    rules: [.pocketBaseError], clauses: ["§5.8", "§5.9"], location: location, writes: true,
                    collections: all
                ) { bench in try await Self.checkTokenForms(collection, bench, owner: owner) })
        }
        return cases
    }

    /// Whether a case can tell what `rule` hides: an expression naming no `@` variable but
    /// `@request.auth.id`.
    static func judgeable(_ rule: String?) -> Bool {
        guard let rule, !rule.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return false }
        return !rule.replacingOccurrences(of: "@request.auth.id", with: "").contains("@")
    }

    /// Whether `rule` refuses every guest: one of its `&&` terms is `@request.auth.id != ""`.
    static func needsAuth(_ rule: String?) -> Bool {
        guard let rule else { return false }
        let compact = rule.filter { !$0.isWhitespace }
        return !compact.contains("||")
            && (compact.contains("@request.auth.id!=\"\"") || compact.contains("@request.auth.id!=''"))
    }

    /// The single, optional relations to an auth collection a case can log in to: the fields a
    /// rule like `author = @request.auth.id` compares.
    static func ownerFields(of collection: PocketBaseCollection, all: [PocketBaseCollection]) -> [PocketBaseField] {
        collection.fields.filter { field in
            guard case .relation(let relation) = field.options, !field.isMultiple, !field.required,
                let target = all.first(where: { $0.id == relation.collectionId || $0.name == relation.collectionId })
            else { return false }
            return canLogIn(target) && PocketBaseSampleValues.isWritable(field, in: collection)
        }
    }

    /// Whether a case can log in to `collection` with an email and password.
    static func canLogIn(_ collection: PocketBaseCollection) -> Bool { PocketBaseBench.canLogIn(collection) }

    /// Which of `ids` `rule` lets a caller whose auth id is `authID` (`""`: a guest) reach, asked
    /// of the server: the superuser, who bypasses rules, lists them with the rule as the filter.
    static func reachable(
        _ collection: PocketBaseCollection, _ bench: PocketBaseBench, rule: String, authID: String, _ ids: [String]
    ) async throws -> [String] {
        let filter = rule.replacingOccurrences(of: "@request.auth.id", with: "\"\(authID)\"")
        let (_, found) = try await bench.listIDs(
            collection, [("filter", "(\(filter))&&\(PocketBaseBench.scope(ids))")],
            "listing as the superuser with the rule as the filter (\(filter))")
        return ids.filter(found.contains)
    }

    /// §5: with `""` list and view rules a guest lists and views a record.
    static func checkOpenRules(_ collection: PocketBaseCollection, _ bench: PocketBaseBench) async throws {
        let id = try await bench.create(collection, check: false)
        let (reply, ids) = try await bench.listIDs(
            collection, [("filter", "id='\(id)'")], headers: PocketBaseBench.guest,
            "a guest's list of an open collection")
        if ids != [id] {
            bench.context.fail(
                .pocketBaseList, at: "/items", "\(reply.request) as a guest: expected [\(id)], got \(ids)",
                detail: "fix: an empty rule lets anyone, guests included, perform the action (pocketbase.md §5)")
        }
        let view = try await bench.context.send(
            .get, PocketBaseBench.recordPath(collection, id), headers: PocketBaseBench.guest)
        try bench.context.require(view, status: 200, rule: .pocketBaseError, "a guest's view of an open collection")
    }

    /// §5: a guest's list (a bad token, then none) holds exactly the rows the rule lets a guest
    /// reach, counted in the totals; the superuser's holds both.
    static func checkListRule(
        _ collection: PocketBaseCollection, _ bench: PocketBaseBench, owners: [PocketBaseField]
    ) async throws {
        guard let rule = collection.rules.list else { return }
        let owned = try await bench.create(collection, check: false)
        var cleared: [String: JSONValue] = [:]
        for field in owners { cleared[field.name] = "" }
        let unowned = try await bench.insert(collection, try await bench.sample(collection, cleared))
        let ids = [owned, unowned]
        let expected = try await reachable(collection, bench, rule: rule, authID: "", ids)
        guard expected.count < ids.count else {
            throw CaseContext.Skip("the list rule \(rule) hides neither of the case's records from a guest")
        }
        let filter = ("filter", PocketBaseBench.scope(ids))
        for (headers, caller) in [
            (PocketBaseBench.guest, "a guest (bad token)"), (PocketBaseBench.anonymous, "a guest"),
        ] {
            let (reply, found) = try await bench.listIDs(collection, [filter], headers: headers, "\(caller)'s list")
            let total = reply.value(at: "/totalItems")?.numberValue?.int64Value
            if Set(found) != Set(expected) || total != Int64(expected.count) {
                bench.context.fail(
                    .pocketBaseList, at: "/items",
                    "\(reply.request) as \(caller): expected \(expected) (totalItems \(expected.count)) of \(ids), got \(found) (totalItems \(PocketBaseBench.show(reply.value(at: "/totalItems"))))",
                    detail: "fix: an unmet list rule drops rows silently and the totals count only the rest; a guest's "
                        + "@request.auth.id is \"\", so \(owners.map { "\($0.name) = @request.auth.id" }.joined(separator: ", ")) holds on rows without one; "
                        + "a bad token is ignored (pocketbase.md §5)")
            }
        }
        let (reply, found) = try await bench.listIDs(collection, [filter], "the superuser's list")
        if Set(found) != Set(ids) {
            bench.context.fail(
                .pocketBaseList, at: "/items", "\(reply.request) as the superuser: expected \(ids), got \(found)",
                detail: "fix: superusers bypass API rules (pocketbase.md §5)")
        }
    }

    /// §5: a guest's view, update and delete of a row the matching rule hides answer 404, and
    /// the row is as it was.
    static func checkHiddenRow(_ collection: PocketBaseCollection, _ bench: PocketBaseBench) async throws {
        let id = try await bench.create(collection, check: false)
        let path = PocketBaseBench.recordPath(collection, id)
        let before = try await bench.view(collection, id)
        var change = JSONObject()
        if let field = PocketBaseBench.updatableField(of: collection),
            let value = PocketBaseSampleValues.changed(field, unique: bench.unique)
        {
            change[field.name] = value
        }
        let rules = collection.rules
        var refused = 0
        for (rule, method, body) in [
            (rules.view, HTTPRequest.Method.get, JSONValue?.none), (rules.update, .patch, .object(change)),
            (rules.delete, .delete, nil),
        ] {
            guard let rule, judgeable(rule),
                try await reachable(collection, bench, rule: rule, authID: "", [id]).isEmpty
            else { continue }
            refused += 1
            let reply = try await bench.context.send(method, path, headers: PocketBaseBench.guest, body: body)
            try bench.context.require(
                reply, status: 404, rule: .pocketBaseError,
                "a guest's \(method.rawValue) of a row the rule \(rule) hides")
            bench.judge(bench.conformance.checkError(reply.json, status: 404), in: reply)
        }
        guard refused > 0 else { throw CaseContext.Skip("the rules hide the case's record from no guest") }
        let after = try await bench.view(collection, id)
        for member in before.members where after[member.key] != member.value {
            bench.context.fail(
                .pocketBaseError, at: "/\(member.key)",
                "after a guest's refused writes, \(collection.name).\(member.key) is \(PocketBaseBench.show(after[member.key])), not \(PocketBaseBench.show(member.value))",
                detail: "fix: a row the rule hides answers 404 and nothing changes (pocketbase.md §5)")
        }
    }

    /// §5: a guest's create under a rule needing auth is 400 `Failed to create record.` with
    /// `data: {}`, and no record appears.
    static func checkCreateRule(_ collection: PocketBaseCollection, _ bench: PocketBaseBench) async throws {
        let id = PocketBaseBench.freshID()
        var body = try await bench.body(for: collection)
        body["id"] = .string(id)
        let reply = try await bench.context.send(
            .post, PocketBaseBench.recordsPath(collection), headers: PocketBaseBench.guest, body: .object(body))
        bench.context.adopt(id: id, deletePath: PocketBaseBench.recordPath(collection, id))
        try bench.context.require(
            reply, status: 400, rule: .pocketBaseError, "a guest's create under a rule needing auth")
        bench.judge(bench.conformance.checkError(reply.json, status: 400), in: reply)
        if reply.value(at: "/message")?.stringValue != "Failed to create record."
            || reply.value(at: "/data") != .object(JSONObject())
        {
            bench.context.fail(
                .pocketBaseError, at: "/data",
                "\(reply.request) as a guest: expected \"Failed to create record.\" with data {}, got \(PocketBaseBench.show(reply.value(at: "/message"))) with data \(PocketBaseBench.show(reply.value(at: "/data")))",
                detail:
                    "fix: an unmet create rule is 400 Failed to create record. without field errors (pocketbase.md §5)")
        }
        let view = try await bench.context.send(.get, PocketBaseBench.recordPath(collection, id))
        try bench.context.require(
            view, status: 404, rule: .pocketBaseError, "viewing the record a refused create named")
    }

    /// §5: a record only its owner reaches is 404 to a guest and to a bad token, 200 to the
    /// owner's token raw and as `Bearer <token>`; `auth-refresh` with a bad token is 401.
    static func checkTokenForms(
        _ collection: PocketBaseCollection, _ bench: PocketBaseBench, owner: PocketBaseField?
    ) async throws {
        guard let rule = collection.rules.view else { return }
        let login: PocketBaseCollection
        let id: String
        let token: String
        let ownerID: String
        if let owner, let target = bench.target(of: owner) {
            (ownerID, token, _) = try await bench.login(target)
            id = try await bench.insert(collection, try await bench.sample(collection, [owner.name: .string(ownerID)]))
            login = target
        } else {
            (ownerID, token, _) = try await bench.login(collection)
            id = ownerID
            login = collection
        }
        let guestReach = try await reachable(collection, bench, rule: rule, authID: "", [id])
        let ownerReach = try await reachable(collection, bench, rule: rule, authID: ownerID, [id])
        guard guestReach.isEmpty, !ownerReach.isEmpty else {
            throw CaseContext.Skip("the view rule \(rule) does not tell the record's owner from a guest")
        }
        let path = PocketBaseBench.recordPath(collection, id)
        let callers = [
            (PocketBaseBench.guest, "a bad token", 404),
            (PocketBaseBench.authorized(token, bearer: false), "the raw token", 200),
            (PocketBaseBench.authorized(token, bearer: true), "Bearer <token>", 200),
        ]
        for (headers, caller, status) in callers {
            let reply = try await bench.context.send(.get, path, headers: headers)
            try bench.context.require(
                reply, status: status, rule: .pocketBaseError,
                "viewing a record the view rule \(rule) lets only its owner see, with \(caller)")
        }
        let refresh = try await bench.context.send(
            .post, "/api/collections/\(login.name)/auth-refresh", headers: PocketBaseBench.guest)
        try bench.context.require(refresh, status: 401, rule: .pocketBaseError, "auth-refresh with a bad token")
    }
}
