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
