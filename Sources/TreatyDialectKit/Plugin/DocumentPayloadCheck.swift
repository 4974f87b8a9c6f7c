import TreatyCore
public import TreatyJSON
public import TreatyRules

/// The shared part of a ``PayloadChecker`` for dialects whose answers are judged as one parsed
/// document (PocketBase envelopes, FileMaker's `response`): parse within the limits, judge,
/// keep at most the configured number of violations and place each at its line and column.
public enum DocumentPayloadCheck {
    /// Checks one payload.
    ///
    /// - Parameters:
    ///   - bytes: The payload's UTF-8 JSON text.
    ///   - name: The file name (or `<stdin>`) used in findings.
    ///   - options: Parser limits and the violation cap.
    ///   - judge: The dialect's rules on the parsed document: its violations and how many
    ///     records it holds.
    /// - Returns: The result, or an invalid-JSON failure located at the offending byte.
    public static func check(
        _ bytes: UnsafeBufferPointer<UInt8>, name: String, options: PayloadCheckOptions,
        judge: (JSONValue) -> (violations: [RuleViolation], records: Int)
    ) -> PayloadResult {
        let value: JSONValue
        do {
            value = try JSONParser(options: options.parser).parse(bytes)
        } catch {
            return PayloadResult(
                name: name, records: 0, violations: [], omitted: 0,
                failure: Diagnostic.error(
                    RuleID(rawValue: error.code), "invalid JSON: \(error.message)",
                    at: SourceLocation(file: name, line: error.position.line, column: error.position.column),
                    details: ["at byte \(error.position.offset)"], fix: "send a valid JSON document (RFC 8259)"))
        }
        let (violations, records) = judge(value)
        let kept = Array(violations.prefix(options.maxViolationsPerPayload))
        let located: [RuleViolation]
        if kept.isEmpty {
            located = []
        } else {
            let locator = JSONSourceLocator(text: String(decoding: bytes, as: UTF8.self))
            located = kept.map { violation in
                var located = violation
                if let place = locator.position(of: violation.pointer) ?? locator.position(of: violation.pointer.parent)
                {
                    located.position = JSONSourcePosition(offset: 0, line: place.line, column: place.column)
                }
                return located
            }
        }
        return PayloadResult(
            name: name, records: records, violations: located, omitted: violations.count - kept.count,
            counts: ViolationCounts(violations))
    }
}
