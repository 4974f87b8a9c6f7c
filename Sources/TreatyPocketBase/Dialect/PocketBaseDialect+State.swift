import Foundation
import HTTPTypes
import Synchronization
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyQuery

extension PocketBaseDialect {
    /// Brings the dialect's copy of its state (``PocketBaseDialectState``) up to the store's:
    /// builds the startup state when the store holds none (a fresh store, or one an admin-API
    /// reset returned to its contract), and reads it back when the store's revision differs
    /// from the copy's (a restart with `--persist`, a restored snapshot, a rolled-back change).
    ///
    /// The check runs without the store's writer lock; a build runs as one store transaction
    /// with the dialect's state lock inside it (the store's lock order), and checks again there.
    func bootstrapIfNeeded(_ store: RecordStore) {
        guard let stored = store.attachment(PocketBaseDialectState.key) else {
            store.transaction { bootstrap(store) }
            return
        }
        if state.withLock({ $0.revision }) == stored.revision { return }
        state.withLock { state in
            guard let current = store.attachment(PocketBaseDialectState.key), current.revision != state.revision
            else { return }
            state = PocketBaseDialectState(attachment: current)
        }
    }

    private func bootstrap(_ store: RecordStore) {
        state.withLock { state in
            if let stored = store.attachment(PocketBaseDialectState.key) {
                if stored.revision != state.revision { state = PocketBaseDialectState(attachment: stored) }
                return
            }
            var fresh = PocketBaseDialectState()
            fresh.secret = store.random { Self.randomText(50, using: &$0) }
            let now = Self.dateTime(store.presentTime())
            for collection in PocketBaseCollection.freshServer + configuration.collections {
                fresh.collections.removeAll { $0.name == collection.name }
                fresh.collections.append(collection)
                fresh.collectionTimes[collection.id] = (now, now)
                store.define(collection.storeResource)
            }
            if let superusers = fresh.collection("_superusers") {
                var record = PocketBaseRecordWriter(collection: superusers).emptyRecord()
                record["id"] = .string(newRecordID(store))
                record["email"] = .string(configuration.superuserEmail)
                record["password"] = .string(Self.passwordHash(configuration.superuserPassword))
                record["tokenKey"] = .string(newRandomText(50, store))
                record["verified"] = true
                record["created"] = .string(now.description)
                record["updated"] = .string(now.description)
                _ = try? store.create("_superusers", body: .object(record))
            }
            save(&fresh, in: store)
            state = fresh
        }
    }

    /// Writes `state` to its store attachment and notes the revision it got (call it inside a
    /// store transaction, holding the dialect's state lock).
    func save(_ state: inout PocketBaseDialectState, in store: RecordStore) {
        state.revision = store.attach(state.json, as: PocketBaseDialectState.key)
    }

    /// The collection named (or with the id) `nameOrID`.
    func collection(_ nameOrID: String) -> PocketBaseCollection? {
        state.withLock { $0.collection(nameOrID) }
    }

    /// Every collection, in creation order.
    var collections: [PocketBaseCollection] {
        state.withLock { $0.collections }
    }

    /// A new record id, from the store's seeded generator (so a restart never hands it out
    /// again). Call it holding no dialect lock outside a store transaction.
    func newRecordID(_ store: RecordStore) -> String {
        store.random { PocketBaseRecordID.generate(using: &$0) }
    }

    /// New random `[a-zA-Z0-9]` text, from the store's seeded generator.
    func newRandomText(_ count: Int, _ store: RecordStore) -> String {
        store.random { Self.randomText(count, using: &$0) }
    }

    static func randomText(_ count: Int, using generator: inout some RandomNumberGenerator) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return String((0..<count).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }

    /// The stored form of a password (a salted SHA-256; the simulator needs no bcrypt).
    static func passwordHash(_ password: String) -> String {
        "sha256$" + PocketBaseDigest.hex(PocketBaseDigest.sha256("treaty-pocketbase:" + password))
    }

    /// Whether `text` is a password in its stored form (``passwordHash(_:)``).
    static func isPasswordHash(_ text: String) -> Bool {
        let digest = text.utf8.dropFirst("sha256$".utf8.count)
        return text.hasPrefix("sha256$") && digest.count == 64
            && digest.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// The time of the store's next change in PocketBase's form: what a write stamps, on the
    /// store's clock (so `--clock` makes answers reproducible).
    static func changeTime(_ store: RecordStore) -> PocketBaseDateTime {
        dateTime(store.nextChangeTime())
    }

    /// `milliseconds` since 1970 in PocketBase's form.
    static func dateTime(_ milliseconds: Int64) -> PocketBaseDateTime {
        PocketBaseDateTime(seconds: milliseconds / 1000, nanoseconds: (milliseconds % 1000) * 1_000_000)
    }

    /// Wall-clock milliseconds, for fixture records loaded before any store exists.
    static func wallClockMilliseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
    }

    /// The live records of a collection in insertion order.
    static func records(_ collection: PocketBaseCollection, in store: RecordStore) -> [JSONObject] {
        (try? store.list(collection.name).records) ?? []
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
