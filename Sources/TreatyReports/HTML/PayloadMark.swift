/// How a finding marks the line of a payload it concerns: the report colours each kind and
/// names it in words, so the marks read without colour too.
enum PayloadMark: String, Sendable, CaseIterable {
    /// The contract wants a key the payload does not have; the report adds a ghost line for it.
    case missing
    /// The payload has `null` where the contract wants a value, or the other way round.
    case null
    /// The payload has a key the contract does not declare.
    case extra
    /// The payload has the value under another key than the contract's (another case or
    /// spelling).
    case key
    /// The value is there but wrong: its type, format or meaning.
    case mismatch

    /// The words shown beside a marked line.
    var label: String {
        switch self {
        case .missing: "missing"
        case .null: "null"
        case .extra: "extra key"
        case .key: "wrong key"
        case .mismatch: "wrong value"
        }
    }

    /// The mark a finding gets, from what it says it found and expected.
    init(_ finding: HTMLReport.Finding) {
        let found = (finding.found ?? "").lowercased()
        let expected = (finding.expected ?? "").lowercased()
        if found.hasPrefix("missing") {
            self = .missing
        } else if found.hasPrefix("null") || expected.hasPrefix("null") {
            self = .null
        } else if found.hasPrefix("key ") || expected.hasPrefix("key ") {
            self = .key
        } else if expected.hasPrefix("no ") || expected.contains("only declared") || expected.hasPrefix("absent") {
            self = .extra
        } else {
            self = .mismatch
        }
    }
}
