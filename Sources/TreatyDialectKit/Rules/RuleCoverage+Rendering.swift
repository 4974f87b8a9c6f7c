internal import TreatyCore
public import TreatyJSON

extension RuleCoverage {
    /// The coverage as a Markdown section: a heading naming the dialect and its breakage matrix,
    /// then one table row per rule (id, meaning, `treaty check`, generated cases, broken
    /// backends). A rule's cases are counted, with one named: the first whose name carries the
    /// rule's id, else the first.
    public func markdown() -> String {
        var lines = [
            "### `\(dialect)`",
            "",
            "Broken backends: `\(breakageMatrix)`.",
            "",
            "| id | meaning | `treaty check` | generated cases | broken backends |",
            "| --- | --- | --- | --- | --- |",
        ]
        for entry in entries {
            let rule = entry.rule
            let check = rule.checkedOnPayloads ? "yes" : "no"
            let example = entry.cases.first { $0.contains(rule.id.rawValue) } ?? entry.cases.first
            let cases =
                switch (entry.cases.count, example) {
                case (_, nil): "none for these contracts"
                case (1, let example?): example
                case (let count, let example?): "\(count), e.g. \(example)"
                }
            let breakages =
                rule.breakages.isEmpty
                ? "none: \(rule.unbreakable ?? "not yet")"
                : rule.breakages.map { "`\($0)`" }.joined(separator: ", ")
            let row = [rule.id.rawValue, rule.meaning, check, cases, breakages].map(markdownCell)
            lines.append("| " + row.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The coverage as a JSON object: `dialect`, `breakageMatrix` and `rules`, each rule with
    /// `id`, `meaning`, `checkedOnPayloads`, `cases`, `breakages` and (when it has none on
    /// purpose) `unbreakable`.
    public func json() -> JSONValue {
        let rules: [JSONValue] = entries.map { entry in
            var members: [JSONObject.Member] = [
                .init(key: "id", value: .string(entry.rule.id.rawValue)),
                .init(key: "meaning", value: .string(entry.rule.meaning)),
                .init(key: "checkedOnPayloads", value: .bool(entry.rule.checkedOnPayloads)),
                .init(key: "cases", value: .array(entry.cases.map(JSONValue.string))),
                .init(key: "breakages", value: .array(entry.rule.breakages.map(JSONValue.string))),
            ]
            if let reason = entry.rule.unbreakable { members.append(.init(key: "unbreakable", value: .string(reason))) }
            return .object(JSONObject(members))
        }
        return .object([
            "dialect": .string(dialect.description),
            "breakageMatrix": .string(breakageMatrix),
            "rules": .array(rules),
        ])
    }
}
