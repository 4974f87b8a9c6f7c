import Dispatch
import Synchronization
import Testing
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyTestSupport

@Suite struct RecordStoreTransactionTests {
    let store = DemoStore.make()

    struct Refused: Error {}

    func position(_ id: String) throws -> Int64 {
        try #require(try store.get("task", id: id)["position"]?.numberValue?.int64Value)
    }

    @Test("a transaction's writes all land, each with its own version")
    func commit() throws {
        let records = try store.transaction { () throws(StoreError) -> [JSONObject] in
            let project = try store.create("project", body: projectBody())
            let task = try store.create("task", body: .object(taskBody(project: DemoID.newProject)))
            let renamed = try store.update("task", id: DemoID.t1, patch: ["title": "Renamed"])
            return [project, task, renamed]
        }
        #expect(records.map { $0["version"] } == [14, 15, 16])
        #expect(try store.get("task", id: DemoID.t1)["title"] == "Renamed")
        #expect(store.currentVersion == 16)
    }

    @Test("a transaction that throws leaves the store byte-identical, counters and clock included")
    func rollback() throws {
        let before = store.dumpText()
        let (version, clock) = (store.currentVersion, store.clockMilliseconds)
        #expect(throws: Refused.self) {
            try store.transaction { () throws(Refused) in
                _ = try? store.create("project", body: projectBody())
                _ = try? store.update("task", id: DemoID.t1, patch: ["title": "Renamed"])
                _ = try? store.delete("task", id: DemoID.t2)
                _ = store.apply([.update("task", id: DemoID.t3, patch: ["title": "Batch"])], mode: .independent)
                throw Refused()
            }
        }
        #expect(store.dumpText() == before)
        #expect(store.currentVersion == version)
        #expect(store.clockMilliseconds == clock)
        #expect(try store.update("task", id: DemoID.t1, patch: ["title": "After"])["version"] == 14)
    }

    @Test("a nested transaction joins the outer one instead of waiting for it")
    func nested() throws {
        let inner = try store.transaction { () throws(StoreError) -> JSONObject in
            try store.transaction { () throws(StoreError) -> JSONObject in
                try store.update("task", id: DemoID.t1, patch: ["title": "Inner"])
            }
        }
        #expect(inner["title"] == "Inner")
    }

    @Test("concurrent read-check-write transactions lose no update")
    func concurrentWriters() throws {
        let start = try position(DemoID.t1)
        let writers = 200
        DispatchQueue.concurrentPerform(iterations: writers) { _ in
            store.transaction {
                let current = (try? store.get("task", id: DemoID.t1))?["position"]?.numberValue?.int64Value ?? 0
                _ = try? store.update("task", id: DemoID.t1, patch: ["position": .number(JSONNumber(current + 1))])
            }
        }
        #expect(try position(DemoID.t1) == start + Int64(writers))
    }

    @Test("a plain write from another thread waits until the transaction ends")
    func plainWriteWaits() throws {
        let order = Mutex<[String]>([])
        let entered = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            entered.wait()
            _ = try? store.update("task", id: DemoID.t2, patch: ["title": "Outside"])
            order.withLock { $0.append("outside") }
            done.signal()
        }
        store.transaction {
            entered.signal()
            sleepBriefly()
            order.withLock { $0.append("transaction") }
            _ = try? store.update("task", id: DemoID.t1, patch: ["title": "Inside"])
        }
        done.wait()
        #expect(order.withLock { $0 } == ["transaction", "outside"])
        #expect(try store.get("task", id: DemoID.t2)["version"] == 15, "the outside write came after the transaction's")
    }

    @Test("a transaction reads its own writes while other readers still see the state before it")
    func ownWritesOnly() throws {
        let seen = Mutex<JSONValue?>(nil)
        let read = DispatchSemaphore(value: 0)
        let inside = store.transaction { () -> JSONValue? in
            _ = try? store.update("task", id: DemoID.t1, patch: ["title": "Staged"])
            DispatchQueue.global().async {
                let title = (try? store.get("task", id: DemoID.t1))?["title"]
                seen.withLock { $0 = title }
                read.signal()
            }
            read.wait()
            return (try? store.get("task", id: DemoID.t1))?["title"]
        }
        #expect(inside == "Staged")
        #expect(seen.withLock { $0 } != "Staged")
        #expect(try store.get("task", id: DemoID.t1)["title"] == "Staged")
    }

    @Test("schema changes in a transaction stay unseen until it commits, and go when it throws")
    func schemaChanges() throws {
        let seen = Mutex<Bool>(true)
        let read = DispatchSemaphore(value: 0)
        #expect(throws: Refused.self) {
            try store.transaction { () throws(Refused) in
                store.define(RecordStoreSchemaTests.notes())
                _ = try? store.create("note", body: ["id": "n1", "text": "hello"])
                store.define(RecordStoreSchemaTests.notes(extraField: true))
                try? store.removeResource(named: "tag")
                DispatchQueue.global().async {
                    seen.withLock { $0 = store.resource(named: "note") != nil || store.resource(named: "tag") == nil }
                    read.signal()
                }
                read.wait()
                throw Refused()
            }
        }
        #expect(seen.withLock { $0 } == false)
        #expect(store.resource(named: "note") == nil)
        #expect(store.dump("tag")?.isEmpty == false)
        try store.transaction { () throws(StoreError) in
            store.define(RecordStoreSchemaTests.notes())
            _ = try store.create("note", body: ["id": "n1", "text": "hello"])
        }
        #expect(try store.get("note", id: "n1")["text"] == "hello")
    }

    @Test("a concurrent reader never sees a transaction half applied, nor one that threw")
    func isolation() throws {
        let rounds = 1_000
        let done = Atomic<Bool>(false)
        let violations = Mutex<[String]>([])
        try store.transaction { () throws(StoreError) in
            _ = try store.update("task", id: DemoID.t1, patch: ["title": "same"])
            _ = try store.update("task", id: DemoID.t2, patch: ["title": "same"])
        }
        DispatchQueue.concurrentPerform(iterations: 2) { role in
            if role == 0 {
                for round in 0..<rounds {
                    store.transaction {
                        _ = try? store.update("task", id: DemoID.t1, patch: ["title": .string("round \(round)")])
                        _ = try? store.update("task", id: DemoID.t2, patch: ["title": .string("round \(round)")])
                    }
                    _ = try? store.transaction { () throws(Refused) in
                        _ = try? store.update("task", id: DemoID.t1, patch: ["title": "doomed"])
                        _ = try? store.update("task", id: DemoID.t2, patch: ["title": "doomed"])
                        throw Refused()
                    }
                }
                done.store(true, ordering: .releasing)
            } else {
                // Bounded, so a machine that runs both roles on one thread still finishes.
                for _ in 0..<(rounds * 20) where !done.load(ordering: .acquiring) {
                    let tasks = store.dump("task") ?? []
                    let titles = [DemoID.t1, DemoID.t2].map { id in
                        tasks.first { $0["id"]?.stringValue == id }?["title"]?.stringValue ?? "missing"
                    }
                    if titles[0] != titles[1] || titles[0] == "doomed" {
                        violations.withLock { $0.append(titles.joined(separator: " / ")) }
                    }
                }
            }
        }
        #expect(violations.withLock { $0 } == [])
        #expect(try store.get("task", id: DemoID.t1)["title"] == .string("round \(rounds - 1)"))
        #expect(try store.get("task", id: DemoID.t2)["title"] == .string("round \(rounds - 1)"))
    }
}

/// Sleeps 50 ms, long enough for another thread to reach a lock.
private func sleepBriefly() {
    _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(50))
}
