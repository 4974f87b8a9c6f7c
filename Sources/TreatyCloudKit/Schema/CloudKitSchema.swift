/// What a `cloudkit` contract declares for its container (cloudkit.md): the record types,
/// the users whose web-auth tokens the simulator accepts, the API tokens, the custom zones
/// present at start-up, and which environments exist.
struct CloudKitSchema: Sendable, Hashable {
    /// The container identifier, e.g. `iCloud.com.example.Gallery`.
    var container: String
    /// The record types, by name.
    var recordTypes: [String: CloudKitRecordType]
    /// The API tokens accepted as `ckAPIToken`.
    var apiTokens: [String]
    /// The signed-in users.
    var users: [CloudKitUser]
    /// Custom zones of every user's private database at start-up.
    var zones: [CloudKitZoneDeclaration]
    /// The server-to-server keys the simulator accepts: each key ID's P-256 public key, in its
    /// X9.63 representation.
    var serverKeys: [String: [UInt8]] = [:]

    /// Creates a schema.
    init(
        container: String, recordTypes: [CloudKitRecordType] = [], apiTokens: [String] = [], users: [CloudKitUser] = [],
        zones: [CloudKitZoneDeclaration] = []
    ) {
        self.container = container
        self.recordTypes = Dictionary(recordTypes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.apiTokens = apiTokens
        self.users = users
        self.zones = zones
    }
}

/// A user the simulator knows: the web-auth token that identifies them and their record name.
struct CloudKitUser: Sendable, Hashable {
    /// The user record name, e.g. `_4b3f…`.
    var recordName: String
    /// The `ckWebAuthToken` that signs them in.
    var webAuthToken: String
    /// The first name `users/current` and the discovery operations show (discoverable users only).
    var firstName: String?
    /// The last name.
    var lastName: String?
    /// The email address `users/lookup/email` and `users/discover` find the user by.
    var email: String?
    /// The phone number `users/discover` finds the user by.
    var phone: String?
    /// Whether the user agreed to be discovered: only then do the user operations show the name
    /// and find the user.
    var discoverable: Bool

    /// Creates a user.
    init(
        recordName: String, webAuthToken: String, firstName: String? = nil, lastName: String? = nil,
        email: String? = nil, phone: String? = nil, discoverable: Bool = true
    ) {
        self.recordName = recordName
        self.webAuthToken = webAuthToken
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.phone = phone
        self.discoverable = discoverable
    }

    /// The user a bare `--web-auth-token` signs in: a record name derived from the token, so it
    /// is stable between runs.
    static func derived(fromToken token: String) -> CloudKitUser {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in token.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return CloudKitUser(recordName: "_" + String(repeating: "0", count: 16 - hex.count) + hex, webAuthToken: token)
    }
}

/// A custom zone the contract creates in each user's private database.
struct CloudKitZoneDeclaration: Sendable, Hashable {
    /// The zone name.
    var name: String
    /// Whether batches in it are all or nothing.
    var atomic: Bool

    /// Creates a declaration.
    init(name: String, atomic: Bool = true) {
        self.name = name
        self.atomic = atomic
    }
}
