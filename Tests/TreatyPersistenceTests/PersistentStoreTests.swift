import Foundation
import Logging
import Testing
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyTestSupport

@testable import TreatyPersistence

/// Opening, writing, and reading back a persistence directory: exact recovery, a cut or damaged
/// log, damaged snapshots, and contracts that do not match.
@Suite struct PersistentStoreTests {
    static let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    /// A fresh directory path under the temporary directory (not yet created).
    static func directory() -> String {
        NSTemporaryDirectory() + "treaty-persist-\(UUID().uuidString)"
    }

    static func open(_ directory: String, contract: Contract = DemoFiles.contract, compactionBytes: Int = 64 << 20)
        throws -> PersistentStore
    {
        try PersistentStore.open(
            directory: directory, contract: contract, fixtures: DemoFiles.fixtures, compactionBytes: compactionBytes,
            logger: logger)
    }

    /// Everything a client can observe of the store: every record with tombstones in insertion
    /// order, the version counter, the clock, the snapshots, and a change feed.
    struct Observed: Equatable {
        var tables: [String: [JSONObject]]
        var version: Int64
        var clock: Int64
        var snapshots: [String]
        var feed: [JSONObject]
        var cursor: String?

        init(_ store: RecordStore) throws {
            var tables: [String: [JSONObject]] = [:]
            for resource in store.resources { tables[resource.name] = store.dump(resource.name) }
            self.tables = tables
            version = store.currentVersion
            clock = store.clockMilliseconds
            snapshots = store.snapshotNames
            let list = try store.list(
                "task", scope: Scope(parent: "project", key: "project_id", id: DemoID.p1), since: .sinceVersion("0"))
            feed = list.records
            cursor = list.cursor
        }
    }

    static func task(_ id: String, title: String, position: Int = 1) -> JSONValue {
        .object([
            "id": .string(id), "title": .string(title), "state": "todo", "author_id": .string(DemoID.u1),
            "position": .number(JSONNumber(position)), "created_at": "2025-03-01T00:00:00.000Z",
            "updated_at": "2025-03-01T00:00:00.000Z",
        ])
    }

    static let scope = Scope(parent: "project", key: "project_id", id: DemoID.p1)

