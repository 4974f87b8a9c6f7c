import TreatyCore

/// How a CloudKit container lives in the ``TreatyDialect/RecordStore``: zones, records, the
/// record types the development environment learned, and uploaded assets — each one store
/// resource, so snapshots, resets and the journal cover all of them.
///
/// Every record row carries the store's version: a record's `recordChangeTag` is its version,
/// and a sync token is a point in the store's version history.
enum CloudKitStoreModel {
    /// Zones: `environment|database|owner|zoneName`.
    static let zones = "_ck_zones"
    /// Records: the zone's key, `|`, the record name.
    static let records = "_ck_records"
    /// Record types: `environment|type`, with their fields under `fields`.
    static let recordTypes = "_ck_types"
    /// Uploaded assets, by the id in their download URL.
    static let assets = "_ck_assets"

    static let versioned = SyncMetadata(
        createdAt: "created_at", updatedAt: "updated_at", version: "version", tombstone: "deleted_at")

    /// The contract the store follows.
    static func contract(api: String, file: String? = nil) -> Contract {
        func resource(_ name: String, _ fields: [String], sync: SyncMetadata) -> Resource {
            Resource(
                name: name, identity: Identity(key: "key", type: .string), create: .either,
                fields: fields.map { Field(name: $0, kind: .attribute(.json, key: $0), nullable: true) }, sync: sync,
                internalKeys: [])
        }
        let plain = SyncMetadata(createdAt: nil, updatedAt: nil, version: "version", tombstone: nil)
        return Contract(
            api: api, dialect: .cloudKit, naming: .any,
            resources: [
                resource(zones, ["environment", "database", "owner", "zoneName", "atomic"], sync: versioned),
                resource(
                    records, ["zone", "recordName", "recordType", "values", "createdBy", "modifiedBy", "shortGUID"],
                    sync: versioned),
                resource(recordTypes, ["environment", "recordType", "fields"], sync: plain),
                resource(assets, ["environment", "data", "size", "fileChecksum", "receipt"], sync: plain),
            ], file: file)
    }
}
