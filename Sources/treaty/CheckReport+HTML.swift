import Foundation
import TreatyCore
import TreatyJSON
import TreatyReports
import TreatyRules

extension CheckReport {
    /// The largest payload file the HTML report reads again to show records beside their
    /// violations; larger ones list their violations without the records.
    static let maxShownPayloadSize = 8 * 1024 * 1024

    /// The check as HTML report groups: one group per payload file, one item per record that
    /// holds violations (the record shown with its violations marked), and one errored item for a
    /// payload that could not be checked.
    func htmlGroups() -> [HTMLReport.Group] {
        payloads.map { payload in
            if let failure = payload.failure {
                let finding = HTMLReport.Finding(
                    rule: failure.rule.rawValue, kind: "error", summary: failure.message, detail: failure.fix ?? "")
                return HTMLReport.Group(
                    name: payload.name, file: payload.name,
                    items: [HTMLReport.Item(name: "the payload", outcome: .errored, location: failure.location?.description, findings: [finding])],
                    note: "could not be checked: \(failure.message)")
            }
            let document = Self.document(payload.name)
            var order: [String] = []
            var byRecord: [String: [RuleViolation]] = [:]
            for violation in payload.violations {
                let record = document.map { Self.record(of: violation.pointer, in: $0) } ?? violation.pointer.parent
                let key = record.description
                if byRecord[key] == nil { order.append(key) }
                byRecord[key, default: []].append(violation)
            }
            let items = order.map { key -> HTMLReport.Item in
                let violations = byRecord[key] ?? []
                let errors = violations.contains { $0.severity == .error }
                let position = violations.compactMap(\.position).first
                let pointer = (try? JSONPointer(parsing: key)) ?? .root
                return HTMLReport.Item(
                    name: key.isEmpty ? "the payload" : "record at \(key)", outcome: errors ? .failed : .warned,
                    rules: Array(Set(violations.map(\.rule.rawValue))).sorted(),
                    location: position.map { "\(payload.name):\($0.line):\($0.column)" }, endpoint: context,
                    findings: violations.map(Self.finding),
                    payload: document.flatMap { pointer.resolve(in: $0) }.map {
                        HTMLReport.Payload(json: $0.serialized(), pointer: key, location: position.map { "line \($0.line)" })
                    })
            }
            let passed = max(0, payload.records - order.count)
            let note =
                payload.omitted > 0
                ? "\(payload.omitted) more violations not kept (raise --max-violations to see them)" : nil
            let summary =
                passed > 0
                ? [HTMLReport.Item(name: "\(passed) record\(passed == 1 ? "" : "s") without findings", outcome: .passed, count: passed)]
                : []
            return HTMLReport.Group(name: payload.name, file: payload.name, items: items + summary, note: note)
        }
    }

    private static func finding(_ violation: RuleViolation) -> HTMLReport.Finding {
        HTMLReport.Finding(
            rule: violation.rule.rawValue, kind: violation.severity.rawValue, pointer: violation.pointer.description,
            summary: violation.message, detail: violation.fix.isEmpty ? "" : "fix: \(violation.fix)",
            expected: violation.expected, found: violation.found)
    }

    /// The record that holds `pointer`: its outermost ancestor that is an object in an array
    /// (a list's item, a row of an envelope's data array), else the whole document.
    private static func record(of pointer: JSONPointer, in document: JSONValue) -> JSONPointer {
        var ancestor = JSONPointer.root
        for token in pointer.tokens {
            let parent = ancestor.resolve(in: document)
            ancestor = ancestor.appending(token)
            if case .array? = parent, case .object? = ancestor.resolve(in: document) { return ancestor }
        }
        return .root
    }

    /// The payload parsed again, when it is a file small enough to show.
    private static func document(_ name: String) -> JSONValue? {
        guard name != "<stdin>",
            let attributes = try? FileManager.default.attributesOfItem(atPath: name),
            let size = attributes[.size] as? Int, size <= maxShownPayloadSize,
            let data = FileManager.default.contents(atPath: name)
        else { return nil }
        return try? JSONParser().parse(Array(data))
    }
}
