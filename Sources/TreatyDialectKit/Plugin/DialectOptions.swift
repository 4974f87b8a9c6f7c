public import ArgumentParser

/// A dialect's own options for one command (`treaty serve` or `treaty verify`), declared as a
/// `ParsableArguments` struct with `@Option` properties and parsed once, by ArgumentParser.
///
/// ```swift
/// public struct XServeOptions: DialectOptions {
///     @Option(help: "How long a session lives without a call.")
///     public var sessionIdle: PositiveSeconds?
///
///     public init() {}
/// }
/// ```
///
/// Conformers must guarantee that parsing no arguments succeeds (every option is optional or has
/// a default), giving the values a backend or suite uses when nothing is given; that every
/// `@Option` has a help text (`treaty dialects` and `treaty serve --help` list them); and that
/// values are checked while parsing (typed properties, or `validate()`), so a bad value is refused
/// with the option's name before anything is loaded.
///
/// Get a value with ``parsing(_:)`` — ``defaults()`` when no option is given — and change its
/// properties in code if needed: ArgumentParser fills an `@Option` only while parsing, so reading
/// one of a value made with `init()` alone stops the program.
public protocol DialectOptions: ParsableArguments, Sendable {}

/// The options of a dialect that takes none of its own.
public struct NoDialectOptions: DialectOptions {
    /// Creates the empty set of options.
    public init() {}
}
