import Synchronization
import TreatyDialect

/// The realtime clients of one dialect (PocketBase's `SubscriptionsBroker`), and the dialect's
/// observation of the store whose changes it broadcasts.
final class PocketBaseRealtime: Sendable {
    let limits: PocketBaseRealtimeLimits
    private let clients = Mutex<[String: PocketBaseRealtimeClient]>([:])
    private let observation = Mutex<(store: ObjectIdentifier, registration: StoreObservation)?>(nil)

    init(limits: PocketBaseRealtimeLimits = .init()) {
        self.limits = limits
    }

    /// Every connected client.
    var all: [PocketBaseRealtimeClient] {
        clients.withLock { Array($0.values) }
    }

    /// The connected client with this id.
    func client(id: String) -> PocketBaseRealtimeClient? {
        clients.withLock { $0[id] }
    }

    func add(_ client: PocketBaseRealtimeClient) {
        clients.withLock { $0[client.id] = client }
    }

    /// Forgets a client and its subscriptions (its stream ended).
    func remove(id: String) {
        _ = clients.withLock { $0.removeValue(forKey: id) }
    }

    /// Ends every client's stream (a reset or restore replaced the records, as a restart would).
    func dropAll() {
        let dropped = clients.withLock { clients in
            defer { clients = [:] }
            return Array(clients.values)
        }
        for client in dropped { client.stream.finish() }
    }

    /// Observes `store` with `observer`, once per store: a new store ends the old observation.
    func observe(_ store: RecordStore, _ observer: @escaping @Sendable (StoreNotification) -> Void) {
        let key = ObjectIdentifier(store)
        let replaced = observation.withLock { current -> StoreObservation? in
            guard current?.store != key else { return nil }
            let previous = current?.registration
            current = (key, store.observe(observer))
            return previous
        }
        replaced?.cancel()
    }
}