    /// Writes of every kind: single writes, a delete (tombstone), an atomic batch that commits
    /// and one that rolls back, a transaction, a snapshot and a restore.
    static func writeEverything(_ store: RecordStore) throws {
        _ = try store.create("task", scope: scope, body: task(DemoID.new1, title: "one"))
        _ = try store.update("task", id: DemoID.new1, scope: scope, patch: ["title": "one, renamed"])
        try store.delete("task", id: DemoID.t1, scope: scope)
        store.snapshot(named: "before-batch")
        let batch = store.apply(
            [.create("task", scope: scope, body: task(DemoID.new2, title: "two")),
             .update("task", id: DemoID.new1, scope: scope, patch: ["state": "done"])],
            mode: .atomic)
        #expect(batch.failure == nil)
        let failed = store.apply(
            [.update("task", id: DemoID.new2, scope: scope, patch: ["title": "never"]),
             .update("task", id: "missing", scope: scope, patch: ["title": "x"])],
            mode: .atomic)
        #expect(failed.failure != nil)
        try store.transaction { () throws(StoreError) in
            _ = try store.update("task", id: DemoID.new2, scope: scope, patch: ["position": 5])
            _ = try store.update("user", id: DemoID.u2, patch: ["display_name": "Renamed"])
        }
        #expect(throws: StoreError.self) {
            try store.transaction { () throws(StoreError) in
                _ = try store.update("user", id: DemoID.u3, patch: ["display_name": "Rolled back"])
                throw StoreError(.conflict, "no")
            }
        }
        store.snapshot(named: "after")
        store.restore(named: "before-batch")
        store.restore(named: "after")
    }

    @Test("a reopened directory holds exactly what was committed: records, tombstones, versions, clock, snapshots, change feed")
    func exactRecovery() throws {
        let directory = Self.directory()
        let first = try Self.open(directory)
        #expect(first.report.created)
        try Self.writeEverything(first.store)
        let before = try Observed(first.store)
        first.close()
        let second = try Self.open(directory)
        defer { second.close() }
        #expect(!second.report.created)
        #expect(second.report.dropped == nil)
        #expect(try Observed(second.store) == before)
        #expect(try second.store.get("user", id: DemoID.u3)["display_name"] != "Rolled back")
    }

    @Test("an incremental-sync cursor taken before a restart continues after it")
    func cursorContinues() throws {
        let directory = Self.directory()
        let first = try Self.open(directory)
        _ = try first.store.create("task", scope: Self.scope, body: Self.task(DemoID.new1, title: "one"))
        let cursor = try #require(try first.store.list("task", scope: Self.scope, since: .sinceVersion("0")).cursor)
        first.close()
        let second = try Self.open(directory)
        defer { second.close() }
        #expect(try second.store.list("task", scope: Self.scope, since: .sinceVersion(cursor)).records.isEmpty)
        _ = try second.store.create("task", scope: Self.scope, body: Self.task(DemoID.new2, title: "two"))
        let next = try second.store.list("task", scope: Self.scope, since: .sinceVersion(cursor))
        #expect(next.records.map { $0["id"] } == [.string(DemoID.new2)])
        #expect(next.cursor.flatMap(Int64.init) == Int64(cursor).map { $0 + 1 })
    }

    @Test("compaction from time to time keeps the state, and a reset returns to the directory's fixtures")
    func compactionAndReset() throws {
        let directory = Self.directory()
        let first = try Self.open(directory, compactionBytes: 2_000)
        for index in 0..<200 {
            _ = try first.store.update("user", id: DemoID.u1, patch: ["display_name": .string("Name \(index)")])
        }
        let before = try Observed(first.store)
        first.close()
        let second = try Self.open(directory)
        #expect(try Observed(second.store) == before)
        second.store.reset()
        let reset = try Observed(second.store)
        second.close()
        let third = try Self.open(directory)
        defer { third.close() }
        #expect(try Observed(third.store) == reset)
        #expect(try third.store.get("user", id: DemoID.u1)["display_name"] == DemoFiles.fixtures.records["user"]?[0]["display_name"])
    }

    @Test("a log cut short or damaged in its last record loses only that record, and says what it dropped",
          arguments: [false, true])
    func damagedTail(flipping: Bool) throws {
        let directory = Self.directory()
        let first = try Self.open(directory)
        _ = try first.store.create("task", scope: Self.scope, body: Self.task(DemoID.new1, title: "kept"))
        let kept = try Observed(first.store)
        _ = try first.store.create("task", scope: Self.scope, body: Self.task(DemoID.new2, title: "lost"))
        first.close()
        let log = try #require(try PersistenceLayout(directory: directory).generations().logs.last)
        let path = PersistenceLayout(directory: directory).log(log)
        var bytes = try DurableFile.read(path)
        let size = bytes.count
        if flipping { bytes[bytes.count - 5] ^= 0x01 } else { bytes.removeLast(7) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let second = try Self.open(directory)
        let dropped = try #require(second.report.dropped)
        #expect(dropped.file == path)
        #expect(dropped.torn == !flipping)
        #expect(dropped.bytes.upperBound == (flipping ? size : size - 7))
        #expect(second.report.lines.count == 2)
        #expect(try Observed(second.store) == kept)
        _ = try second.store.create("task", scope: Self.scope, body: Self.task(DemoID.new2, title: "after the cut"))
        let after = try Observed(second.store)
        second.close()
        let third = try Self.open(directory)
        defer { third.close() }
        #expect(third.report.dropped == nil)
        #expect(try Observed(third.store) == after)
    }

    @Test("a damaged snapshot or base file is refused and nothing in the directory changes",
          arguments: ["snapshot", "base"])
    func damagedSnapshot(file: String) throws {
        let directory = Self.directory()
        let first = try Self.open(directory)
        _ = try first.store.create("task", scope: Self.scope, body: Self.task(DemoID.new1, title: "one"))
        first.close()
        let layout = PersistenceLayout(directory: directory)
        let generation = try #require(try layout.generations().snapshots.last)
        let path = file == "base" ? layout.base : layout.snapshot(generation)
        var bytes = try DurableFile.read(path)
        bytes[bytes.count / 2] ^= 0x40
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let listing = try Self.listing(directory)
        let error = try #require(throws: PersistenceError.self) { try Self.open(directory) }
        #expect(error.file == path)
        #expect("\(error)".contains("fails its checksum"))
        #expect(try Self.listing(directory) == listing)
    }

    @Test("a directory written for another contract, or a contract changed incompatibly, is refused unchanged")
    func foreignContract() throws {
        let directory = Self.directory()
        try Self.open(directory).close()
        let listing = try Self.listing(directory)
        var renamed = DemoFiles.contract
        renamed.api = "other"
        let other = try #require(throws: PersistenceError.self) { try Self.open(directory, contract: renamed) }
        #expect("\(other)".contains("api: written for 'demo', the contract served is 'other'"))
        var changed = DemoFiles.contract
        let index = try #require(changed.resources.firstIndex { $0.name == "task" })
        changed.resources[index].fields.removeAll { $0.name == "description" }
        let incompatible = try #require(throws: PersistenceError.self) { try Self.open(directory, contract: changed) }
        #expect(incompatible.file.hasSuffix("base.treaty"))
        #expect("\(incompatible)".contains("resource 'task' no longer has 'description: string'"))
        #expect("\(incompatible)".contains("nothing was changed"))
        #expect(try Self.listing(directory) == listing)
        var compatible = DemoFiles.contract
        compatible.endpoints = []
        try Self.open(directory, contract: compatible).close()
    }

    @Test("a non-empty directory without Treaty state is refused")
    func strangeDirectory() throws {
        let directory = Self.directory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: directory + "/notes.txt"))
        let error = try #require(throws: PersistenceError.self) { try Self.open(directory) }
        #expect("\(error)".contains("holds no Treaty state"))
        #expect(try Self.listing(directory) == ["notes.txt": Array("keep me".utf8)])
    }

    @Test("a directory in use by another server is refused until that one closes")
    func busyDirectory() throws {
        let directory = Self.directory()
        let first = try Self.open(directory)
        let error = try #require(throws: PersistenceError.self) { try Self.open(directory) }
        #expect("\(error)".contains("another process"))
        first.close()
        try Self.open(directory).close()
    }

    @Test("an answer waits for durability: whenDurable runs after the write is synced")
    func durableBeforeAnswer() async throws {
        let directory = Self.directory()
        let persisted = try Self.open(directory)
        defer { persisted.close() }
        _ = try persisted.store.create("task", scope: Self.scope, body: Self.task(DemoID.new1, title: "one"))
        let log = try #require(persisted.store.commitLog)
        await withCheckedContinuation { continuation in log.whenDurable { continuation.resume() } }
        let layout = PersistenceLayout(directory: directory)
        let generation = try #require(try layout.generations().logs.last)
        let scan = LogFrame.decode(try DurableFile.read(layout.log(generation)))
        #expect(scan.payloads.count == 2)
    }

    /// Every file of `directory` with its bytes.
    static func listing(_ directory: String) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
            files[name] = try DurableFile.read(directory + "/" + name)
        }
        return files
    }
}
