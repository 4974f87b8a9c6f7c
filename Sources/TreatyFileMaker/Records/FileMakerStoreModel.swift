import TreatyCore

/// How FileMaker tables live in the ``TreatyDialect/RecordStore``: one store resource per table
/// of each database (`Music/Artists`), keyed by `recordId`, holding every field of the table
/// and the record's own `modId`; and one resource of counters (`_fm_sequences`) so record ids
/// and serial numbers are never handed out twice, across resets and snapshots too.
enum FileMakerStoreModel {
    /// The resource of counters: one record per table (`Music/Artists`) and per serial field
    /// (`Music/Artists::id`), with the last value handed out under `last`.
    static let sequences = "_fm_sequences"
    /// The resource of uploaded container data: one record per upload (keyed by the name in its
    /// streaming URL) with `type`, `filename` and the bytes in base64 under `data`.
    static let containers = "_fm_containers"

    /// The store resource of `table` in `database`.
    static func resource(database: String, table: String) -> String {
        "\(database)/\(table)"
    }

    /// The contract the store follows for `schema`.
    static func contract(api: String, schema: FileMakerSchema, file: String? = nil) -> Contract {
        var resources: [Resource] = []
        for database in schema.databases {
            for table in database.tables {
                let fields = table.fields.filter { !$0.global }.map {
                    Field(name: $0.name, kind: .attribute(.json, key: $0.name), nullable: true)
                }
                resources.append(
                    Resource(
                        name: resource(database: database.name, table: table.name),
                        identity: Identity(key: "recordId", type: .string), create: .either,
                        fields: fields + [Field(name: "modId", kind: .attribute(.json, key: "modId"), nullable: true)],
                        sync: SyncMetadata(createdAt: nil, updatedAt: nil, version: nil, tombstone: nil),
                        internalKeys: []))
            }
        }
        resources.append(
            Resource(
                name: sequences, identity: Identity(key: "recordId", type: .string), create: .either,
                fields: [Field(name: "last", kind: .attribute(.json, key: "last"), nullable: true)],
                sync: SyncMetadata(createdAt: nil, updatedAt: nil, version: nil, tombstone: nil), internalKeys: []))
        resources.append(
            Resource(
                name: containers, identity: Identity(key: "recordId", type: .string), create: .either,
                fields: ["type", "filename", "data"].map {
                    Field(name: $0, kind: .attribute(.json, key: $0), nullable: true)
                },
                sync: SyncMetadata(createdAt: nil, updatedAt: nil, version: nil, tombstone: nil), internalKeys: []))
        return Contract(api: api, dialect: .fileMaker, naming: .any, resources: resources, file: file)
    }
}
