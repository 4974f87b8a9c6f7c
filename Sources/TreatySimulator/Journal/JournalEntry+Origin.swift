import TreatyJSON

extension JournalEntry {
    /// Who answered a request.
    public enum Origin: String, Sendable, Hashable {
        /// The simulator, from its store (the dialect's answer).
        case simulated
        /// The live backend, through `treaty serve --spy` or `--validate`.
        case forwarded
    }

    /// Who answered: the simulator from its store, or the live backend (`treaty serve --spy`,
    /// `--validate`).
    public var origin: Origin { note?.origin ?? .simulated }

    /// What `treaty serve --validate` found wrong in the live backend's answer; empty otherwise.
    public var violations: [AnswerViolation] { note?.validation?.violations ?? [] }

    /// The contract endpoint the answer was judged as by `--validate`, when one matched.
    public var validatedEndpoint: String? { note?.validation?.endpoint }

    /// Why the live backend gave no answer (unreachable, timed out), when it was forwarded.
    public var upstreamError: String? { note?.upstreamError }

    /// The stub routes and endpoints closest to a request nothing matched (the dialect's
    /// not-found), and why each did not match; empty otherwise.
    public var nearMisses: [NearMiss] { note?.nearMisses ?? [] }

    /// How many records of the live backend's answer a recording spy (`treaty serve --spy URL
    /// --record`) put into the store; 0 otherwise.
    public var absorbed: Int { note?.absorbed ?? 0 }

    /// Whether the live backend's answer was an event stream, passed on as it arrived (neither
    /// judged by `--validate` nor kept by `--record`).
    public var streamed: Bool { note?.streamed ?? false }
}

/// What the journal keeps beside a request's answer when there is more to say than the status.
struct AnswerNote: Sendable {
    var origin: JournalEntry.Origin
    /// Whether the live answer was an event stream, passed on as it arrived.
    var streamed = false
    var validation: AnswerValidation?
    var upstreamError: String?
    var nearMisses: [NearMiss] = []
    /// How many records of the live answer joined the store.
    var absorbed = 0
}

extension NearMiss {
    /// The near miss as the journal shows it.
    var json: JSONValue {
        [
            "candidate": .string(candidate), "kind": .string(kind.rawValue),
            "reasons": .array(reasons.map { .string($0) }),
        ]
    }
}

extension AnswerViolation {
    /// The violation as the journal shows it.
    var json: JSONValue {
        ["rule": .string(rule), "pointer": .string(pointer), "message": .string(message)]
    }
}
