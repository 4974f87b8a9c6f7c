internal import Foundation
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension FileMakerSuites {
    /// The fields a layout's find cases write and search: two plain text fields, and the number,
    /// date and value-list fields when the layout has them.
    struct FindFields: Sendable {
        let words: FileMakerField
        let tag: FileMakerField
        let number: FileMakerField?
        let date: FileMakerField?
        let listed: (field: FileMakerField, values: [String])?

        init?(_ layout: FileMakerLayout) {
            let writable = FileMakerSampleValues.writable(layout).filter { $0.repetitions == 1 }
            let texts = writable.filter {
                $0.result == .text && $0.valueList == nil && ($0.maxCharacters == 0 || $0.maxCharacters >= 30)
            }
            guard texts.count >= 2 else { return nil }
            (words, tag) = (texts[0], texts[1])
            number = writable.first { $0.result == .number }
            date = writable.first { $0.result == .date }
            listed =
                writable.lazy.compactMap { field -> (FileMakerField, [String])? in
                    guard let name = field.valueList, let list = layout.valueLists.first(where: { $0.name == name }),
                        list.values.count >= 4
                    else { return nil }
                    return (field, list.values)
                }.first
        }

        /// The four records' values: words, number, date and value-list entry (by index).
        static let words = ["Johnny Walker", "john", "Elton John", "Miles"]
        static let numbers: [JSONValue] = [45, 120, 1000, ""]
        static let dates: [JSONValue] = ["01/15/2014", "05/02/2014", "03/03/2015", ""]
        static let listed = [2, 0, 1, 3]
        static let tags = [" one", "1 dup", "1 dup", "x"]
    }

    /// Creates the four records a find case searches; returns their ids and the criterion on the
    /// tag field that finds exactly them.
    static func createFindRecords(
        _ bench: FileMakerBench, _ layout: FileMakerLayout, _ fields: FindFields, unique: String
    )
        async throws -> (ids: [String], scope: JSONObject)
    {
        var ids: [String] = []
        for index in 0..<4 {
            var values: JSONObject = [
                fields.words.name: .string(FindFields.words[index]),
                fields.tag.name: .string("t\(unique)\(FindFields.tags[index])"),
            ]
            if let number = fields.number { values[number.name] = FindFields.numbers[index] }
            if let date = fields.date { values[date.name] = FindFields.dates[index] }
            if let listed = fields.listed {
                values[listed.field.name] = .string(listed.values[FindFields.listed[index]])
            }
            ids.append(try await bench.create(layout, unique: unique, overrides: values))
        }
        return (ids, [fields.tag.name: .string("t\(unique)")])
    }

    func findCases(_ layout: FileMakerLayout, suite: String) -> [VerificationCase] {
        guard let fields = FindFields(layout) else { return [] }
        return [
            criteriaCase(layout, fields, suite: suite), requestsCase(layout, fields, suite: suite),
            sortCase(layout, fields, suite: suite),
        ]
    }

    /// Runs `query` and checks which of the case's records it finds (others are ignored).
    private static func expectFound(
        _ bench: FileMakerBench, _ layout: FileMakerLayout, _ ids: [String], _ query: [JSONValue], _ expected: [Int],
        _ clause: String
    ) async throws {
        let reply = try await bench.find(layout, ["query": .array(query), "limit": "1000"])
        if reply.status != 200, reply.value(at: "/messages/0/code")?.stringValue != "401" {
            bench.context.fail(
                .fileMakerData, at: "/messages/0/code", "\(reply.request) failed with \(reply.status)",
                detail: "a find with \(JSONValue.array(query).serialized()) (filemaker.md \(clause))")
            return
        }
        let found = Set(FileMakerBench.ids(reply)).intersection(ids)
        let wanted = Set(expected.map { ids[$0] })
        bench.expect(
            found == wanted, .fileMakerData, at: "/response/data",
            "\(reply.request): \(JSONValue.array(query).serialized()) found records \(ids.indices.filter { found.contains(ids[$0]) }.map { $0 + 1 }) of the case's four, expected \(expected.map { $0 + 1 })",
            detail: "fix: find criteria mean what filemaker.md \(clause) says")
    }

    /// `_find` criteria mean what FileMaker's find operators say (filemaker.md §5).
    func criteriaCase(_ layout: FileMakerLayout, _ fields: FindFields, suite: String) -> VerificationCase {
        var clauses = ["§5.17", "§5.18", "§5.19", "§5.20", "§5.21", "§5.24", "§5.26"]
        if fields.number != nil { clauses += ["§5.8", "§5.22", "§5.23", "§5.24", "§5.25"] }
        if fields.date != nil { clauses += ["§5.27"] }
        return makeRecordCase(
            suite, "\(layout.name): _find criteria mean what the find operators say", rules: [.fileMakerData],
            clauses: clauses.sorted(), location: layout.location
        ) { bench, unique in
            let (ids, scope) = try await Self.createFindRecords(bench, layout, fields, unique: unique)
            func criterion(_ field: FileMakerField, _ value: JSONValue) -> JSONValue {
                var request = scope
                request[field.name] = value
                return .object(request)
            }
            let words = fields.words
            let checks: [(FileMakerField, JSONValue, [Int], String)] = [
                (words, "john", [0, 1, 2], "§5.17"), (words, "JOHN elton", [2], "§5.17"), (words, "walk", [0], "§5.17"),
                (words, "=john", [1, 2], "§5.18"), (words, "==john", [1], "§5.19"), (words, "==Elton", [], "§5.19"),
                (words, "M@les", [3], "§5.20"), (words, "*lton", [2], "§5.20"),
                (words, "\"Elton John\"", [2], "§5.21"), (words, "\"John Elton\"", [], "§5.21"),
                (words, "*\"ton Jo\"", [2], "§5.21"), (words, "<F", [2], "§5.26"),
            ]
            for (field, value, expected, clause) in checks {
                try await Self.expectFound(bench, layout, ids, [criterion(field, value)], expected, clause)
            }
            if let number = fields.number {
                let numeric: [(JSONValue, [Int], String)] = [
                    ("=", [3], "§5.18"), ("*", [0, 1, 2], "§5.20"), (120, [1], "§5.8"), ("45.0", [0], "§5.25"),
                    (">100", [1, 2], "§5.25"), (">120", [2], "§5.22"), (">=120", [1, 2], "§5.22"),
                    ("<120", [0], "§5.22"), ("<=120", [0, 1], "§5.22"), ("45...120", [0, 1], "§5.23"),
                    ("46...119", [], "§5.23"),
                ]
                for (value, expected, clause) in numeric {
                    try await Self.expectFound(bench, layout, ids, [criterion(number, value)], expected, clause)
                }
            }
            try await Self.expectFound(bench, layout, ids, [criterion(fields.tag, "!")], [1, 2], "§5.24")
            if let date = fields.date {
                let dates: [(JSONValue, [Int])] = [
                    ("2014", [0, 1]), ("5/2014", [1]), ("01/15/2014", [0]), ("<03/01/2015", [0, 1]),
                ]
                for (value, expected) in dates {
                    try await Self.expectFound(bench, layout, ids, [criterion(date, value)], expected, "§5.27")
                }
            }
        }
    }

    /// `_find` requests combine in order: AND inside one, OR across, omits remove (filemaker.md §5).
    func requestsCase(_ layout: FileMakerLayout, _ fields: FindFields, suite: String) -> VerificationCase {
        makeRecordCase(
            suite,
            "\(layout.name): _find requests AND their criteria, OR each other and omit in order; bad finds are refused",
            rules: [.fileMakerData, .fileMakerError],
            clauses: ["§5.1", "§5.3", "§5.4", "§5.5", "§5.6", "§5.7", "§5.9", "§5.10"],
            location: layout.location
        ) { bench, unique in
            let (ids, scope) = try await Self.createFindRecords(bench, layout, fields, unique: unique)
            let words = fields.words.name
            func request(_ members: JSONObject) -> JSONValue {
                var object = scope
                for member in members.members { object[member.key] = member.value }
                return .object(object)
            }
            let combined: [([JSONValue], [Int], String)] = [
                ([request([words: "john elton"]), request([words: "miles"])], [2, 3], "§5.5"),
                ([request([words: "==Miles"]), request([words: "==john"])], [1, 3], "§5.5"),
                ([request([words: "john"]), request([words: "elton", "omit": true])], [0, 1], "§5.6"),
                ([request([words: "john", "omit": "true"])], [3], "§5.7"),
                ([request([words: "john", fields.tag.name: "dup"])], [1, 2], "§5.4"),
            ]
            for (query, expected, clause) in combined {
                try await Self.expectFound(bench, layout, ids, query, expected, clause)
            }
            let paged = try await bench.find(
                layout,
                [
                    "query": [.object(scope)], "sort": [["fieldName": .string(words), "sortOrder": "descend"]],
                    "offset": 2, "limit": 2,
                ])
            try bench.context.require(paged, status: 200, rule: .fileMakerData, "a find with numeric offset and limit")
            bench.expect(
                FileMakerBench.ids(paged) == [ids[0], ids[1]], .fileMakerData, at: "/response/data",
                "\(paged.request) (offset 2, limit 2 as JSON numbers, descending) answered \(FileMakerBench.ids(paged)), expected \([ids[0], ids[1]])",
                detail: "fix: limit and offset may be numbers or numeric strings (filemaker.md §5)")
            let unknown = try await bench.find(layout, ["query": [.object(scope)], "treatyUnknown": "1"])
            bench.requireError(
                unknown, codes: [960], statuses: [400, 500], rule: .fileMakerError, "a find with an unknown body key")
            for empty: JSONValue in [[], [[words: ""]]] {
                let reply = try await bench.find(layout, ["query": empty])
                bench.requireError(
                    reply, codes: [400], statuses: [500], rule: .fileMakerError, "a find whose criteria are empty")
            }
            let missing = try await bench.find(layout, ["query": [["treatyNoSuchField": "x"]]])
            bench.requireError(
                missing, codes: [102], statuses: [500], rule: .fileMakerError, "a find on an unknown field")
            if let global = layout.fields.first(where: \.global) {
                let reply = try await bench.find(layout, ["query": [[.init(stringLiteral: global.name): "x"]]])
                let code = Int(reply.value(at: "/messages/0/code")?.stringValue ?? "") ?? 0
                bench.expect(
                    reply.status >= 400 && code != 0 && code != 401, .fileMakerError, at: "/messages/0/code",
                    "\(reply.request): a find on the global field '\(global.name)' answered \(reply.status) with code \(code)",
                    detail: "fix: global fields cannot be find criteria (filemaker.md §5)")
            }
        }
    }

    /// `_find` sorts numbers numerically, text case-insensitively, dates chronologically, by a
    /// value list's order, empties first; unsorted is creation order (filemaker.md §5).
    func sortCase(_ layout: FileMakerLayout, _ fields: FindFields, suite: String) -> VerificationCase {
        var clauses = ["§5.12", "§5.13"]
        if fields.number != nil || fields.date != nil { clauses.append("§5.14") }
        return makeRecordCase(
            suite, "\(layout.name): _find sorts by each field's kind and a value list's order", rules: [.fileMakerData],
            clauses: clauses, location: layout.location
        ) { bench, unique in
            let (ids, scope) = try await Self.createFindRecords(bench, layout, fields, unique: unique)
            func sorted(_ sort: JSONValue?, _ expected: [Int], _ meaning: String) async throws {
                var body: JSONObject = ["query": [.object(scope)]]
                if let sort { body["sort"] = [sort] }
                let reply = try await bench.find(layout, body)
                try bench.context.require(reply, status: 200, rule: .fileMakerData, "a find of the case's records")
                let got = FileMakerBench.ids(reply).compactMap { id in ids.firstIndex(of: id).map { $0 + 1 } }
                bench.expect(
                    got == expected.map { $0 + 1 }, .fileMakerData, at: "/response/data",
                    "\(reply.request): \(meaning) gave the case's records in the order \(got), expected \(expected.map { $0 + 1 })",
                    detail: "fix: see filemaker.md §5 on sorting")
            }
            try await sorted(nil, [0, 1, 2, 3], "no sort (creation order)")
            try await sorted(
                ["fieldName": .string(fields.words.name)], [2, 1, 0, 3],
                "sorting text by default order (ascend, any case)")
            if let number = fields.number {
                try await sorted(
                    ["fieldName": .string(number.name), "sortOrder": "ascend"], [3, 0, 1, 2],
                    "sorting numbers ascending")
            }
            if let date = fields.date {
                try await sorted(
                    ["fieldName": .string(date.name), "sortOrder": "ascend"], [3, 0, 1, 2], "sorting dates ascending")
            }
            if let listed = fields.listed, let list = listed.field.valueList {
                try await sorted(
                    ["fieldName": .string(listed.field.name), "sortOrder": .string(list)], [1, 2, 0, 3],
                    "sorting by the value list '\(list)'")
            }
        }
    }
}
