internal import Foundation
internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension FileMakerSuites {
    /// The case that sends the range and `_find` parameters the Data API defines and checks their
    /// meaning, not only the shape of the answer (filemaker.md §4, §5): creation order, `_limit`
    /// and `_offset`, `_sort` both ways, the counts, and `_find` with `sort`, `offset` and `limit`.
    func queryCases(_ layout: FileMakerLayout, suite: String) -> [VerificationCase] {
        [editOnceCase(layout, suite: suite)] + rangeCases(layout, suite: suite)
    }

    /// An edit is applied once (its answer's `modId` is the one a read shows), and auto-entered
    /// UUIDs are upper-case (filemaker.md §4).
    func editOnceCase(_ layout: FileMakerLayout, suite: String) -> VerificationCase {
        makeRecordCase(
            suite, "\(layout.name): an edit is applied once, and auto-entered UUIDs are upper-case",
            rules: [.fileMakerRecord], clauses: ["§4.9"], location: layout.location
        ) { bench, unique in
            let (id, _) = try await bench.create(layout, unique: unique)
            let before = try await bench.read(layout, id)
            for field in layout.fields where field.autoEnter == .uuid {
                guard let value = before["fieldData"]?[field.name]?.stringValue, value != value.uppercased() else { continue }
                bench.context.fail(
                    .fileMakerRecord, at: "/response/data/0/fieldData/\(field.name)",
                    "\(layout.name).\(field.name) is the auto-entered UUID \(value), not upper-case",
                    detail: "fix: Get(UUID) gives an upper-case UUID")
            }
            guard let field = FileMakerSampleValues.writable(layout).first else { return }
            let reply = try await bench.context.send(
                .patch, bench.records(layout) + "/" + id,
                body: ["fieldData": [field.name: FileMakerSampleValues.changed(field, layout: layout, unique: unique)]])
            try bench.context.require(reply, status: 200, rule: nil, "editing a record the case created")
            let after = try await bench.read(layout, id)
            let answered = reply.value(at: "/response/modId")?.stringValue
            if answered != after["modId"]?.stringValue || answered != "1" {
                bench.context.fail(
                    .fileMakerRecord, at: "/response/modId",
                    "\(reply.request) answered modId \(answered ?? "missing"), a later read shows \(after["modId"]?.stringValue ?? "missing") (expected \"1\" after one edit)",
                    detail: "fix: apply an edit once; modId goes up by 1 on every committed change")
            }
        }
    }

    func rangeCases(_ layout: FileMakerLayout, suite: String) -> [VerificationCase] {
        guard
            let field = FileMakerSampleValues.writable(layout).first(where: { field in
                field.result == .text && field.valueList == nil && (field.maxCharacters == 0 || field.maxCharacters > 24)
            })
        else { return [] }
        return [
            makeRecordCase(
                suite, "\(layout.name): range and _find honour _limit, _offset and _sort, with the counts",
                rules: [.fileMakerData], clauses: ["§4.19", "§4.20", "§5.1", "§5.12", "§5.13", "§5.15"],
                location: layout.location
            ) { bench, unique in
                for index in 0..<3 { _ = try await bench.create(layout, unique: "\(unique)\(index)") }
                let records = bench.records(layout)
                func ids(_ reply: Reply) -> [String] {
                    (reply.value(at: "/response/data")?.arrayValue ?? []).compactMap { $0["recordId"]?.stringValue }
                }
                let full = try await bench.context.send(.get, records, query: [("_limit", "1000")])
                try bench.context.require(full, status: 200, rule: .fileMakerData, "a range of every record")
                let all = ids(full)
                let found = full.value(at: "/response/dataInfo/foundCount")?.numberValue?.int64Value
                let total = full.value(at: "/response/dataInfo/totalRecordCount")?.numberValue?.int64Value
                if found != Int64(all.count) || total != Int64(all.count) {
                    bench.context.fail(
                        .fileMakerData, at: "/response/dataInfo",
                        "\(full.request) sent \(all.count) records with foundCount \(found.map(String.init) ?? "missing") and totalRecordCount \(total.map(String.init) ?? "missing")",
                        detail: "fix: a range without a find counts every row of the table, and sends them all under _limit")
                }
                if all.compactMap({ Int($0) }) != all.compactMap({ Int($0) }).sorted() {
                    bench.context.fail(
                        .fileMakerData, at: "/response/data", "\(full.request): unsorted records are not in creation order: \(all)",
                        detail: "fix: without _sort, records come in creation order (filemaker.md §5)")
                }
                let page = try await bench.context.send(.get, records, query: [("_offset", "2"), ("_limit", "1")])
                try bench.context.require(page, status: 200, rule: .fileMakerData, "a range of one record from offset 2")
                if ids(page) != Array(all.dropFirst().prefix(1)) {
                    bench.context.fail(
                        .fileMakerData, at: "/response/data",
                        "\(page.request): expected [\(all.dropFirst().first ?? "")], got \(ids(page))",
                        detail: "fix: _offset is 1-based and _limit caps the records sent (filemaker.md §4)")
                }
                func sorted(_ order: String) async throws -> [String] {
                    let sort = #"[{"fieldName":"\#(field.name)","sortOrder":"\#(order)"}]"#
                    let reply = try await bench.context.send(.get, records, query: [("_sort", sort), ("_limit", "1000")])
                    try bench.context.require(reply, status: 200, rule: .fileMakerData, "a range sorted \(order)")
                    return (reply.value(at: "/response/data")?.arrayValue ?? []).compactMap { record in
                        guard let value = record["fieldData"]?[field.name]?.stringValue, value.hasPrefix("treaty"),
                            value.contains(unique)
                        else { return nil }
                        return record["recordId"]?.stringValue
                    }
                }
                let ascending = try await sorted("ascend")
                let descending = try await sorted("descend")
                if ascending.count != 3 || ascending != Array(descending.reversed()) {
                    bench.context.fail(
                        .fileMakerData, at: "/response/data",
                        "sorting on \(field.name) ascending gave \(ascending), descending \(descending) for the case's three records",
                        detail: "fix: _sort orders the records by the field, descend the other way round (filemaker.md §5)")
                }
                for (offset, limit) in [(2, 2), (1, 1)] {
                    let find = try await bench.context.send(
                        .post, "\(bench.base)/layouts/\(FileMakerPathSegment.escape(layout.name))/_find",
                        body: [
                            "query": [[field.name: .string(unique)]],
                            "sort": [["fieldName": .string(field.name), "sortOrder": "descend"]],
                            "offset": .string(String(offset)), "limit": .string(String(limit)),
                        ])
                    try bench.context.require(find, status: 200, rule: .fileMakerData, "a find of the case's records")
                    let expected = Array(descending.dropFirst(offset - 1).prefix(limit))
                    let foundCount = find.value(at: "/response/dataInfo/foundCount")?.numberValue?.int64Value
                    if ids(find) != expected || foundCount != 3 {
                        bench.context.fail(
                            .fileMakerData, at: "/response",
                            "\(find.request) (offset \(offset), limit \(limit)): expected \(expected) of 3 found, got \(ids(find)) of \(foundCount.map(String.init) ?? "missing")",
                            detail: "fix: a find matches the criteria, sorts, then applies offset and limit; foundCount counts every match")
                    }
                }
            }
        ]
    }
}
