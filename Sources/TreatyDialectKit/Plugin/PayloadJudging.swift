public import TreatyJSON
public import TreatyRules

/// Judges recorded answers against a decoded schema: `treaty check`, scenario steps and the
/// conformance suite use it.
///
/// Conformers must guarantee that violations carry the rule, the JSON pointer and the line, and
/// that a well-formed error of the dialect passes ``checkErrorBody(_:status:)``.
public protocol PayloadJudging: Sendable {
    /// A checker of recorded answers for one endpoint or one record type.
    ///
    /// - Parameters:
    ///   - subject: What the payloads are: answers of an endpoint, or bare records.
    ///   - options: Parser limits, the violation cap and threads.
    /// - Returns: A checker; use one for a sequence of payloads.
    /// - Throws: ``TreatyRules/CheckSetupError`` when the schema has no such endpoint or type;
    ///   without `--contract`, `treaty check` relies on that to pick the one contract that has it.
    func payloadChecker(for subject: PayloadSubject, options: PayloadCheckOptions) throws(CheckSetupError)
        -> any PayloadChecker

    /// Judges an error answer against the dialect's error format.
    ///
    /// - Parameters:
    ///   - body: The decoded body, or `nil` when it was empty or not JSON.
    ///   - status: The HTTP status it came with.
    /// - Returns: The violations; empty when the body is a well-formed error of the dialect.
    func checkErrorBody(_ body: JSONValue?, status: Int) -> [RuleViolation]
}
