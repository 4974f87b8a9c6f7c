/// Why a dialect cannot set up what a tool asked for: unusable options, credentials or files.
///
/// The message names what is wrong and how to fix it; located problems in files are
/// ``TreatyCore/Diagnostic``s instead.
public struct DialectSetupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The message, e.g. `TREATY_PB_SUPERUSER must be email:password`.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
