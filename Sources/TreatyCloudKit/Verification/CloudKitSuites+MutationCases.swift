internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension CloudKitSuites {
    /// A query's `GREATER_THAN` and `LESS_THAN` leave out the value itself (cloudkit.md §6): of
    /// three records marked `…-a`, `…-b`, `…-c`, the range strictly between `a` and `c` is `b`.
    static func exclusiveBoundaries(_ bench: CloudKitBench, type: CloudKitRecordType, field: String, unique: String)
        async throws
    {
        let suffixes = ["a", "b", "c"]
        let names = suffixes.map { "treaty-\(unique)-x\($0)" }
        for (name, suffix) in zip(names, suffixes) {
            _ = try await create(bench, type: type, name: name, unique: unique, marker: "treaty-\(unique)-\(suffix)")
        }
        try await cleaning(bench, names) {
            func bound(_ comparator: String, _ suffix: String) -> JSONValue {
                [
                    "comparator": .string(comparator), "fieldName": .string(field),
                    "fieldValue": ["value": .string("treaty-\(unique)-\(suffix)"), "type": "STRING"],
                ]
            }
            let reply = try await bench.send(
                "records/query",
                bench.body([
                    "query": [
                        "recordType": .string(type.name),
                        "filterBy": [bound("GREATER_THAN", "a"), bound("LESS_THAN", "c")],
                    ]
                ]))
            try bench.context.require(reply, status: 200, rule: .cloudKitPaging, "a query between two bounds")
            let got = (reply.value(at: "/records")?.arrayValue ?? []).compactMap { $0["recordName"]?.stringValue }
            if got != [names[1]] {
                bench.context.fail(
                    .cloudKitPaging, at: "/records",
                    "\(reply.request): \(field) GREATER_THAN …-a and LESS_THAN …-c gave \(got), expected [\(names[1])]",
                    detail:
                        "fix: GREATER_THAN and LESS_THAN exclude the value, the _OR_EQUALS forms include it (cloudkit.md §6)"
                )
            }
        }
    }
}
