import TreatyCore

/// A `treaty serve` option a dialect takes, e.g. PocketBase's `--collections FILE`.
public struct DialectOption: Sendable, Hashable {
    /// The long name without dashes, e.g. `collections`.
    public var name: String
    /// What the value is, for help texts, e.g. `FILE`.
    public var valueName: String
    /// One line of help.
    public var help: String

    /// Creates an option.
    public init(name: String, valueName: String, help: String) {
        self.name = name
        self.valueName = valueName
        self.help = help
    }
}

/// The values given for a dialect's options, by name.
public struct DialectOptionValues: Sendable, Hashable {
    /// The values by option name (without dashes).
    public var values: [String: String]

    /// Creates a set of values.
    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    /// The value of option `name`, or `nil` when it was not given.
    public subscript(_ name: String) -> String? {
        values[name]
    }

    /// Reads `--name value` and `--name=value` pairs that belong to `options`.
    ///
    /// - Parameters:
    ///   - arguments: The arguments the command did not recognise itself.
    ///   - options: The options the dialect declares.
    ///   - dialect: The dialect's name, for error messages; empty when `options` are every
    ///     dialect's (`treaty verify` with several contracts).
    /// - Returns: The values.
    /// - Throws: ``DialectSetupError`` for an argument the dialect does not take or an option
    ///   without a value.
    public static func parse(_ arguments: [String], options: [DialectOption], dialect: String) throws(DialectSetupError)
        -> DialectOptionValues
    {
        var result = DialectOptionValues()
        let names = options.map(\.name)
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            guard argument.hasPrefix("--") else {
                throw DialectSetupError("unexpected argument '\(argument)'")
            }
            var name = String(argument.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard names.contains(name) else {
                let hint = Suggestion.closest(to: name, among: names).map { " (did you mean '--\($0)'?)" } ?? ""
                let subject = dialect.isEmpty ? "the dialects take" : "it takes"
                let taken =
                    names.isEmpty
                    ? (dialect.isEmpty ? "the dialects take no options of their own" : "it takes no options of its own")
                    : "\(subject) " + names.map { "--\($0)" }.joined(separator: ", ")
                let owner = dialect.isEmpty ? "no dialect takes the option" : "the \(dialect) dialect has no option"
                throw DialectSetupError("\(owner) '--\(name)'\(hint); \(taken)")
            }
            if value == nil {
                index += 1
                guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                    throw DialectSetupError("'--\(name)' needs a value")
                }
                value = arguments[index]
            }
            result.values[name] = value
            index += 1
        }
        return result
    }
}

/// An environment variable a dialect's suites read, e.g. PocketBase's `TREATY_PB_SUPERUSER`.
public struct EnvironmentVariable: Sendable, Hashable {
    /// The variable's name.
    public var name: String
    /// What it holds and when it is read.
    public var meaning: String

    /// Creates a description.
    public init(name: String, meaning: String) {
        self.name = name
        self.meaning = meaning
    }
}
