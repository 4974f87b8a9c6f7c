public import TreatyCore
import TreatyJSON

/// The outcome of checking one or more payloads against one target.
public struct CheckReport: Sendable {
    /// The contract file.
    public var contractFile: String
    /// What the payloads were checked as: an endpoint signature or `resource 'task'`.
    public var context: String
    /// One result per payload, in the order given.
    public var payloads: [PayloadResult]

    /// Creates a report.
    public init(contractFile: String, context: String, payloads: [PayloadResult]) {
        self.contractFile = contractFile
        self.context = context
        self.payloads = payloads
    }

    /// Whether every payload was checked and conforms.
    public var conforms: Bool { payloads.allSatisfy(\.conforms) }

    /// Whether some payload could not be checked at all.
    public var hasUnusableInput: Bool { payloads.contains { $0.failure != nil } }

    /// The findings of every payload as diagnostics, grouped by payload, in payload order.
    public func diagnostics() -> [Diagnostic] {
        payloads.flatMap { payload -> [Diagnostic] in
            if let failure = payload.failure { return [failure] }
            return payload.violations.map { $0.diagnostic(file: payload.name, context: context) }
        }
    }

    /// Compiler-style text: a header per payload, its findings, then a summary line.
    public func renderText() -> String {
        let renderer = DiagnosticRenderer()
        var text = ""
        for payload in payloads {
            if let failure = payload.failure {
                text += renderer.render(failure) + "\n"
                continue
            }
            let records = "\(payload.records) record\(payload.records == 1 ? "" : "s")"
            guard !payload.violations.isEmpty || payload.omitted > 0 else {
                text += "\(payload.name): conforms (\(records), \(context))\n"
                continue
            }
            text += "\(payload.name): \(Self.describe(payload.counts)) in \(records) (\(context))\n"
            for violation in payload.violations {
                text += renderer.render(violation.diagnostic(file: payload.name, context: context)) + "\n"
            }
            if payload.omitted > 0 {
                text += "\(payload.name): \(payload.omitted) more violation\(payload.omitted == 1 ? "" : "s") not shown (raise --max-violations to see them)\n"
            }
        }
        text += summaryLine() + "\n"
        return text
    }

    /// `checked 3 payloads (7 records): 2 conform, 1 does not (6 errors, 1 warning)`.
    public func summaryLine() -> String {
        let records = payloads.reduce(0) { $0 + $1.records }
        let conforming = payloads.filter(\.conforms).count
        let unusable = payloads.filter { $0.failure != nil }.count
        let failing = payloads.count - conforming - unusable
        var counts = ViolationCounts()
        for payload in payloads {
            counts.errors += payload.counts.errors
            counts.warnings += payload.counts.warnings
        }
        var parts = ["\(conforming) conform\(conforming == 1 ? "s" : "")"]
        if failing > 0 { parts.append("\(failing) do\(failing == 1 ? "es" : "") not (\(Self.describe(counts)))") }
        if unusable > 0 { parts.append("\(unusable) could not be checked") }
        let checked = "checked \(payloads.count) payload\(payloads.count == 1 ? "" : "s") (\(records) record\(records == 1 ? "" : "s"))"
        return checked + ": " + parts.joined(separator: ", ")
    }

    private static func describe(_ counts: ViolationCounts) -> String {
        var parts: [String] = []
        parts.append("\(counts.errors) error\(counts.errors == 1 ? "" : "s")")
        if counts.warnings > 0 { parts.append("\(counts.warnings) warning\(counts.warnings == 1 ? "" : "s")") }
        return parts.joined(separator: ", ")
    }

    /// The report as a JSON document (see the README for its shape); keys in a fixed order.
    public func renderJSON(pretty: Bool = true) -> String {
        let payloadValues: [JSONValue] = payloads.map { payload in
            var object: JSONObject = [
                "file": .string(payload.name),
                "records": .number(JSONNumber(payload.records)),
                "conforms": .bool(payload.conforms),
                "errors": .number(JSONNumber(payload.counts.errors)),
                "warnings": .number(JSONNumber(payload.counts.warnings)),
                "omitted": .number(JSONNumber(payload.omitted)),
            ]
            object["failure"] = payload.failure.map(Self.json) ?? .null
            object["violations"] = .array(payload.violations.map(Self.json))
            return .object(object)
        }
        let document: JSONValue = [
            "contract": .string(contractFile),
            "target": .string(context),
            "conforms": .bool(conforms),
            "summary": .string(summaryLine()),
            "payloads": .array(payloadValues),
        ]
        return document.serialized(options: JSONWriteOptions(pretty: pretty)) + "\n"
    }

    private static func json(_ violation: RuleViolation) -> JSONValue {
        [
            "rule": .string(violation.rule.rawValue),
            "severity": .string(violation.severity.rawValue),
            "pointer": .string(violation.pointer.description),
            "line": violation.position.map { .number(JSONNumber($0.line)) } ?? .null,
            "column": violation.position.map { .number(JSONNumber($0.column)) } ?? .null,
            "message": .string(violation.message),
            "expected": .string(violation.expected),
            "found": .string(violation.found),
            "fix": .string(violation.fix),
        ]
    }

    private static func json(_ diagnostic: Diagnostic) -> JSONValue {
        [
            "rule": .string(diagnostic.rule.rawValue),
            "message": .string(diagnostic.message),
            "line": diagnostic.location?.line.map { .number(JSONNumber($0)) } ?? .null,
            "column": diagnostic.location?.column.map { .number(JSONNumber($0)) } ?? .null,
            "fix": diagnostic.fix.map(JSONValue.string) ?? .null,
        ]
    }
}
