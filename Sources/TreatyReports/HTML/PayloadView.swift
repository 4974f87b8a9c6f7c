import TreatyJSON
import TreatySecrets

/// A JSON value laid out one member per line, with each finding's line marked and a ghost line
/// for every key a finding says is missing — the payload as the report shows it beside the
/// contract's expectations.
///
/// Values of keys the shared secret policy names (passwords, tokens) are masked. At most
/// ``maxRows`` lines are laid out; the rest are counted.
struct PayloadView {
    /// One line of the layout.
    struct Row {
        /// The nesting depth, for indentation.
        var depth: Int
        /// The line's JSON text (a member, a value, or a bracket).
        var text: String
        /// How the findings on this line mark it, when any do.
        var mark: PayloadMark?
        /// What the contract expects here, one line per finding.
        var notes: [String] = []
        /// Whether the line shows a key the payload lacks.
        var isGhost = false
    }

    /// The most lines laid out.
    static let maxRows = 200
    /// The longest scalar shown, in characters; longer ones are cut with an ellipsis.
    static let maxScalarLength = 160

    private(set) var rows: [Row] = []
    /// Lines not laid out because of ``maxRows``.
    private(set) var omittedRows = 0
    /// Findings whose pointer names no line of the value (they are listed with the others).
    private(set) var unplaced: [HTMLReport.Finding] = []

    private var findingsByPointer: [String: [HTMLReport.Finding]] = [:]
    private var missingByParent: [String: [(key: String, finding: HTMLReport.Finding)]] = [:]
    private var placed: Set<String> = []

    /// Lays out `json`, whose findings' pointers start with `base`; `nil` when `json` does not
    /// parse (the report then shows it as text).
    init?(json: String, base: String, findings: [HTMLReport.Finding]) {
        guard let value = try? JSONParser(options: .init(maxDepth: 64, maxDocumentSize: 1 << 20)).parse(json) else {
            return nil
        }
        for finding in findings {
            guard let pointer = finding.pointer, pointer.hasPrefix(base),
                let relative = try? JSONPointer(parsing: String(pointer.dropFirst(base.count)))
            else {
                unplaced.append(finding)
                continue
            }
            let key = relative.description
            if PayloadMark(finding) == .missing, relative.resolve(in: value) == nil, let last = relative.tokens.last {
                missingByParent[relative.parent.description, default: []].append((last, finding))
            } else {
                findingsByPointer[key, default: []].append(finding)
            }
        }
        layOut(value, pointer: .root, key: nil, depth: 0, last: true)
        for (key, list) in findingsByPointer where !placed.contains(key) { unplaced += list }
        for (key, list) in missingByParent where !placed.contains("missing:" + key) { unplaced += list.map(\.finding) }
    }

    private mutating func layOut(_ value: JSONValue, pointer: JSONPointer, key: String?, depth: Int, last: Bool) {
        let label = key.map { Self.quoted($0) + ": " } ?? ""
        let comma = last ? "" : ","
        let here = pointer.description
        switch value {
        case .object(let object) where !object.isEmpty || missingByParent[here] != nil:
            append(Row(depth: depth, text: label + "{"), at: here)
            let ghosts = missingByParent[here] ?? []
            if !ghosts.isEmpty { placed.insert("missing:" + here) }
            for (index, member) in object.enumerated() {
                let child = pointer.appending(member.key)
                if SecretPolicy.isSecretKey(member.key), !member.value.isNull {
                    append(
                        Row(depth: depth + 1, text: Self.quoted(member.key) + ": \"" + SecretPolicy.mask + "\""), at: child.description)
                } else {
                    layOut(member.value, pointer: child, key: member.key, depth: depth + 1, last: index == object.count - 1 && ghosts.isEmpty)
                }
            }
            for ghost in ghosts {
                guard rows.count < Self.maxRows else {
                    omittedRows += 1
                    continue
                }
                rows.append(
                    Row(
                        depth: depth + 1, text: Self.quoted(ghost.key) + ": (missing)", mark: .missing,
                        notes: [Self.note(ghost.finding)], isGhost: true))
            }
            append(Row(depth: depth, text: "}" + comma), at: nil)
        case .array(let elements) where !elements.isEmpty:
            append(Row(depth: depth, text: label + "["), at: here)
            for (index, element) in elements.enumerated() {
                layOut(element, pointer: pointer.appending(index: index), key: nil, depth: depth + 1, last: index == elements.count - 1)
            }
            append(Row(depth: depth, text: "]" + comma), at: nil)
        default:
            append(Row(depth: depth, text: label + Self.scalar(value) + comma), at: here)
        }
    }

    /// Adds a row, marked with the findings at `pointer`.
    private mutating func append(_ row: Row, at pointer: String?) {
        guard rows.count < Self.maxRows else {
            omittedRows += 1
            return
        }
        var row = row
        if let pointer, let findings = findingsByPointer[pointer] {
            placed.insert(pointer)
            row.mark = findings.first.map(PayloadMark.init)
            row.notes = findings.map(Self.note)
        }
        rows.append(row)
    }

    private static func note(_ finding: HTMLReport.Finding) -> String {
        let rule = finding.rule.map { $0 + ": " } ?? ""
        if let expected = finding.expected {
            return rule + "expected " + expected + (finding.found.map { "; found " + $0 } ?? "")
        }
        return rule + finding.summary
    }

    private static func quoted(_ key: String) -> String {
        JSONValue.string(key).serialized()
    }

    private static func scalar(_ value: JSONValue) -> String {
        let text = value.serialized()
        guard text.count > maxScalarLength else { return text }
        return String(text.prefix(maxScalarLength)) + "…\""
    }
}
