internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension PocketBaseSuites {
    /// The cases for what a filter means (pocketbase.md §6), as the superuser on the case's own
    /// records: the grammar (`&&` before `||`, groups, comments, no `and`/`or` words), text
    /// equality and `~` LIKE, numbers and bools, `null` as the empty value, dates as stored
    /// text, and the filters only superusers may send.
    func filterCases(
        _ collection: PocketBaseCollection, all: [PocketBaseCollection], suite: String, location: SourceLocation?
    ) -> [VerificationCase] {
        let name = collection.name
        var cases = [
            makeCase(
                suite, "\(name): && binds tighter than ||, ( ) group, // comments; and/or words are 400",
                rules: [.pocketBaseList], clauses: ["§6.3", "§6.4"], location: location, writes: true, collections: all
            ) { bench in try await Self.checkFilterGrammar(collection, bench) }
        ]
        if let text = Self.likeField(of: collection) {
            cases.append(
                makeCase(
                    suite, "\(name): = on \(text.name) is case-sensitive, ~ is a case-insensitive LIKE, :lower lowers",
                    rules: [.pocketBaseList], clauses: ["§6.5", "§6.6", "§6.14", "§6.18"], location: location,
                    writes: true,
                    collections: all
                ) { bench in try await Self.checkTextFilters(collection, bench, text) })
        }
        if let number = Self.numberField(of: collection, fits: [5, 10]) {
            let flag = collection.fields.first { $0.type == .bool && !$0.system && !$0.hidden }
            cases.append(
                makeCase(
                    suite, "\(name): \(number.name) compares as a number\(flag.map { ", \($0.name) as a bool" } ?? "")",
                    rules: [.pocketBaseList], clauses: ["§6.5", "§6.7", "§6.18"], location: location, writes: true,
                    collections: all
                ) { bench in try await Self.checkNumberFilters(collection, bench, number, flag) })
        }
        let nullable = Self.nullableFields(of: collection)
        if !nullable.isEmpty {
            cases.append(
                makeCase(
                    suite, "\(name): = null matches the empty \(nullable.map(\.name).joined(separator: ", "))",
                    rules: [.pocketBaseList], clauses: ["§6.8"], location: location, writes: true, collections: all
                ) { bench in try await Self.checkNullFilters(collection, bench, nullable) })
        }
        if let date = collection.fields.first(where: { $0.type == .date && !$0.system && !$0.hidden }) {
            cases.append(
                makeCase(
                    suite, "\(name): \(date.name) compares as the stored text", rules: [.pocketBaseList],
                    clauses: ["§6.9"], location: location, writes: true, collections: all
                ) { bench in try await Self.checkDateFilters(collection, bench, date) })
        }
        if collection.rules.list != nil {
            cases.append(
                makeCase(
                    suite,
                    "\(name): @request and @collection in a guest's filter are 403; the superuser's @collection = means all rows",
                    rules: [.pocketBaseError, .pocketBaseList], clauses: ["§6.13", "§6.19"], location: location,
                    writes: true,
                    collections: all
                ) { bench in try await Self.checkSuperuserOnlyFilters(collection, bench) })
        }
        if Self.canLogIn(collection) {
            cases.append(
                makeCase(
                    suite, "\(name): a filter on tokenKey or password is 400 but for the superuser",
                    rules: [.pocketBaseError], clauses: ["§6.12"], location: location, writes: true, collections: all
                ) { bench in try await Self.checkHiddenFieldFilters(collection, bench) })
        }
        return cases
    }

    /// A plain text field whose values the cases choose: writable, no pattern, room for 20 characters.
    static func likeField(of collection: PocketBaseCollection) -> PocketBaseField? {
        collection.fields.first { field in
            guard case .text(let options) = field.options, !field.hidden, !field.system, field.name != "id" else {
                return false
            }
            return options.pattern.isEmpty && options.min <= 18 && options.effectiveMax >= 20
        }
    }

    /// A writable number field that accepts each of `values`.
    static func numberField(of collection: PocketBaseCollection, fits values: [Double]) -> PocketBaseField? {
        collection.fields.first { field in
            guard case .number(let options) = field.options, !field.system, !field.hidden else { return false }
            return values.allSatisfy { ($0 >= (options.min ?? $0)) && ($0 <= (options.max ?? $0)) }
        }
    }

    /// The optional fields `= null` compares: text, date, single select and single relation,
    /// and number and bool (which `null` never matches).
    static func nullableFields(of collection: PocketBaseCollection) -> [PocketBaseField] {
        collection.fields.filter { field in
            guard !field.required, !field.system, !field.hidden, !field.isMultiple,
                PocketBaseSampleValues.isWritable(field, in: collection)
            else { return false }
            switch field.options {
            case .text(let options): return options.autogeneratePattern.isEmpty
            case .date, .select, .relation, .number, .bool: return true
            default: return false
            }
        }
    }

    /// §6: `&&` before `||`, groups, optional spaces and `//` comments; `and`/`or` and a cut
    /// expression are 400.
    static func checkFilterGrammar(_ collection: PocketBaseCollection, _ bench: PocketBaseBench) async throws {
        let (a, b) = try await createTwo(collection, bench)
        let names = [a: "a", b: "b"]
        let fix =
            "&& binds tighter than ||, ( ) group, spaces are optional and // comments run to the line's end (pocketbase.md §6)"
        let probes: [(String, [String])] = [
            ("id='\(a)' || id='\(b)' && id='treatynomatch00'", [a]),
            ("(id='\(a)'||id='\(b)')&&id!='\(a)'", [b]),
            ("id='\(a)' || id='\(b)' // && id='\(a)'", [a, b]),
            ("(id='\(a)' || id='\(b)') // a comment\n && id!='\(a)'", [b]),
        ]
        for (filter, expected) in probes {
            try await bench.expectMatches(collection, [a, b], filter: filter, expected, names: names, fix: fix)
        }
        let generic = "Something went wrong while processing your request."
        for filter in ["id='\(a)' or id='\(b)'", "id='\(a)' and id!='\(b)'", "id='\(a)' ||"] {
            let reply = try await bench.context.send(
                .get, PocketBaseBench.recordsPath(collection), query: [("filter", filter)])
            try bench.context.require(reply, status: 400, rule: .pocketBaseList, "listing with filter=\(filter)")
            if reply.value(at: "/message")?.stringValue != generic {
                bench.context.fail(
                    .pocketBaseError, at: "/message",
                    "\(reply.request): expected \"\(generic)\", got \(PocketBaseBench.show(reply.value(at: "/message")))"
                )
            }
        }
    }

    /// §6: `=` is case-sensitive, `!=` excludes; `~` is LIKE, case-insensitive, wrapped as
    /// `%v%` unless the value has a `%` (then `_` is any one character; otherwise a literal).
    static func checkTextFilters(
        _ collection: PocketBaseCollection, _ bench: PocketBaseBench, _ text: PocketBaseField
    ) async throws {
        let unique = bench.unique
        let a = try await bench.insert(
            collection, try await bench.sample(collection, [text.name: .string("Mark\(unique)Alpha")]))
        let b = try await bench.insert(
            collection, try await bench.sample(collection, [text.name: .string("mark\(unique)b_ta")]))
        let names = [a: "Mark\(unique)Alpha", b: "mark\(unique)b_ta"]
        let field = text.name
        let probes: [(String, [String])] = [
            ("\(field) = \"Mark\(unique)Alpha\"", [a]), ("\(field) = \"mark\(unique)alpha\"", []),
            ("\(field) != \"Mark\(unique)Alpha\"", [b]), ("\(field) ~ \"ARK\(unique)\"", [a, b]),
            ("\(field) !~ \"alpha\"", [b]), ("\(field) ~ \"mark\(unique)%\"", [a, b]),
            ("\(field) ~ \"ark\(unique)%\"", []),
            ("\(field) ~ \"%\(unique)_lpha\"", [a]), ("\(field) ~ \"\(unique)b_ta\"", [b]),
            ("\(field) ~ \"\(unique)_lpha\"", []), ("\(field):lower = \"mark\(unique)alpha\"", [a]),
            ("\(field) = 'Mark\(unique)Alpha' || \(field) = \"it\\\"s\"", [a]),
        ]
        for (filter, expected) in probes {
            try await bench.expectMatches(
                collection, [a, b], filter: filter, expected, names: names,
                fix: "= is case-sensitive; ~ is a case-insensitive LIKE wrapped as %v% unless the value has a %, "
                    + "where _ is any one character (without a %, _ is literal) (pocketbase.md §6)")
        }
    }

    /// §6: `> >= < <= !=` compare numbers as numbers (10 > 9) and a number matches its text
    /// (`= "5"`); a bool does not match `"true"`.
    static func checkNumberFilters(
        _ collection: PocketBaseCollection, _ bench: PocketBaseBench, _ number: PocketBaseField,
        _ flag: PocketBaseField?
    ) async throws {
        var low: [String: JSONValue] = [number.name: .number(JSONNumber(5))]
        var high: [String: JSONValue] = [number.name: .number(JSONNumber(10))]
        if let flag {
            low[flag.name] = true
            high[flag.name] = false
        }
        let a = try await bench.insert(collection, try await bench.sample(collection, low))
        let b = try await bench.insert(collection, try await bench.sample(collection, high))
        let names = [a: "\(number.name) 5", b: "\(number.name) 10"]
        let field = number.name
        var probes: [(String, [String])] = [
            ("\(field) > -1", [a, b]), ("\(field) < 5.5", [a]), ("\(field) > 9", [b]), ("\(field) >= 10", [b]),
            ("\(field) < 10", [a]), ("\(field) <= 5", [a]),
            ("\(field) != 5", [b]), ("\(field) = \"5\"", [a]), ("\(field) > \"9\"", [b]),
        ]
        if let flag { probes += [("\(flag.name) = true", [a]), ("\(flag.name) = \"true\"", [])] }
        for (filter, expected) in probes {
            try await bench.expectMatches(
                collection, [a, b], filter: filter, expected, names: names,
                fix:
                    "numbers compare as numbers, also against their text (\"5\"); a bool never equals \"true\" (pocketbase.md §6)"
            )
        }
    }

    /// §6: `x = null` ≡ `x = ""` for text, date, select and single relation; number and bool
    /// `= null` match nothing (not even 0 or false).
    static func checkNullFilters(
        _ collection: PocketBaseCollection, _ bench: PocketBaseBench, _ fields: [PocketBaseField]
    ) async throws {
        var empty: [String: JSONValue] = [:]
        for field in fields {
            switch field.type {
            case .number: empty[field.name] = .number(JSONNumber(0))
            case .bool: empty[field.name] = false
            default: empty[field.name] = ""
            }
        }
        let e = try await bench.insert(collection, try await bench.sample(collection, empty))
        let f = try await bench.create(collection, check: false)
        let names = [e: "empty", f: "filled"]
        for field in fields {
            let zero = field.type == .number || field.type == .bool
            let probes: [(String, [String])] =
                zero
                ? [("\(field.name) = null", [])]
                : [("\(field.name) = null", [e]), ("\(field.name) = \"\"", [e]), ("\(field.name) != null", [f])]
            for (filter, expected) in probes {
                try await bench.expectMatches(
                    collection, [e, f], filter: filter, expected, names: names,
                    fix: "null is the empty value of text, date, select and single relation fields; number and bool "
                        + "= null match nothing (pocketbase.md §6)")
            }
        }
    }

    /// §6: dates compare as their stored text: `>= "2024-06-01"` works, `=` needs the whole
    /// `… .000Z`, and `""` is below every date.
    static func checkDateFilters(
        _ collection: PocketBaseCollection, _ bench: PocketBaseBench, _ date: PocketBaseField
    ) async throws {
        let may = "2024-05-01 10:00:00.000Z"
        let july = "2024-07-01 10:00:00.000Z"
        var ids = [
            try await bench.insert(collection, try await bench.sample(collection, [date.name: .string(may)])),
            try await bench.insert(collection, try await bench.sample(collection, [date.name: .string(july)])),
        ]
        var names = [ids[0]: may, ids[1]: july]
        if !date.required {
            let empty = try await bench.insert(collection, try await bench.sample(collection, [date.name: ""]))
            ids.append(empty)
            names[empty] = "empty"
        }
        let rest = Array(ids.dropFirst(2))
        let field = date.name
        let probes: [(String, [String])] = [
            ("\(field) >= \"2024-06-01\"", [ids[1]]), ("\(field) < \"2024-06-01\"", [ids[0]] + rest),
            ("\(field) = \"\(may)\"", [ids[0]]), ("\(field) = \"2024-05-01\"", []),
            ("\(field) < \"2024-05-01T00:00:00.000Z\"", [ids[0]] + rest),
            ("\(field) > \"\"", [ids[0], ids[1]]), ("\(field) < @now", ids),
        ]
        for (filter, expected) in probes {
            try await bench.expectMatches(
                collection, ids, filter: filter, expected, names: names,
                fix:
                    "dates compare as the stored text \"2024-05-01 10:00:00.000Z\": a date prefix compares, a T sorts after the space, = needs "
                    + "the whole text, and \"\" is below every date (pocketbase.md §6)")
        }
    }

    /// §6: `@request.*` and `@collection.*` in a guest's filter are 403 with their messages; the
    /// superuser may send them.
    static func checkSuperuserOnlyFilters(_ collection: PocketBaseCollection, _ bench: PocketBaseBench) async throws {
        let probes = [
            ("@request.auth.id = \"\"", "Only superusers can filter by @request."),
            ("@collection.\(collection.name).id ?= \"treatynomatch00\"", "Only superusers can filter by @collection."),
        ]
        for (filter, message) in probes {
            let reply = try await bench.context.send(
                .get, PocketBaseBench.recordsPath(collection), query: [("filter", filter)],
                headers: PocketBaseBench.guest)
            try bench.context.require(reply, status: 403, rule: .pocketBaseError, "a guest's filter=\(filter)")
            bench.judge(bench.conformance.checkError(reply.json, status: 403), in: reply)
            if reply.value(at: "/message")?.stringValue != message {
                bench.context.fail(
                    .pocketBaseError, at: "/message",
                    "\(reply.request): expected \"\(message)\", got \(PocketBaseBench.show(reply.value(at: "/message")))"
                )
            }
            _ = try await bench.listIDs(collection, [("filter", filter)], "the superuser's filter=\(filter)")
        }
        let (a, b) = try await createTwo(collection, bench)
        let everywhere = "@collection.\(collection.name).id"
        for (filter, expected) in [("\(everywhere) ?= \"\(a)\"", [a, b]), ("\(everywhere) = \"\(a)\"", [])] {
            try await bench.expectMatches(
                collection, [a, b], filter: filter, expected, names: [a: "a", b: "b"],
                fix:
                    "@collection.<c>.<field> = x holds only when every row of <c> matches; ?= when any does (pocketbase.md §6)"
            )
        }
    }

    /// §6: a filter on the hidden `tokenKey` or `password` is 400 for the record's own owner and
    /// for a guest, and fine for the superuser.
    static func checkHiddenFieldFilters(_ collection: PocketBaseCollection, _ bench: PocketBaseBench) async throws {
        let (id, token, _) = try await bench.login(collection)
        for field in ["tokenKey", "password"] {
            let filter = ("filter", "id='\(id)'&&\(field)!=''")
            for (headers, caller) in [
                (PocketBaseBench.authorized(token, bearer: false), "the record's owner"),
                (PocketBaseBench.guest, "a guest"),
            ] {
                let reply = try await bench.context.send(
                    .get, PocketBaseBench.recordsPath(collection), query: [filter], headers: headers)
                try bench.context.require(
                    reply, status: 400, rule: .pocketBaseError, "\(caller)'s filter on the hidden \(field)")
            }
            let (reply, ids) = try await bench.listIDs(collection, [filter], "the superuser's filter on \(field)")
            if ids != [id] {
                bench.context.fail(
                    .pocketBaseList, at: "/items", "\(reply.request) as the superuser: expected [\(id)], got \(ids)",
                    detail: "fix: superusers may filter on hidden fields (pocketbase.md §6)")
            }
        }
    }
}
