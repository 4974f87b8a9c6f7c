/// What a ``PocketBaseDialect`` starts with, besides a fresh server's built-in collections.
/// Generated ids, keys and secrets come from the store's seeded generator
/// (``TreatyDialect/RecordStore/random(_:)``).
struct PocketBaseDialectConfiguration: Sendable {
    /// The superuser's email; `admin@example.com` by default (what the differential harness uses).
    var superuserEmail: String
    /// The superuser's password; `admin-password-123` by default.
    var superuserPassword: String
    /// Collections defined at startup after the built-ins (e.g. from an exported `pb_schema.json`).
    var collections: [PocketBaseCollection]
    /// Realtime timeouts, form limits and the bound on a slow client's queue.
    var realtime = PocketBaseRealtimeLimits()

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - superuserEmail: The superuser's email.
    ///   - superuserPassword: The superuser's password.
    ///   - collections: Extra collections defined at startup.
    init(
        superuserEmail: String = "admin@example.com",
        superuserPassword: String = "admin-password-123",
        collections: [PocketBaseCollection] = []
    ) {
        self.superuserEmail = superuserEmail
        self.superuserPassword = superuserPassword
        self.collections = collections
    }
}
