import Foundation
import HTTPTypes
import Synchronization
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyQuery

extension PocketBaseDialect {
    /// Builds the startup state when the store holds no PocketBase collections yet (a fresh
    /// store, or one an admin-API reset returned to its empty contract).
    ///
    /// The check runs without the store's writer lock; the build runs as one store transaction
    /// with the dialect's state lock inside it (the store's lock order), and checks again there.
    func bootstrapIfNeeded(_ store: RecordStore) {
        if isBootstrapped(store) { return }
        store.transaction { bootstrap(store) }
    }

    private func isBootstrapped(_ store: RecordStore) -> Bool {
        state.withLock { $0.ready } && store.resource(named: "_superusers") != nil
    }

    private func bootstrap(_ store: RecordStore) {
        state.withLock { state in
            if state.ready, store.resource(named: "_superusers") != nil { return }
            var fresh = PocketBaseDialectState()
            fresh.generator = PocketBaseGenerator(seed: configuration.seed)
            fresh.secret = Self.randomText(50, using: &fresh.generator)
            let now = Self.dateTime(store.presentTime())
            for collection in PocketBaseCollection.freshServer + configuration.collections {
                fresh.collections.removeAll { $0.name == collection.name }
                fresh.collections.append(collection)
                fresh.collectionTimes[collection.id] = (now, now)
                store.define(collection.storeResource)
            }
            if let superusers = fresh.collection("_superusers") {
                var record = PocketBaseRecordWriter(collection: superusers).emptyRecord()
                record["id"] = .string(PocketBaseRecordID.generate(using: &fresh.generator))
                record["email"] = .string(configuration.superuserEmail)
                record["password"] = .string(Self.passwordHash(configuration.superuserPassword))
                record["tokenKey"] = .string(Self.randomText(50, using: &fresh.generator))
                record["verified"] = true
                record["created"] = .string(now.description)
                record["updated"] = .string(now.description)
                _ = try? store.create("_superusers", body: .object(record))
            }
            fresh.ready = true
            state = fresh
        }
    }

    /// The collection named (or with the id) `nameOrID`.
    func collection(_ nameOrID: String) -> PocketBaseCollection? {
        state.withLock { $0.collection(nameOrID) }
    }

    /// Every collection, in creation order.
    var collections: [PocketBaseCollection] {
        state.withLock { $0.collections }
    }

    /// A new record id.
    func newRecordID() -> String {
        state.withLock { PocketBaseRecordID.generate(using: &$0.generator) }
    }

    /// New random `[a-zA-Z0-9]` text.
    func newRandomText(_ count: Int) -> String {
        state.withLock { Self.randomText(count, using: &$0.generator) }
    }

    static func randomText(_ count: Int, using generator: inout PocketBaseGenerator) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return String((0..<count).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }

    /// The stored form of a password (a salted SHA-256; the simulator needs no bcrypt).
    static func passwordHash(_ password: String) -> String {
        "sha256$" + PocketBaseDigest.hex(PocketBaseDigest.sha256("treaty-pocketbase:" + password))
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
