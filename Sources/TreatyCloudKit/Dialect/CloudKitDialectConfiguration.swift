/// What a ``CloudKitDialect`` serves and whom it lets in.
struct CloudKitDialectConfiguration: Sendable {
    /// The container, its record types, users, tokens and start-up zones.
    var schema: CloudKitSchema
    /// Server-to-server keys by key ID: the public half of each registered key, in its X9.63
    /// representation.
    var serverKeys: [String: [UInt8]]
    /// How far a signed request's date may be from now, in seconds (default 600).
    var signatureWindowSeconds: Int64
    /// The seed of generated record names and error UUIDs.
    var seed: UInt64

    /// Creates a configuration.
    init(
        schema: CloudKitSchema, serverKeys: [String: [UInt8]] = [:], signatureWindowSeconds: Int64 = 600,
        seed: UInt64 = 0
    ) {
        self.schema = schema
        self.serverKeys = serverKeys
        self.signatureWindowSeconds = signatureWindowSeconds
        self.seed = seed
    }
}
