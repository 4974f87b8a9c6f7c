/// What a ``FileMakerDialect`` serves and how its sessions behave.
struct FileMakerDialectConfiguration: Sendable {
    /// The hosted databases.
    var schema: FileMakerSchema
    /// How long a session lives without a call, in milliseconds of the store's clock (FileMaker
    /// Server: 15 minutes).
    var sessionIdleMilliseconds: Int64
    /// The most sessions open at once (error 956 beyond).
    var maxSessions: Int

    /// Creates a configuration.
    init(
        schema: FileMakerSchema, sessionIdleMilliseconds: Int64 = 15 * 60 * 1000, maxSessions: Int = 500
    ) {
        self.schema = schema
        self.sessionIdleMilliseconds = sessionIdleMilliseconds
        self.maxSessions = maxSessions
    }
}
