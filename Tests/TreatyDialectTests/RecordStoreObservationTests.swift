import Synchronization
import Testing
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyTestSupport

/// ``RecordStore/observe(_:)``: what each commit tells observers, in commit order.
@Suite struct RecordStoreObservationTests {
    let store = DemoStore.make()

    /// Observes the store while `body` runs; returns what was told.
    func observing(_ body: () throws -> Void) rethrows -> [StoreNotification] {
        let told = Mutex<[StoreNotification]>([])
        let observation = store.observe { notification in told.withLock { $0.append(notification) } }
        defer { observation.cancel() }
        try body()
        return told.withLock { $0 }
    }

    @Test("single writes report the record before and after, as create, update and delete")
    func singleWrites() throws {
        let told = try observing {
            _ = try store.create("task", body: .object(taskBody(project: DemoID.p1)))
            _ = try store.update("task", id: DemoID.new1, patch: ["title": "Renamed"])
            try store.delete("task", id: DemoID.new1)
        }
        let changes = told.compactMap { notification -> RecordChange? in
            guard case .records(let changes) = notification else { return nil }
            return changes.first
        }
        #expect(changes.map(\.action) == [.create, .update, .delete])
        #expect(changes.allSatisfy { $0.resource == "task" && $0.id == DemoID.new1 })
        #expect(changes[0].before == nil)
        #expect(changes[1].before?["title"] == "Write tests")
        #expect(changes[1].after?["title"] == "Renamed")
        #expect(changes[2].after == nil, "a tombstone is not a live record")
        #expect(changes[2].record["title"] == "Renamed")
    }

    @Test("a batch and a transaction report once, when they commit; a rollback reports nothing")
    func batchesAndTransactions() throws {
        struct Refused: Error {}
        let told = observing {
            _ = store.apply(
                [
                    .create("task", body: .object(taskBody(project: DemoID.p1))),
                    .update("task", id: DemoID.t1, patch: ["title": "A"]),
                ],
                mode: .atomic)
            try? store.transaction { () throws(StoreError) in
                _ = try store.update("task", id: DemoID.t1, patch: ["title": "B"])
                _ = try store.update("task", id: DemoID.t1, patch: ["title": "C"])
            }
            _ = try? store.transaction { () throws(Refused) in
                _ = try? store.update("task", id: DemoID.t1, patch: ["title": "D"])
                throw Refused()
            }
        }
        #expect(told.count == 2)
        guard case .records(let batch) = told.first, case .records(let transaction) = told.last else {
            Issue.record("expected two record notifications, got \(told)")
            return
        }
        #expect(batch.map(\.action) == [.create, .update])
        #expect(transaction.map { $0.after?["title"] } == ["B", "C"], "each write as it left the record")
        #expect(try store.get("task", id: DemoID.t1)["title"] == "C")
    }

    @Test("reset and restore report .replaced, a removed resource .resourceRemoved; a cancelled observer hears nothing")
    func wholesale() throws {
        store.snapshot(named: "start")
        let told = try observing {
            store.reset()
            #expect(store.restore(named: "start"))
            try store.removeResource(named: "tag")
        }
        #expect(told == [.replaced, .replaced, .resourceRemoved("tag")])
        let late = Mutex(0)
        let observation = store.observe { _ in late.withLock { $0 += 1 } }
        observation.cancel()
        store.reset()
        #expect(late.withLock { $0 } == 0)
    }
}
