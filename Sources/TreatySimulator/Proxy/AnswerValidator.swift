import HTTPTypes
import TreatyCore
public import TreatyDialect
public import TreatyDialectKit
import TreatyJSON
import TreatyRules
import TreatySecrets

/// Judges the live backend's answers against the contract with the dialect's rules — the same
/// judging `treaty check --endpoint` does — and keeps a ``ValidationLedger`` of them.
///
/// A successful answer (2xx) with a JSON body is judged as an answer of the contract endpoint
/// its request matches (``TreatyDialectKit/PayloadJudging/payloadChecker(for:options:)`` with
/// the concrete request); an error answer (4xx, 5xx) is judged against the dialect's error format
/// (``TreatyDialectKit/PayloadJudging/checkErrorBody(_:status:)``). Redirects, empty bodies,
/// non-JSON bodies and successful answers of requests no endpoint matches are passed on
/// unjudged. The checker of a request is built once and kept for the next answer of the same
/// request (method, path and query).
public struct AnswerValidator: Sendable {
    /// The dialect's judging, for the contract served.
    public let judging: any PayloadJudging
    /// Parser limits and the violation cap per answer.
    public let options: PayloadCheckOptions
    /// Every answer judged so far, per endpoint: what `--junit` writes on exit.
    public let ledger: ValidationLedger
    /// The checkers built so far, by request.
    private let checkers = PayloadCheckerCache()

    /// Creates a validator.
    ///
    /// - Parameters:
    ///   - judging: The decoded schema of the contract (its ``TreatyDialectKit/PayloadJudging``).
    ///   - options: Parser limits and the violation cap per answer.
    ///   - ledger: Where judged answers are tallied.
    public init(judging: any PayloadJudging, options: PayloadCheckOptions = .init(), ledger: ValidationLedger = .init())
    {
        self.judging = judging
        self.options = options
        self.ledger = ledger
    }

    /// Judges one answer.
    ///
    /// - Parameters:
    ///   - method: The request's method.
    ///   - path: The request's path, without the query.
    ///   - query: The request's query, without `?` (empty when none).
    ///   - answer: The live backend's answer.
    /// - Returns: The endpoint judged as and the violations (empty when the answer conforms).
    public func validate(method: String, path: String, query: String, answer: DialectResponse) -> AnswerValidation {
        let status = answer.status.code
        let request = EndpointRequest(method: method, path: path, query: query.isEmpty ? nil : query)
        let cached = checkers.take(request)
        var checker =
            cached == nil ? (try? judging.payloadChecker(for: .endpoint(request), options: options)) : cached?.checker
        defer { checkers.give(PayloadCheckerCache.Entry(checker: checker), for: request) }
        let endpoint = checker?.contextDescription
        let contentType = answer.headers[.contentType]?.lowercased()
        let isJSON = contentType.map { $0.contains("json") } ?? true
        if status >= 400 {
            let body =
                answer.body.isEmpty || !isJSON ? nil : try? JSONParser(options: options.parser).parse(answer.body)
            let violations = judging.checkErrorBody(body, status: status).map(Self.violation)
            return AnswerValidation(endpoint: endpoint, judged: true, violations: violations)
        }
        guard (200..<300).contains(status), !answer.body.isEmpty, isJSON, checker != nil else {
            return AnswerValidation(endpoint: endpoint, judged: false)
        }
        let result = answer.body.withUnsafeBufferPointer { bytes in
            checker?.check(bytes, name: SecretPolicy.redactedPath(path))
        }
        guard let result else { return AnswerValidation(endpoint: endpoint, judged: false) }
        var violations = result.violations.map(Self.violation)
        if let failure = result.failure {
            violations.append(
                AnswerViolation(
                    rule: failure.rule.rawValue, pointer: failure.pointer?.description ?? "",
                    message: SecretPolicy.redactedMessage(failure.message)))
        }
        return AnswerValidation(endpoint: endpoint, judged: true, violations: violations)
    }

    private static func violation(_ violation: RuleViolation) -> AnswerViolation {
        var message = violation.message
        if !violation.expected.isEmpty || !violation.found.isEmpty {
            message +=
                " (expected \(violation.expected.isEmpty ? "?" : violation.expected), found \(violation.found.isEmpty ? "?" : violation.found))"
        }
        return AnswerViolation(
            rule: violation.rule.rawValue, pointer: violation.pointer.description,
            message: SecretPolicy.redactedMessage(message))
    }
}
