public import ArgumentParser
public import TreatyDialectKit

/// The `treaty serve` options of the pocketbase dialect: the collections defined at startup and
/// the superuser.
public struct PocketBaseServeOptions: DialectOptions {
    /// An exported collections file (`pb_schema.json`) defined at startup instead of the
    /// contract's `collections:`.
    @Option(
        help: ArgumentHelp(
            "An exported collections JSON (pb_schema.json) defined at startup; a contract's 'collections:' by default.",
            valueName: "FILE"))
    public var collections: String?

    /// The superuser as `email:password` (the password may contain colons).
    @Option(
        name: .customLong("superuser"),
        help: ArgumentHelp("The superuser (default admin@example.com:admin-password-123).", valueName: "EMAIL:PASSWORD")
    )
    public var superuserText: String?

    /// No options: the contract's collections and the default superuser.
    public init() {}

    /// Refuses a superuser that is not `email:password`, without repeating the password.
    public func validate() throws {
        if superuserText != nil && superuser == nil {
            throw ValidationError(
                "--superuser must be EMAIL:PASSWORD, e.g. --superuser admin@example.com:secret-password")
        }
    }

    /// The superuser given, or `nil` for the default.
    var superuser: PocketBaseSuperuser? {
        superuserText.flatMap(PocketBaseSuperuser.init(parsing:))
    }
}
