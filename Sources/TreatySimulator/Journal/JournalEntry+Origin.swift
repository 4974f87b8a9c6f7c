import TreatyJSON

extension JournalEntry {
    /// Who answered a request.
    public enum Origin: String, Sendable, Hashable {
        /// The simulator, from its store (the dialect's answer).
        case simulated
        /// The live backend, through `treaty serve --spy` or `--validate`.
        case forwarded
    }

    /// Takes what the simulator learned while answering: who answered, what validation found,
    /// why the live backend failed, and the near misses of an unmatched request.
    mutating func note(_ note: AnswerNote) {
        origin = note.origin
        violations = note.validation?.violations ?? []
        validatedEndpoint = note.validation?.endpoint
        upstreamError = note.upstreamError
        nearMisses = note.nearMisses
        absorbed = note.absorbed
        streamed = note.streamed
    }
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
