import TreatyJSON

/// The dialect's state that is not records: collection metadata, settings, token secret and
/// pending OTPs. It lives behind the dialect's mutex; it is rebuilt from the configuration
/// whenever the store no longer holds `_superusers` (a fresh store, or an admin-API reset).
struct PocketBaseDialectState: Sendable {
    /// The collections in creation order.
    var collections: [PocketBaseCollection] = [] {
        didSet { queries = PocketBaseQueryCache() }
    }
    /// Schemas derived from `collections`, and the generation naming them.
    var queries = PocketBaseQueryCache()
    /// Creation and change times of each collection, by id.
    var collectionTimes: [String: (created: PocketBaseDateTime, updated: PocketBaseDateTime)] = [:]
    /// `batch` settings.
    var batch = BatchSettings()
    /// The secret appended to record token keys when signing.
    var secret = ""
    /// Pending one-time passwords by otp id.
    var otps: [String: OTPEntry] = [:]
    /// Uploaded files by ``fileKey(collectionId:recordId:name:)``. They live here rather than
    /// in the store, so a reset (which rebuilds this state) drops them too.
    var files: [String: PocketBaseStoredFile] = [:]
    /// The generator of ids and keys.
    var generator = PocketBaseGenerator(seed: 0)
    /// Whether the state was built for the store's current contents.
    var ready = false

    /// `batch` settings (`PATCH /api/settings`).
    struct BatchSettings: Sendable {
        var enabled = false
        var maxRequests = 50
        var timeout = 3
        var maxBodySize = 0

        var json: JSONValue {
            [
                "enabled": .bool(enabled), "maxRequests": .number(JSONNumber(maxRequests)),
                "timeout": .number(JSONNumber(timeout)), "maxBodySize": .number(JSONNumber(maxBodySize)),
            ]
        }
    }

    /// One requested OTP.
    struct OTPEntry: Sendable {
        var collectionId: String
        var recordId: String
        var password: String
    }

    /// The key of a stored file.
    static func fileKey(collectionId: String, recordId: String, name: String) -> String {
        collectionId + "/" + recordId + "/" + name
    }

    func collection(_ nameOrID: String) -> PocketBaseCollection? {
        collections.first { $0.name == nameOrID } ?? collections.first { $0.id == nameOrID }
    }

    func collection(id: String) -> PocketBaseCollection? {
        collections.first { $0.id == id }
    }
}

/// A small seeded generator (SplitMix64) so simulator runs can be replayed.
struct PocketBaseGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed &+ 0x9E37_79B9_7F4A_7C15
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
