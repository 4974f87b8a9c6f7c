public import ArgumentParser
public import TreatyDialectKit

/// The `treaty verify` options of the cloudkit dialect's generated suites.
public struct CloudKitVerifyOptions: DialectOptions {
    /// The environment the suites address; `TREATY_CK_ENVIRONMENT` on a live target, else
    /// development, when absent.
    @Option(
        help: ArgumentHelp(
            "The CloudKit environment to verify: development (default) or production.", valueName: "NAME"))
    public var environment: String?

    /// No options: development, or `TREATY_CK_ENVIRONMENT` on a live target.
    public init() {}

    /// Refuses an environment other than development and production.
    public func validate() throws {
        if let environment, CloudKitEnvironment(rawValue: environment) == nil {
            throw ValidationError("--environment must be development or production, not '\(environment)'")
        }
    }
}
