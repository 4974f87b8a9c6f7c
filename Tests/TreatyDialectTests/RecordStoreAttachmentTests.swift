import Synchronization
import Testing
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyTestSupport

/// Attachments: a dialect's non-record state kept in the store, committed, rolled back,
/// snapshotted, reset and recovered exactly like records.
@Suite struct RecordStoreAttachmentTests {
    typealias Recorder = RecordStoreDurabilityTests.Recorder

    static func store(_ recorder: Recorder? = nil) -> RecordStore {
        RecordStore(
            contract: DemoFiles.contract, fixtures: DemoFiles.fixtures,
            configuration: RecordStoreDurabilityTests.configuration, commitLog: recorder)
    }

    @Test("an attachment is one commit alone, and part of the transaction's one commit inside one; a thrown transaction keeps none")
    func commits() throws {
        let recorder = Recorder()
        let store = Self.store(recorder)
        let first = store.attach(["a": 1], as: "x/settings")
        #expect(recorder.count == 1)
        #expect(store.attachment("x/settings")?.value == ["a": 1])
        #expect(store.attachment("x/settings")?.revision == first)
        try store.transaction { () throws(StoreError) in
            _ = try store.update("user", id: DemoID.u1, patch: ["display_name": "c"])
            store.attach("secret", as: "x/secret")
        }
        #expect(recorder.count == 2)
        #expect(throws: StoreError.self) {
            try store.transaction { () throws(StoreError) in
                store.attach(["a": 2], as: "x/settings")
                store.attach(nil, as: "x/secret")
                throw StoreError(.conflict, "no")
            }
        }
        #expect(recorder.count == 2)
        #expect(store.attachment("x/settings")?.value == ["a": 1])
        #expect(store.attachment("x/settings")?.revision == first)
        #expect(store.attachment("x/secret")?.value == "secret")
        #expect(store.attachments(prefixed: "x/").keys.sorted() == ["x/secret", "x/settings"])
    }

    @Test("random draws never repeat: a rolled-back transaction, a restore and a reset leave the generator where it is")
    func drawsNeverGoBack() {
        let store = Self.store()
        store.snapshot(named: "s")
        var seen: Set<UInt64> = []
        #expect(throws: StoreError.self) {
            try store.transaction { () throws(StoreError) in
                seen.insert(store.random { $0.next() })
                throw StoreError(.conflict, "no")
            }
        }
        seen.insert(store.random { $0.next() })
        store.restore(named: "s")
        seen.insert(store.random { $0.next() })
        store.reset()
        seen.insert(store.random { $0.next() })
        #expect(seen.count == 4)
    }

    @Test("records attachments follow snapshots, restores and resets; standing ones stay as they are")
    func areas() {
        let store = Self.store()
        store.attach("kept", as: "x/data")
        store.attach("open", as: "x/session", in: .standing)
        store.snapshot(named: "s")
        store.attach("changed", as: "x/data")
        store.attach("later", as: "x/late", in: .standing)
        store.restore(named: "s")
        #expect(store.attachment("x/data")?.value == "kept")
        #expect(store.attachment("x/late", in: .standing)?.value == "later")
        store.reset()
        #expect(store.attachment("x/data") == nil)
        #expect(store.attachment("x/session", in: .standing)?.value == "open")
        #expect(store.attachments(prefixed: "", in: .standing).count == 2)
    }

    @Test("an image plus the commits rebuild the attachments of both areas, snapshots' included, and the generator's position")
    func recovery() throws {
        let recorder = Recorder()
        let store = Self.store(recorder)
        let base = StoreImage(payload: store.baseImage.payload)
        store.attach(["file": "AAEC"], as: "x/file/1")
        store.snapshot(named: "s")
        let image = StoreImage(payload: store.image().payload)
        let skipped = recorder.count
        store.attach(nil, as: "x/file/1")
        store.attach(["token": "t"], as: "x/session/t", in: .standing)
        _ = store.random { $0.next() }
        _ = try store.update("user", id: DemoID.u1, patch: ["display_name": "after"])
        let commits = recorder.commits.withLock { Array($0[skipped...]) }
        let recovered = try RecordStore(
            contract: DemoFiles.contract, configuration: RecordStoreDurabilityTests.configuration,
            recovering: StoreRecovery(base: base, latest: image, commits: commits))
        #expect(recovered.attachment("x/file/1") == nil)
        #expect(recovered.attachment("x/session/t", in: .standing)?.value == ["token": "t"])
        #expect(recovered.random { $0.next() } == store.random { $0.next() })
        recovered.restore(named: "s")
        #expect(recovered.attachment("x/file/1")?.value == ["file": "AAEC"])
        #expect(recovered.attachment("x/session/t", in: .standing) != nil)
        recovered.reset()
        #expect(recovered.attachments(prefixed: "x/").isEmpty)
    }
}
