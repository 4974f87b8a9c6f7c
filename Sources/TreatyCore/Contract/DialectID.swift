/// The name of a backend wire format, as a contract's `dialect:` gives it.
///
/// The core knows no dialect by name: each dialect module declares its own id (as a static
/// member, so call sites read `.myDialect`), and the registry hands the loader the ids it may
/// accept as a ``ContractVocabulary``.
public struct DialectID: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }
}
