/// The sync metadata keys a resource's records carry (RS-MD-*, RS-IN-*).
///
/// A `nil` key means the record does not carry that metadata.
public struct SyncMetadata: Sendable, Hashable, Codable {
    /// The creation timestamp's key.
    public var createdAt: String?
    /// The last-modification timestamp's key.
    public var updatedAt: String?
    /// The store-wide monotonic version's key.
    public var version: String?
    /// The deletion timestamp's key; a record with a non-null value is a tombstone.
    public var tombstone: String?

    /// Creates sync metadata.
    public init(
        createdAt: String? = "created_at",
        updatedAt: String? = "updated_at",
        version: String? = nil,
        tombstone: String? = nil
    ) {
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
        self.tombstone = tombstone
    }
}
