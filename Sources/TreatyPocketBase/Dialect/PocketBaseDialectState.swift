import Foundation
import TreatyDialect
import TreatyJSON

/// The dialect's state that is not records and is read on most requests: collection metadata,
/// `batch` settings and the token secret.
///
/// Its source of truth is the store: one attachment (``key``) written in the same store
/// transaction as the schema change it goes with, so it is durable, snapshotted, restored and
/// reset with the records. The dialect keeps a decoded copy behind its mutex, valid while the
/// store's revision of the attachment equals ``revision``; pending OTPs and uploaded files are
/// attachments of their own, read from the store when needed (see ``PocketBaseStoredKeys``).
struct PocketBaseDialectState: Sendable {
    /// The store attachment holding this state.
    static let key = "pocketbase/state"

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
    /// The store's revision of ``key`` this copy was read from or written as; `nil` before the
    /// first read.
    var revision: UInt64?

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

        /// Applies the members of a `batch` settings object that it carries.
        mutating func apply(_ settings: JSONObject) {
            if let enabled = settings["enabled"]?.boolValue { self.enabled = enabled }
            if let value = settings["maxRequests"]?.numberValue?.int64Value { maxRequests = Int(value) }
            if let value = settings["timeout"]?.numberValue?.int64Value { timeout = Int(value) }
            if let value = settings["maxBodySize"]?.numberValue?.int64Value { maxBodySize = Int(value) }
        }
    }

    func collection(_ nameOrID: String) -> PocketBaseCollection? {
        collections.first { $0.name == nameOrID } ?? collections.first { $0.id == nameOrID }
    }

    func collection(id: String) -> PocketBaseCollection? {
        collections.first { $0.id == id }
    }

    /// The state as its store attachment holds it: each collection as PocketBase exports it
    /// with its times, the settings and the secret.
    var json: JSONValue {
        let items = collections.map { collection -> JSONValue in
            let times = collectionTimes[collection.id]
            return [
                "collection": collection.json,
                "created": times.map { .string($0.created.description) } ?? .null,
                "updated": times.map { .string($0.updated.description) } ?? .null,
            ]
        }
        return ["collections": .array(items), "batch": batch.json, "secret": .string(secret)]
    }

    /// Reads back what ``json`` wrote.
    ///
    /// - Parameter attachment: The store's attachment under ``key``.
    init(attachment: StoreAttachment) {
        let object = attachment.value.objectValue ?? JSONObject()
        for item in object["collections"]?.arrayValue ?? [] {
            var decoder = SchemaDecoder()
            guard let collection = item["collection"].flatMap({ decoder.collection($0, at: .root) }) else { continue }
            collections.append(collection)
            if let created = item["created"]?.stringValue.flatMap(PocketBaseDateTime.init(parsing:)),
                let updated = item["updated"]?.stringValue.flatMap(PocketBaseDateTime.init(parsing:))
            {
                collectionTimes[collection.id] = (created, updated)
            }
        }
        if case .object(let settings)? = object["batch"] { batch.apply(settings) }
        secret = object["secret"]?.stringValue ?? ""
        revision = attachment.revision
    }

    init() {}
}

/// The keys of the dialect's other store attachments, and their values.
enum PocketBaseStoredKeys {
    /// A pending one-time password, by otp id.
    static func otp(_ id: String) -> String { "pocketbase/otp/" + id }

    /// An uploaded file (``fileKey(collectionId:recordId:name:)``).
    static func file(_ key: String) -> String { "pocketbase/file/" + key }

    /// The key of a stored file.
    static func fileKey(collectionId: String, recordId: String, name: String) -> String {
        collectionId + "/" + recordId + "/" + name
    }

    /// A file as its attachment holds it: the content type and the bytes in base64.
    static func json(_ file: PocketBaseStoredFile) -> JSONValue {
        ["contentType": .string(file.contentType), "base64": .string(Data(file.bytes).base64EncodedString())]
    }

    /// Reads back what ``json(_:)`` wrote.
    static func file(_ value: JSONValue) -> PocketBaseStoredFile? {
        guard let contentType = value["contentType"]?.stringValue,
            let bytes = value["base64"]?.stringValue.flatMap({ Data(base64Encoded: $0) })
        else { return nil }
        return PocketBaseStoredFile(bytes: Array(bytes), contentType: contentType)
    }
}

/// A small seeded generator (SplitMix64) so fixture loading can be replayed.
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
