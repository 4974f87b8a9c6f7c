public import ArgumentParser
public import TreatyDialectKit

/// The `treaty verify` options of the filemaker dialect's generated suites.
public struct FileMakerVerifyOptions: DialectOptions {
    /// The hosted file to verify; `TREATY_FM_DATABASE` on a live target, else the contract's
    /// first database, when absent.
    @Option(
        help: ArgumentHelp(
            "The hosted file to verify (default: $TREATY_FM_DATABASE, else the contract's first database).",
            valueName: "NAME"))
    public var database: String?

    /// No options: the contract's first database (or `TREATY_FM_DATABASE` on a live target).
    public init() {}
}
