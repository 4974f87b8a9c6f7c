public import HTTPTypes
public import TreatyDialect

/// Which answers refuse a request for its credentials, and how the dialect re-issues the request
/// as a signed-in user, so ``MutationOperator/credentialAccepted`` can serve a refused request
/// as if it were authorised.
public struct CredentialRefusals: Sendable {
    /// Re-issues a request as a signed-in user: the request, and the real dialect (to sign in
    /// through it); `nil` when it cannot be signed.
    public typealias Authorise = @Sendable (DialectRequest, Mutant.Forward) -> DialectRequest?

    /// The statuses of answers that refuse a request for its credentials (missing, wrong or
    /// expired ones) or hide a record from them (an access rule).
    public var statuses: [HTTPResponse.Status]
    /// How to re-issue a refused request as a signed-in user.
    public var authorise: Authorise

    /// Creates the credential refusals of a dialect.
    ///
    /// - Parameters:
    ///   - statuses: The statuses of refusals.
    ///   - authorise: How to re-issue a request as a signed-in user.
    public init(statuses: [HTTPResponse.Status], authorise: @escaping Authorise) {
        self.statuses = statuses
        self.authorise = authorise
    }
}
