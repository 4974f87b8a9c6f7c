public import HTTPTypes

/// What a dialect tells the shared mutation operators so they can reach its answers: where
/// records sit in each route's answer, the list envelope, the query parameters it defines, the
/// concurrency token, the tombstone, the spec clause each behaviour comes from, and the mutants
/// of behaviour only it has.
///
/// A dialect returns one from ``MutationAnatomyProviding/mutationAnatomy()``; `treaty mutate`
/// turns it into ``Mutant``s with ``mutants()``. The operators name no dialect: everything
/// dialect-shaped arrives through this value.
public struct MutationAnatomy: Sendable {
    /// The prefix of every mutant id, the dialect's rule prefix (e.g. `XY` gives `XY-drop-key:…`).
    public var prefix: String
    /// The dialect's spec file, e.g. `my-dialect.md`, which clauses are sections of.
    public var spec: String
    /// The routes whose answers and requests the operators rewrite.
    public var routes: [AnswerRoute]
    /// The spec section each shared operator's behaviour comes from, e.g. `§3`; an operator
    /// without one cites the spec file alone.
    public var clauses: [MutationOperator: String]
    /// The error statuses the dialect answers with, so ``MutationOperator/errorStatus`` can
    /// swap one for another; empty leaves that operator out.
    public var errorStatuses: [HTTPResponse.Status]
    /// Where the dialect's answers carry error codes and which codes it has, so
    /// ``MutationOperator/errorCodeChanged`` can swap one for another; ``ErrorCodes/none``
    /// leaves that operator out.
    public var errorCodes: ErrorCodes
    /// Which answers refuse a request for its credentials and how to sign it, so
    /// ``MutationOperator/credentialAccepted`` can accept what should be refused; `nil` leaves
    /// that operator out.
    public var credentials: CredentialRefusals?
    /// Mutants of behaviour the shared operators cannot reach (sessions, scripts, batches…).
    public var dialectMutants: [Mutant]

    /// Creates an anatomy.
    ///
    /// - Parameters:
    ///   - prefix: The prefix of every mutant id.
    ///   - spec: The dialect's spec file.
    ///   - routes: The routes the operators rewrite.
    ///   - clauses: The spec section of each operator's behaviour.
    ///   - errorStatuses: The error statuses the dialect answers with.
    ///   - errorCodes: Where answers carry error codes, and the codes.
    ///   - credentials: Which answers refuse credentials, and how to sign a request.
    ///   - dialectMutants: The dialect's own mutants.
    public init(
        prefix: String, spec: String, routes: [AnswerRoute], clauses: [MutationOperator: String] = [:],
        errorStatuses: [HTTPResponse.Status] = [], errorCodes: ErrorCodes = .none, credentials: CredentialRefusals? = nil,
        dialectMutants: [Mutant] = []
    ) {
        self.prefix = prefix
        self.spec = spec
        self.routes = routes
        self.clauses = clauses
        self.errorStatuses = errorStatuses
        self.errorCodes = errorCodes
        self.credentials = credentials
        self.dialectMutants = dialectMutants
    }

    /// An anatomy that offers nothing to mutate: the default of a dialect that declares none.
    public static let none = MutationAnatomy(prefix: "", spec: "", routes: [])

    /// The clause `operator`'s behaviour comes from, e.g. `spec.md §3`.
    public func clause(of mutationOperator: MutationOperator) -> String {
        clauses[mutationOperator].map { "\(spec) \($0)" } ?? spec
    }
}

/// A schema that can tell the mutation operators where its answers keep their records.
///
/// Conformers must guarantee that the anatomy describes the answers their own backend gives:
/// every route's records are where ``AnswerRoute/records`` says, so each shared operator
/// changes what it claims. The default offers nothing, so a dialect without an anatomy makes
/// no mutants (and `treaty mutate` says so).
public protocol MutationAnatomyProviding: Sendable {
    /// The dialect's answer anatomy.
    func mutationAnatomy() -> MutationAnatomy
}

extension MutationAnatomyProviding {
    /// No routes and no mutants.
    public func mutationAnatomy() -> MutationAnatomy { .none }
}
