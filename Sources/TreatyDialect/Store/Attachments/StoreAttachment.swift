public import TreatyJSON

/// A value a dialect keeps in a ``RecordStore`` beside its records: state that is not records
/// (collection metadata, settings, a signing secret, pending one-time passwords, uploaded files,
/// sessions) stored under a key so it is committed, logged, snapshotted and reset exactly like
/// the records it goes with (see ``RecordStore/attach(_:as:in:)``).
public struct StoreAttachment: Sendable, Hashable {
    /// The value, as JSON (bytes as base64 text).
    public var value: JSONValue
    /// Names this value: a process-wide number given on every write of the key and kept with
    /// the value by snapshots, so a cache built from the value stays valid exactly while the
    /// store's revision of the key equals the one the cache was built from (a reset, restore or
    /// rolled-back transaction brings back another value, and another number).
    public var revision: UInt64

    init(value: JSONValue) {
        self.value = value
        revision = TableRevision.next()
    }
}

/// Which part of a ``RecordStore`` an attachment lives in.
public enum StoreAttachmentArea: String, Sendable, Hashable, CaseIterable {
    /// State that belongs with the records (a schema, uploaded files): snapshots capture it,
    /// ``RecordStore/restore(named:)`` brings it back with them and ``RecordStore/reset()``
    /// drops it, as it returns the records to the fixtures.
    case records
    /// State of the running server beside the records (open sessions): durable like the rest,
    /// but kept as it is across ``RecordStore/reset()`` and ``RecordStore/restore(named:)``
    /// and not part of named snapshots — a reset of the data logs no client out.
    case standing
}
