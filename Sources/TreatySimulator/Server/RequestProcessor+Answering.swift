import HTTPTypes
import Logging
import TreatyDialect
import TreatySecrets

/// Who answers a request past the fault rules — a stub route, the dialect or the live backend
/// (`treaty serve --spy`, `--validate`) — and what the simulator does with the live backend's
/// answers and with requests nothing matched.
extension RequestProcessor {
    /// Decides the answer to a request past the fault rules: a stub route's, the dialect's, or
    /// the live backend's (see ``PassThrough/Mode``). A dialect's 404 that stays the answer gets
    /// a near-miss report in the log and the journal.
    func answer(_ request: DialectRequest, target: String, into reply: inout Reply) {
        if passThrough?.mode == .validate {
            reply.action = .forward(request, target: target)
            return
        }
        if let stubbed = stubs.answer(request) {
            reply.action = .respond(stubbed)
            return
        }
        let response = dialect.respond(to: request, store: store)
        let notFound = response.stream == nil && response.status.code == 404
        if passThrough != nil {
            if dialect.lacksRecords(response, for: request) {
                reply.action = .forward(request, target: target)
                return
            }
            reply.note = AnswerNote(origin: .simulated)
        }
        reply.action = .respond(response)
        guard notFound else { return }
        let misses = stubs.nearMisses(request)
        guard !misses.isEmpty else { return }
        reply.note = AnswerNote(origin: .simulated, nearMisses: misses)
        logNearMisses(misses, of: reply)
    }

    /// Logs why the closest routes and endpoints did not match a request nothing answered.
    private func logNearMisses(_ misses: [NearMiss], of reply: Reply) {
        let shownPath = SecretPolicy.redactedPath(reply.path)
        var lines = ["\(reply.method) \(shownPath) matched no route or endpoint; closest:"]
        for miss in misses {
            lines.append("  \(miss.kind.rawValue) \(miss.candidate): " + miss.reasons.joined(separator: "; "))
        }
        logger.notice(
            "\(lines.joined(separator: "\n"))",
            metadata: ["method": "\(reply.method)", "path": "\(shownPath)", "near_misses": "\(misses.count)"])
    }

    /// Asks the live backend and returns `reply` with its answer (judged, when validating), or
    /// with a 502 or 504 in the dialect's error format when it gave none. A spy's forwarded
    /// request the live backend answers 404 gets the near-miss report a simulated 404 gets.
    func forward(_ reply: Reply, request: DialectRequest, target: String) async -> Reply {
        guard let passThrough else { return reply }
        var reply = reply
        switch await passThrough.backend.forward(request, target: target) {
        case .answered(let response) where response.stream != nil:
            // An event stream passes through as it arrives: nothing to judge, keep or record.
            reply.action = .respond(response)
            reply.note = AnswerNote(origin: .forwarded, streamed: true)
        case .answered(let response):
            reply.action = .respond(response)
            var note = AnswerNote(origin: .forwarded)
            if let validator = passThrough.validator {
                let validation = validator.validate(
                    method: request.method.rawValue, path: Self.path(of: target), query: request.rawQuery,
                    answer: response)
                note.validation = validation
                if validation.judged {
                    record(validation, of: reply, status: response.status.code, in: validator.ledger)
                }
            }
            if passThrough.mode == .spy, response.status.code == 404 {
                // The live backend did not hold it either: say which routes came closest.
                note.nearMisses = stubs.nearMisses(request)
                if !note.nearMisses.isEmpty { logNearMisses(note.nearMisses, of: reply) }
            }
            if passThrough.mode == .spy, let absorber = passThrough.absorber {
                note.absorbed = absorb(request, answer: response, by: absorber, reply: reply)
            }
            reply.note = note
            if let recorder = passThrough.recorder, note.absorbed == 0, !stubs.endpointAccepts(request) {
                recorder.record(request, answer: response)
            }
        case .failed(let status, let reason):
            reply.action = .respond(dialect.failureResponse(for: .injectedStatus(status)))
            reply.note = AnswerNote(origin: .forwarded, upstreamError: reason)
            logger.warning(
                "\(reply.method) \(SecretPolicy.redactedPath(reply.path)) -> \(status.code): \(reason)",
                metadata: ["method": "\(reply.method)", "status": "\(status.code)"])
        }
        return reply
    }

    /// Puts the records of a forwarded answer into the store and logs how many (or why one was
    /// refused).
    private func absorb(_ request: DialectRequest, answer: DialectResponse, by absorber: RecordAbsorber, reply: Reply)
        -> Int
    {
        let result = absorber.absorb(request, answer: answer, into: store)
        let shownPath = SecretPolicy.redactedPath(reply.path)
        if let refusal = result.refusal {
            logger.warning(
                "\(reply.method) \(shownPath): a forwarded record did not join the store: \(SecretPolicy.redactedMessage(refusal))",
                metadata: ["method": "\(reply.method)", "path": "\(shownPath)"])
        }
        if result.kept > 0 {
            logger.info(
                "\(reply.method) \(shownPath): \(result.kept) forwarded record\(result.kept == 1 ? "" : "s") joined the store",
                metadata: ["method": "\(reply.method)", "path": "\(shownPath)", "absorbed": "\(result.kept)"])
        }
        return result.kept
    }

    /// Tallies a judged answer and logs each violation (rule, pointer, endpoint; secrets masked).
    private func record(_ validation: AnswerValidation, of reply: Reply, status: Int, in ledger: ValidationLedger) {
        let shownPath = SecretPolicy.redactedPath(reply.path)
        let request = "\(reply.method) \(shownPath) -> \(status)"
        // Answers no endpoint matches are tallied together per method, so a scan of unknown
        // paths cannot grow the ledger without bound.
        let endpoint = validation.endpoint ?? "\(reply.method) (no contract endpoint)"
        ledger.record(endpoint: endpoint, request: request, sequence: reply.sequence, violations: validation.violations)
        for violation in validation.violations {
            logger.warning(
                "\(request): [\(violation.rule)] at \(violation.pointer.isEmpty ? "/" : violation.pointer): \(violation.message)",
                metadata: [
                    "rule": "\(violation.rule)", "pointer": "\(violation.pointer)", "endpoint": "\(endpoint)",
                    "sequence": "\(reply.sequence.map(String.init) ?? "")",
                ])
        }
    }
}
