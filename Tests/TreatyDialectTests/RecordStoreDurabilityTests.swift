import Synchronization
import Testing
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyTestSupport

/// The store's durability seam: one commit per committed write, none for what fails or rolls
/// back, and recovery from an image plus the commits giving the same state.
@Suite struct RecordStoreDurabilityTests {
    /// A commit log that keeps what it is given.
    final class Recorder: StoreCommitLog {
        let commits = Mutex<[StoreCommit]>([])

        func append(_ commit: StoreCommit) {
            commits.withLock { $0.append(commit) }
        }

        func whenDurable(_ done: @escaping @Sendable () -> Void) {
            done()
        }

        var count: Int { commits.withLock { $0.count } }
    }

    static let configuration = StoreConfiguration(clock: .fixed(startMilliseconds: 1_735_689_600_000), seed: 3)

    static func task(_ id: String) -> JSONValue {
        .object([
            "id": .string(id), "title": "t", "state": "todo", "author_id": .string(DemoID.u1), "position": 1,
            "created_at": "2025-03-01T00:00:00.000Z", "updated_at": "2025-03-01T00:00:00.000Z",
        ])
    }

    @Test("each committed write is one commit; a refused write, a rolled-back batch and a thrown transaction are none")
    func oneCommitPerWrite() throws {
        let recorder = Recorder()
        let store = RecordStore(
            contract: DemoFiles.contract, fixtures: DemoFiles.fixtures, configuration: Self.configuration,
            commitLog: recorder)
        _ = try store.create("task", scope: DemoStore.p1Scope, body: Self.task(DemoID.new1))
        #expect(recorder.count == 1)
        #expect(throws: StoreError.self) { try store.update("user", id: "missing", patch: ["display_name": "x"]) }
        #expect(recorder.count == 1)
        let failed = store.apply(
            [.update("user", id: DemoID.u1, patch: ["display_name": "a"]),
             .update("user", id: "missing", patch: ["display_name": "b"])], mode: .atomic)
        #expect(failed.failure != nil)
        #expect(recorder.count == 1)
        _ = store.apply(
            [.update("user", id: DemoID.u1, patch: ["display_name": "a"]),
             .update("user", id: DemoID.u2, patch: ["display_name": "b"])], mode: .atomic)
        #expect(recorder.count == 2)
        try store.transaction { () throws(StoreError) in
            _ = try store.update("user", id: DemoID.u1, patch: ["display_name": "c"])
            _ = try store.update("user", id: DemoID.u3, patch: ["display_name": "d"])
        }
        #expect(recorder.count == 3)
        #expect(throws: StoreError.self) {
            try store.transaction { () throws(StoreError) in
                _ = try store.update("user", id: DemoID.u1, patch: ["display_name": "e"])
                throw StoreError(.conflict, "no")
            }
        }
        #expect(recorder.count == 3)
        store.snapshot(named: "s")
        store.restore(named: "s")
        store.reset()
        #expect(recorder.count == 6)
    }

    @Test("the base image plus the commits rebuild the store exactly: rows, order, hard deletes, runtime resources, counters")
    func replayEqualsStore() throws {
        let recorder = Recorder()
        let store = RecordStore(
            contract: DemoFiles.contract, fixtures: DemoFiles.fixtures, configuration: Self.configuration,
            commitLog: recorder)
        let base = StoreImage(payload: store.baseImage.payload)
        store.define(RecordStoreSchemaTests.notes())
        _ = try store.create("note", body: ["id": "n1", "text": "one"])
        _ = try store.create("note", body: ["text": "generated id"])
        _ = try store.create("note", body: ["id": "n3", "text": "three"])
        try store.delete("note", id: "n1")
        _ = try store.create("note", body: ["id": "n1", "text": "again"])
        _ = try store.create("task", scope: DemoStore.p1Scope, body: Self.task(DemoID.new1))
        try store.delete("task", id: DemoID.new1, scope: DemoStore.p1Scope)
        store.snapshot(named: "kept")
        try store.transaction { () throws(StoreError) in
            store.define(RecordStoreSchemaTests.notes(extraField: true))
            _ = try store.update("note", id: "n3", patch: ["pinned": true])
        }
        let recovered = try RecordStore(
            contract: DemoFiles.contract, configuration: Self.configuration,
            recovering: StoreRecovery(base: base, latest: nil, commits: recorder.commits.withLock { $0 }))
        #expect(recovered.resources == store.resources)
        for resource in store.resources { #expect(recovered.dump(resource.name) == store.dump(resource.name)) }
        #expect(recovered.currentVersion == store.currentVersion)
        #expect(recovered.clockMilliseconds == store.clockMilliseconds)
        #expect(recovered.snapshotNames == ["kept"])
        let next = try store.create("note", body: ["text": "next"])
        let recoveredNext = try recovered.create("note", body: ["text": "next"])
        #expect(next == recoveredNext)
        let fromImage = try RecordStore(
            contract: DemoFiles.contract, configuration: Self.configuration,
            recovering: StoreRecovery(base: base, latest: StoreImage(payload: store.image().payload), commits: []))
        for resource in store.resources { #expect(fromImage.dump(resource.name) == store.dump(resource.name)) }
        #expect(fromImage.restore(named: "kept"))
    }
}
