internal import Foundation
internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension FileMakerSuites {
    /// Portal rows are chosen, paged, counted, edited, deleted and left out of duplicates
    /// (filemaker.md §4, §5).
    func portalCases(_ layout: FileMakerLayout, suite: String) -> [VerificationCase] {
        guard let portal = layout.portals.first, let related = database.table(named: portal.table),
            let field = portal.fields.compactMap({ related.field(named: $0) }).first(where: {
                $0.isWritable && $0.result == .text
            }),
            let text = FileMakerSampleValues.writable(layout).first(where: {
                $0.result == .text && $0.valueList == nil && $0.repetitions == 1
            })
        else { return [] }
        let cleanup = database.layout(named: portal.table) != nil
        return [
            makeRecordCase(
                suite,
                "\(layout.name): portal rows are chosen, paged and counted; edits change, delete and create rows; a duplicate has none",
                rules: [.fileMakerPortal], clauses: ["§4.11", "§4.17", "§4.24", "§4.25", "§4.27", "§5.2", "§9.2"],
                location: portal.location
            ) { bench, unique in
                let context = bench.context
                let (id, sent) = try await bench.create(layout, unique: unique)
                let path = bench.records(layout) + "/" + id
                let column = portal.qualified(field.name)
                let rows: [JSONValue] = (1...3).map {
                    [.init(stringLiteral: column): .string("treaty row \(unique) \($0)")]
                }
                let added = try await context.send(
                    .patch, path,
                    body: [
                        "fieldData": .object(JSONObject()),
                        "portalData": [.init(stringLiteral: portal.name): .array(rows)],
                    ])
                try context.require(added, status: 200, rule: .fileMakerPortal, "adding three portal rows")
                func portalRows(_ query: [(String, String)]) async throws -> (rows: [JSONObject], reply: Reply) {
                    let reply = try await context.send(.get, path, query: query)
                    try context.require(reply, status: 200, rule: .fileMakerPortal, "reading the record's portal")
                    bench.judge(reply, layout: layout)
                    let rows = reply.value(at: "/response/data/0/portalData/\(portal.name)")?.arrayValue ?? []
                    return (rows.compactMap(\.objectValue), reply)
                }
                let all = try await portalRows([])
                let rowIDs = all.rows.compactMap { $0["recordId"]?.stringValue }
                for rowID in rowIDs where cleanup {
                    context.adopt(
                        id: rowID,
                        deletePath:
                            "\(bench.base)/layouts/\(FileMakerPathSegment.escape(portal.table))/records/\(rowID)")
                }
                bench.expect(
                    rowIDs.count == 3, .fileMakerPortal, at: "/response/data/0/portalData/\(portal.name)",
                    "the record shows \(rowIDs.count) of its 3 rows")
                let chosen = #"[""# + layout.portals.map(\.name).joined(separator: #"", ""#) + #""]"#
                let paged = try await portalRows([
                    ("portal", chosen), ("_offset.\(portal.name)", "2"), ("_limit.\(portal.name)", "1"),
                ])
                bench.expect(
                    paged.rows.compactMap { $0["recordId"]?.stringValue } == Array(rowIDs.dropFirst().prefix(1)),
                    .fileMakerPortal, at: "/response/data/0/portalData/\(portal.name)",
                    "\(paged.reply.request) answered rows \(paged.rows.compactMap { $0["recordId"]?.stringValue }), expected the second of \(rowIDs)",
                    detail: "fix: _offset.<portal> is 1-based and _limit.<portal> caps the rows (filemaker.md §4)")
                let info = (paged.reply.value(at: "/response/data/0/portalDataInfo")?.arrayValue ?? []).first {
                    ($0["portalObjectName"]?.stringValue ?? $0["table"]?.stringValue) == portal.name
                        || $0["table"]?.stringValue == portal.table
                }
                bench.expect(
                    info?["foundCount"]?.numberValue?.int64Value == 3
                        && info?["returnedCount"]?.numberValue?.int64Value == 1,
                    .fileMakerPortal, at: "/response/data/0/portalDataInfo",
                    "\(paged.reply.request): portalDataInfo for '\(portal.name)' is \(info.map { $0.serialized() } ?? "missing"), expected foundCount 3 and returnedCount 1"
                )
                let none = try await portalRows([("portal", "[]")])
                bench.expect(
                    none.reply.value(at: "/response/data/0/portalData/\(portal.name)") == nil, .fileMakerPortal,
                    at: "/response/data/0/portalData", "\(none.reply.request) still sends portal '\(portal.name)'")
                guard rowIDs.count == 3 else { return }
                let changed = JSONValue.string("treaty changed row \(unique)")
                let edit = try await context.send(
                    .patch, path,
                    body: [
                        "fieldData": ["deleteRelated": .string("\(portal.name).\(rowIDs[2])")],
                        "portalData": [
                            .init(stringLiteral: portal.name): [
                                ["recordId": .string(rowIDs[0]), .init(stringLiteral: column): changed]
                            ]
                        ],
                    ])
                try context.require(edit, status: 200, rule: .fileMakerPortal, "editing one row and deleting another")
                let after = try await portalRows([])
                let afterIDs = after.rows.compactMap { $0["recordId"]?.stringValue }
                bench.expect(
                    afterIDs == Array(rowIDs.prefix(2)) && after.rows.first?[column] == changed, .fileMakerPortal,
                    at: "/response/data/0/portalData/\(portal.name)",
                    "after editing row \(rowIDs[0]) and deleting row \(rowIDs[2]) the portal shows \(afterIDs) with \(after.rows.first?[column]?.serialized() ?? "nothing") first",
                    detail: "fix: rows with a recordId are edited, deleteRelated deletes (filemaker.md §4)")
                let find = try await bench.find(
                    layout,
                    [
                        "query": [
                            [.init(stringLiteral: text.name): .string("==" + (sent[text.name]?.stringValue ?? ""))]
                        ],
                        "portal": [.string(portal.name)], "offset.\(portal.name)": 2, "limit.\(portal.name)": 1,
                    ])
                try context.require(find, status: 200, rule: .fileMakerPortal, "a find with portal paging keys")
                let found = (find.value(at: "/response/data")?.arrayValue ?? []).first {
                    $0["recordId"]?.stringValue == id
                }
                bench.expect(
                    found?["portalData"]?[portal.name]?.arrayValue?.compactMap({ $0["recordId"]?.stringValue }) == [
                        rowIDs[1]
                    ],
                    .fileMakerPortal, at: "/response/data",
                    "\(find.request): offset.\(portal.name) 2 and limit.\(portal.name) 1 did not give the second row")
                let copy = try await context.send(.post, path, body: .object(JSONObject()))
                try context.require(copy, status: 200, rule: .fileMakerPortal, "duplicating the record")
                guard let copyID = copy.value(at: "/response/recordId")?.stringValue else { return }
                context.adopt(id: copyID, deletePath: bench.records(layout) + "/" + copyID)
                let duplicate = try await bench.read(layout, copyID)
                for member in sent.members where duplicate["fieldData"]?[member.key] != member.value {
                    context.fail(
                        .fileMakerPortal, at: "/response/data/0/fieldData/\(member.key)",
                        "the duplicate's '\(member.key)' is \(duplicate["fieldData"]?[member.key]?.serialized() ?? "missing"), the original's \(member.value.serialized())"
                    )
                }
                bench.expect(
                    (duplicate["portalData"]?[portal.name]?.arrayValue ?? []).isEmpty, .fileMakerPortal,
                    at: "/response/data/0/portalData/\(portal.name)",
                    "the duplicate shows related rows; a duplicate copies the record, not its related rows")
            }
        ]
    }

    /// A range without `_limit` sends at most 100 records (filemaker.md §4).
    func defaultLimitCase(_ layout: FileMakerLayout, suite: String) -> VerificationCase {
        makeRecordCase(
            suite, "\(layout.name): a range without _limit or _offset sends the first 100 records",
            rules: [.fileMakerData],
            clauses: ["§4.19"], location: layout.location
        ) { bench, unique in
            let context = bench.context
            let first = try await context.send(.get, bench.records(layout), query: [("_limit", "1")])
            try context.require(first, status: 200, rule: .fileMakerData, "a range of one record")
            let total = Int(first.value(at: "/response/dataInfo/totalRecordCount")?.numberValue?.int64Value ?? 0)
            if total < 101 {
                for index in total..<101 { _ = try await bench.create(layout, unique: "\(unique)\(index)") }
            }
            let range = try await context.send(.get, bench.records(layout))
            try context.require(range, status: 200, rule: .fileMakerData, "a range without parameters")
            let sent = FileMakerBench.ids(range)
            let all = try await context.send(.get, bench.records(layout), query: [("_limit", "100000")])
            bench.expect(
                sent.count == 100 && sent == Array(FileMakerBench.ids(all).prefix(100)), .fileMakerData,
                at: "/response/data",
                "\(range.request) sent \(sent.count) records, expected the first 100 of \(FileMakerBench.ids(all).count)",
                detail: "fix: a range defaults to _offset 1 and _limit 100 (filemaker.md §4)")
        }
    }
}
