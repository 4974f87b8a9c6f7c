import Testing
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyTestSupport

/// Tombstone retention on the system clock: the fixtures' history ends when the store starts,
/// so fixtures dated long ago do not expire a client's second incremental sync.
@Suite struct RecordStoreRetentionTests {
    /// The demo store on real time (its fixtures are dated January 2025, retention 30 days).
    static func systemClockStore() -> RecordStore {
        RecordStore(
            contract: DemoFiles.contract, fixtures: DemoFiles.fixtures,
            configuration: StoreConfiguration(clock: .system))
    }

    @Test("a cursor from the fixtures' time is answered on the system clock, however old the fixtures are")
    func fixtureTimeCursor() throws {
        let store = Self.systemClockStore()
        let feed = try store.list("task", scope: DemoStore.p1Scope, since: .updatedAfter("2025-01-01T10:00:00.000Z"))
        #expect(feed.cursor != nil)
        let written = try store.update(
            "task", id: DemoID.t2, scope: DemoStore.p1Scope, patch: ["title": "Rotate keys now"])
        let second = try store.list("task", scope: DemoStore.p1Scope, since: .updatedAfter(try #require(feed.cursor)))
        #expect(second.records.map { $0["id"] } == [.string(DemoID.t2)])
        #expect(second.records.first?["updated_at"] == written["updated_at"])
    }

    @Test("a cursor older than retention before the newest fixture is expired, on the system clock too")
    func olderThanFixtureHistory() {
        let store = Self.systemClockStore()
        #expect(throws: StoreError(.cursorExpired, "the cursor is older than tombstone retention; resync fully")) {
            try store.list("task", scope: DemoStore.p1Scope, since: .updatedAfter("2024-11-01T00:00:00.000Z"))
        }
    }

    @Test("on a fixed clock the horizon is the store clock minus retention, exactly")
    func fixedClock() throws {
        let store = DemoStore.make()
        let horizon = store.clockMilliseconds - 30 * 24 * 3_600_000
        let atHorizon = TimestampText.format(horizon)
        #expect(throws: Never.self) {
            try store.list("task", scope: DemoStore.p1Scope, since: .updatedAfter(atHorizon))
        }
        #expect(throws: StoreError.self) {
            try store.list("task", scope: DemoStore.p1Scope, since: .updatedAfter(TimestampText.format(horizon - 1)))
        }
    }

    @Test("reset returns the start-up state, keeps snapshots, and later writes do not leak into it")
    func resetIsTheStartupSnapshot() throws {
        let store = DemoStore.make()
        let fresh = store.dumpText()
        _ = try store.create("task", scope: DemoStore.p1Scope, body: .object(taskBody()))
        store.snapshot(named: "one-more")
        store.reset()
        #expect(store.dumpText() == fresh)
        _ = try store.update("task", id: DemoID.t1, scope: DemoStore.p1Scope, patch: ["title": "changed"])
        store.reset()
        #expect(store.dumpText() == fresh)
        #expect(store.restore(named: "one-more"))
        #expect(store.dumpText() != fresh)
    }
}
