public import ArgumentParser
public import TreatyDialectKit

/// The `treaty serve` options of the cloudkit dialect: the container to serve without a contract,
/// and the tokens, keys and signature window it accepts besides the contract's.
public struct CloudKitServeOptions: DialectOptions {
    /// The container identifier; required without a contract, and must be the contract's with one.
    @Option(
        help: ArgumentHelp(
            "The container identifier (iCloud.…); required without a contract.", valueName: "ID"))
    public var container: String?

    /// An API token the server accepts besides the contract's.
    @Option(
        help: ArgumentHelp(
            "An API token the server accepts as ckAPIToken.", valueName: "TOKEN"))
    public var apiToken: String?

    /// A web-auth token that signs in a user derived from it.
    @Option(
        help: ArgumentHelp(
            "A web-auth token that signs in a user (ckWebAuthToken), for the private database and writes.",
            valueName: "TOKEN"))
    public var webAuthToken: String?

    /// A server-to-server key the server verifies signed requests with.
    @Option(
        help: ArgumentHelp(
            "A server-to-server key: its key ID and the PEM file of its P-256 public key.", valueName: "KEYID=FILE"))
    public var serverKey: CloudKitServerKey?

    /// How far a signed request's date may be from now (600 seconds when absent).
    @Option(
        help: ArgumentHelp(
            "How far a signed request's date may be from now, in whole seconds (default 600).", valueName: "SECONDS"))
    public var signatureWindow: PositiveSeconds?

    /// No options: the contract's container, tokens and keys only.
    public init() {}
}
