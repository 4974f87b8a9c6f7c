internal import ArgumentParser

extension DialectOptions {
    /// The options when none is given.
    ///
    /// - Returns: The value parsed from no arguments.
    /// - Throws: ``DialectSetupError`` when an option is required, which conformers must not do.
    public static func defaults() throws(DialectSetupError) -> Self {
        try parsing([])
    }

    /// Parses `arguments`, all of which must be this dialect's options.
    ///
    /// - Parameter arguments: The arguments the command did not recognise itself, e.g.
    ///   `["--session-idle", "60"]`.
    /// - Returns: The typed options.
    /// - Throws: ``DialectSetupError`` with ArgumentParser's message: an unknown option (with a
    ///   suggestion), a missing value or a value of the wrong type.
    public static func parsing(_ arguments: [String]) throws(DialectSetupError) -> Self {
        do {
            return try parse(arguments)
        } catch {
            throw DialectSetupError(message(for: error))
        }
    }

    /// Parses the options among `arguments` that this dialect declares, leaving the others (those
    /// of another dialect, when one command serves several).
    ///
    /// - Parameter arguments: The arguments the command did not recognise itself.
    /// - Returns: The typed options, and the arguments this dialect does not declare, in order.
    /// - Throws: ``DialectSetupError`` for an option of this dialect without a value or with a
    ///   value of the wrong type.
    public static func parsing(claimedFrom arguments: [String]) throws(DialectSetupError)
        -> (options: Self, unclaimed: [String])
    {
        do {
            let claimed = try ClaimedArguments<Self>.parse(arguments)
            return (claimed.options, claimed.unclaimed)
        } catch {
            throw DialectSetupError(ClaimedArguments<Self>.message(for: error))
        }
    }
}

/// A dialect's options and whatever else was given, for ``DialectOptions/parsing(claimedFrom:)``.
struct ClaimedArguments<Options: DialectOptions>: ParsableArguments {
    @OptionGroup var options: Options

    @Argument(parsing: .allUnrecognized) var unclaimed: [String] = []
}
