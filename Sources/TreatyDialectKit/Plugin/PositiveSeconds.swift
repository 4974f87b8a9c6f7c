public import ArgumentParser

/// A dialect option's length of time in whole seconds, greater than zero, e.g.
/// `--session-idle 900`.
///
/// ArgumentParser refuses `0`, negative numbers, text and more seconds than ``milliseconds`` can
/// hold, naming the option.
public struct PositiveSeconds: ExpressibleByArgument, Sendable, Hashable {
    /// The number of seconds; at least 1.
    public let seconds: Int64

    /// Reads a whole number of seconds above zero.
    ///
    /// - Parameter argument: The option's value, e.g. `600`.
    public init?(argument: String) {
        guard let seconds = Int64(argument), seconds > 0, seconds <= Int64.max / 1000 else { return nil }
        self.seconds = seconds
    }

    /// The number of milliseconds.
    public var milliseconds: Int64 { seconds * 1000 }
}
