import TreatyCore

/// Which fixture directory a command loads for a contract — one rule for `treaty verify` and
/// `treaty serve`: `--fixtures DIR` when given, else `Fixtures/<api>/` when that is a readable
/// directory (relative to the working directory), else none.
enum FixtureSelection {
    /// The conventional fixture directory of the contract named `api`.
    static func conventional(api: String) -> String {
        "Fixtures/\(api)"
    }

    /// The fixture directory to load: `explicit` as given (its loader reports a wrong path),
    /// else the conventional one when it exists, else `nil`.
    ///
    /// - Parameters:
    ///   - explicit: The `--fixtures` value.
    ///   - api: The contract's `api`, or `nil` without a contract (then there is no convention).
    static func directory(_ explicit: String?, api: String?) -> String? {
        if let explicit { return explicit }
        guard let api else { return nil }
        let directory = conventional(api: api)
        return PathCheck.problem(directory, expected: .directory) == nil ? directory : nil
    }

    /// `directory` with one trailing slash, as start messages show it.
    static func shown(_ directory: String) -> String {
        directory.hasSuffix("/") ? directory : directory + "/"
    }
}
