internal import Synchronization

/// A store's observers and the notifications of the write being committed.
///
/// `isEmpty` is one atomic load, so a store nobody observes pays one check per commit.
final class StoreObservers: Sendable {
    typealias Observer = @Sendable (StoreNotification) -> Void

    private let count = Atomic<Int>(0)
    private let observers = Mutex<(next: Int, all: [(key: Int, body: Observer)])>((0, []))
    /// Notifications committed but not yet delivered; taken under the store's state lock.
    private let pending = Mutex<[StoreNotification]>([])

    var isEmpty: Bool {
        count.load(ordering: .relaxed) == 0
    }

    func add(_ observer: @escaping Observer) -> Int {
        observers.withLock { state in
            state.next += 1
            state.all.append((state.next, observer))
            count.store(state.all.count, ordering: .relaxed)
            return state.next
        }
    }

    func remove(_ key: Int) {
        observers.withLock { state in
            state.all.removeAll { $0.key == key }
            count.store(state.all.count, ordering: .relaxed)
        }
    }

    /// Queues `notification` for the next ``deliver()``.
    func enqueue(_ notification: StoreNotification) {
        pending.withLock { $0.append(notification) }
    }

    /// Forgets the queued notifications (a transaction rolled back).
    func discardPending() {
        guard !isEmpty else { return }
        pending.withLock { $0.removeAll() }
    }

    /// Tells every observer, in registration order, each queued notification in commit order;
    /// the record changes of one transaction's writes go out as one notification.
    func deliver() {
        guard !isEmpty else { return }
        let queued = pending.withLock { queue in
            defer { queue.removeAll() }
            return Self.merged(queue)
        }
        guard !queued.isEmpty else { return }
        let bodies = observers.withLock { $0.all.map(\.body) }
        for notification in queued {
            for body in bodies { body(notification) }
        }
    }

    /// `queue` with each run of ``StoreNotification/records(_:)`` joined into one.
    private static func merged(_ queue: [StoreNotification]) -> [StoreNotification] {
        guard queue.count > 1 else { return queue }
        var result: [StoreNotification] = []
        for notification in queue {
            if case .records(let next) = notification, case .records(let previous)? = result.last {
                result[result.count - 1] = .records(previous + next)
            } else {
                result.append(notification)
            }
        }
        return result
    }
}
