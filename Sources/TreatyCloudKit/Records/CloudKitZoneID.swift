internal import TreatyJSON

/// Where a request's records live: the environment, the database and, within it, one zone.
struct CloudKitDatabaseScope: Sendable, Hashable {
    /// `development` or `production`.
    var environment: CloudKitEnvironment
    /// `public`, `private` or `shared`.
    var database: CloudKitDatabase
    /// The owner of the zones the caller reaches: the signed-in user in the private database,
    /// `_defaultOwner` in the public one.
    var owner: String

    func zone(_ name: String) -> CloudKitZoneID {
        CloudKitZoneID(scope: self, zoneName: name)
    }
}

/// `development` or `production`: separate data and schema.
enum CloudKitEnvironment: String, Sendable, Hashable, CaseIterable {
    case development
    case production
}

/// `public`, `private` or `shared`.
enum CloudKitDatabase: String, Sendable, Hashable, CaseIterable {
    case `public`
    case `private`
    case shared
}

/// One zone: `{"zoneName": "Gallery", "ownerRecordName": "_…"}` in a database of an environment.
struct CloudKitZoneID: Sendable, Hashable {
    static let defaultZoneName = "_defaultZone"
    static let publicOwner = "_defaultOwner"

    var scope: CloudKitDatabaseScope
    var zoneName: String

    var isDefault: Bool { zoneName == Self.defaultZoneName }

    /// The key of the zone's row in the store.
    var storeKey: String {
        "\(scope.environment.rawValue)|\(scope.database.rawValue)|\(scope.owner)|\(zoneName)"
    }

    /// The key of a record's row in the store.
    func recordKey(_ recordName: String) -> String {
        storeKey + "|" + recordName
    }

    /// The zone ID dictionary answers carry.
    var json: JSONValue {
        .object(["zoneName": .string(zoneName), "ownerRecordName": .string(scope.owner)])
    }

    /// Whether `name` can name a zone: letters, digits, `-`, `_` and `.`, at most 255 bytes.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 255
            && name.utf8.allSatisfy {
                ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A)
                    || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".")
            }
    }
}
