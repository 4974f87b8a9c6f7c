public import TreatyDialect
internal import TreatyCore

/// One mutation operator applied at one site: a plausible backend bug, made by wrapping the real
/// dialect so it rewrites a request, an answer or what reaches the store.
///
/// Ids are deterministic (`<prefix>-<operator>:<site>`, e.g. `XY-drop-key:task.title`; spaces
/// in a site become `_`), so a contract can accept a surviving mutant by id
/// (`mutation: { accepted: [...] }`).
public struct Mutant: Sendable, Identifiable {
    /// Passes a request on to the real dialect and returns its answer.
    public typealias Forward = (DialectRequest) -> DialectResponse
    /// Answers a request in the mutant's way: with `forward` (the real dialect), the store and
    /// the request it may rewrite.
    public typealias Responder = @Sendable (DialectRequest, RecordStore, Forward) -> DialectResponse

    /// The deterministic id.
    public var id: String
    /// The operator's name, e.g. `drop-key` (a shared ``MutationOperator`` or a dialect's own).
    public var operatorName: String
    /// The behaviour the mutant breaks, as a sentence a backend team reads.
    public var behaviour: String
    /// The spec clause the behaviour comes from, e.g. `spec.md §3`.
    public var clause: String
    /// How the mutant answers.
    public var respond: Responder

    /// Creates a mutant.
    ///
    /// - Parameters:
    ///   - id: The deterministic id.
    ///   - operatorName: The operator's name.
    ///   - behaviour: The behaviour it breaks.
    ///   - clause: The spec clause of that behaviour.
    ///   - respond: How it answers, given the request, the store and the real dialect.
    public init(id: String, operatorName: String, behaviour: String, clause: String, respond: @escaping Responder) {
        self.id = id
        self.operatorName = operatorName
        self.behaviour = behaviour
        self.clause = clause
        self.respond = respond
    }

    /// The real dialect with this mutant's bug.
    ///
    /// - Parameter dialect: The dialect to wrap.
    /// - Returns: A dialect that answers as the mutant does.
    public func wrapping(_ dialect: any Dialect) -> any Dialect {
        MutantDialect(mutant: self, wrapped: dialect)
    }
}

/// A dialect with one mutant's bug: each request goes through the mutant's responder, which
/// reaches the real dialect through `forward`.
struct MutantDialect: Dialect {
    static let id = DialectID(rawValue: "mutant")

    let mutant: Mutant
    let wrapped: any Dialect

    func respond(to request: DialectRequest, store: RecordStore) -> DialectResponse {
        mutant.respond(request, store) { wrapped.respond(to: $0, store: store) }
    }

    func failureResponse(for failure: SimulatorFailure) -> DialectResponse {
        wrapped.failureResponse(for: failure)
    }
}
