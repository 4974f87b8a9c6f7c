public import ArgumentParser
public import TreatyDialectKit

/// The `treaty serve` options of the filemaker dialect: how long sessions live and how many may
/// be open.
public struct FileMakerServeOptions: DialectOptions {
    /// How long a Data API session lives without a call, on the simulator clock (900 seconds when
    /// absent).
    @Option(
        help: ArgumentHelp(
            "How long a Data API session lives without a call, on the simulator clock, in whole seconds (default 900).",
            valueName: "SECONDS"))
    public var sessionIdle: PositiveSeconds?

    /// The most sessions open at once (500 when absent).
    @Option(help: ArgumentHelp("The most sessions open at once (default 500).", valueName: "N"))
    public var maxSessions: Int?

    /// No options: the Data API's defaults.
    public init() {}

    /// Refuses a session limit below one.
    public func validate() throws {
        if let maxSessions, maxSessions < 1 {
            throw ValidationError("--max-sessions must be a positive number, not \(maxSessions)")
        }
    }
}
