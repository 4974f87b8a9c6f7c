import Synchronization

/// The tally of a validating proxy's judged answers, per contract endpoint: what
/// `treaty serve --validate` writes as JUnit on exit. Safe to use from every event loop.
public final class ValidationLedger: Sendable {
    /// One endpoint's answers.
    public struct Endpoint: Sendable, Hashable {
        /// The contract endpoint (e.g. `GET /projects/{project_id}/tasks`), or
        /// `METHOD (no contract endpoint)` for the error answers of requests no endpoint matches.
        public var name: String
        /// How many of its answers were judged.
        public var answers: Int
        /// Its violations, oldest first, at most ``ValidationLedger/keptViolations`` of them.
        public var violations: [Occurrence]
        /// How many violations were dropped beyond the cap.
        public var omitted: Int
    }

    /// A violation in one answer.
    public struct Occurrence: Sendable, Hashable {
        /// The journal entry of the request, when it was journaled.
        public var sequence: Int?
        /// `METHOD path -> status`, session tokens masked.
        public var request: String
        /// The violation.
        public var violation: AnswerViolation
    }

    /// The most violations kept per endpoint.
    public static let keptViolations = 200

    private let state = Mutex<[String: Endpoint]>([:])

    /// Creates an empty ledger.
    public init() {}

    /// Records one judged answer.
    func record(endpoint: String, request: String, sequence: Int?, violations: [AnswerViolation]) {
        state.withLock { endpoints in
            var entry = endpoints[endpoint] ?? Endpoint(name: endpoint, answers: 0, violations: [], omitted: 0)
            entry.answers += 1
            for violation in violations {
                if entry.violations.count < Self.keptViolations {
                    entry.violations.append(Occurrence(sequence: sequence, request: request, violation: violation))
                } else {
                    entry.omitted += 1
                }
            }
            endpoints[endpoint] = entry
        }
    }

    /// Every endpoint with a judged answer, sorted by name.
    public var endpoints: [Endpoint] {
        state.withLock { $0.values.sorted { $0.name < $1.name } }
    }
}
