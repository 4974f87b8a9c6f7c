internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension FileMakerSuites {
    /// The case `treaty mutate` showed missing: find criteria `>` and `<` exclude their
    /// boundary (filemaker.md §5), and a deleted record stays deleted whatever is written to it
    /// (101, Record is missing) while the other records stay (§4).
    func mutationCases(_ layout: FileMakerLayout, suite: String) -> [VerificationCase] {
        guard
            let field = FileMakerSampleValues.writable(layout).first(where: { field in
                field.result == .text && field.valueList == nil && field.repetitions <= 1
                    && (field.maxCharacters == 0 || field.maxCharacters > 24)
            })
        else { return [] }
        return [
            makeRecordCase(
                suite,
                "\(layout.name): find criteria > and < exclude their boundary; writes to a deleted record are 101",
                rules: [.fileMakerData], location: layout.location
            ) { bench, unique in
                let records = bench.records(layout)
                var ids: [String] = []
                for suffix in ["a", "b"] {
                    let (id, _) = try await bench.create(layout, unique: unique + suffix)
                    let edit = try await bench.context.send(
                        .patch, records + "/" + id, body: ["fieldData": [field.name: .string("zz\(unique)\(suffix)")]])
                    try bench.context.require(edit, status: 200, rule: nil, "editing a record the case created")
                    ids.append(id)
                }
                let criteria = [(">zz\(unique)a", [ids[1]]), ("<zz\(unique)b", [ids[0]])]
                for (criterion, expected) in criteria {
                    let find = try await bench.context.send(
                        .post, "\(bench.base)/layouts/\(FileMakerPathSegment.escape(layout.name))/_find",
                        body: ["query": [[field.name: .string(criterion)]], "limit": "1000"])
                    try bench.context.require(
                        find, status: 200, rule: .fileMakerData, "a find of \(field.name) \(criterion)")
                    let found = (find.value(at: "/response/data")?.arrayValue ?? []).compactMap {
                        $0["recordId"]?.stringValue
                    }
                    let mine = found.filter(ids.contains)
                    if mine != expected {
                        bench.context.fail(
                            .fileMakerData, at: "/response/data",
                            "\(find.request): of the case's records \(ids) expected \(expected), got \(mine)",
                            detail: "fix: > and < exclude the value itself, >= and <= include it (filemaker.md §5)")
                    }
                }
                let deleted = try await bench.context.send(.delete, records + "/" + ids[0])
                try bench.context.require(deleted, status: 200, rule: nil, "deleting a record the case created")
                _ = try await bench.read(layout, ids[1])
                let writes: [(HTTPRequest.Method, JSONValue?)] = [
                    (.patch, ["fieldData": [field.name: "zz-after-delete"]]), (.delete, nil), (.get, nil),
                ]
                for (method, body) in writes {
                    let reply = try await bench.context.send(method, records + "/" + ids[0], body: body)
                    let code = reply.value(at: "/messages/0/code")?.stringValue
                    if code != "101" {
                        bench.context.fail(
                            .fileMakerData, at: "/messages/0/code",
                            "\(reply.request) of a deleted record answered code \(code ?? "missing") (HTTP \(reply.status)), not 101",
                            detail:
                                "fix: a deleted record is missing for every later call: 101 Record is missing (filemaker.md §4)"
                        )
                    }
                }
            }
        ]
    }
}
