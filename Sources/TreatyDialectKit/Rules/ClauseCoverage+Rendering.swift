internal import TreatyCore
public import TreatyJSON

extension ClauseCoverage {
    /// The map as a Markdown section: a heading naming the dialect and its spec, a line counting
    /// the clauses proven, then one table row per clause (id, behaviour, cases). A clause's
    /// cases are counted, with the first named.
    public func markdown() -> String {
        let proven = entries.filter { !$0.cases.isEmpty }.count
        let untestable = entries.filter { $0.cases.isEmpty && $0.clause.untestable != nil }.count
        var lines = [
            "### `\(dialect)` clauses (`\(spec)`)",
            "",
            "\(entries.count) clauses: \(proven) proven by a generated case, \(untestable) untestable (with why), "
                + "\(unproven.count) unproven for these contracts.",
            "",
            "| clause | behaviour | generated cases |",
            "| --- | --- | --- |",
        ]
        for entry in entries {
            let cases =
                switch (entry.cases.count, entry.cases.first) {
                case (_, nil): entry.clause.untestable.map { "untestable: \($0)" } ?? "none for these contracts"
                case (1, let first?): first
                case (let count, let first?): "\(count), e.g. \(first)"
                }
            let row = [entry.clause.id, entry.clause.text, cases].map(markdownCell)
            lines.append("| " + row.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The map as a JSON object: `dialect`, `spec` and `clauses`, each clause with `id`,
    /// `text`, `cases` and (when no case can prove it) `untestable`.
    public func json() -> JSONValue {
        let clauses: [JSONValue] = entries.map { entry in
            var members: [JSONObject.Member] = [
                .init(key: "id", value: .string(entry.clause.id)),
                .init(key: "text", value: .string(entry.clause.text)),
                .init(key: "cases", value: .array(entry.cases.map(JSONValue.string))),
            ]
            if let reason = entry.clause.untestable { members.append(.init(key: "untestable", value: .string(reason))) }
            return .object(JSONObject(members))
        }
        return .object([
            "dialect": .string(dialect.description),
            "spec": .string(spec),
            "clauses": .array(clauses),
        ])
    }
}
