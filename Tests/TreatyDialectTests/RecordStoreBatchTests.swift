import Foundation
import Synchronization
import Testing
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyTestSupport

@Suite struct RecordStoreBatchTests {
    let store = DemoStore.make()

    /// Five writes that succeed, each depending on the one before where it can.
    var goodOperations: [StoreOperation] {
        [
            .create("project", body: projectBody()),
            .create("task", body: .object(taskBody(project: DemoID.newProject))),
            .update("task", id: DemoID.t1, patch: ["title": "Renamed"]),
            .replace(
                "task", id: DemoID.t3,
                record: ["title": "Whole", "state": "done", "author_id": .string(DemoID.u1), "position": 1]),
            .delete("task", id: DemoID.t2),
        ]
    }

    @Test("an atomic batch applies in order, each write with its own version and timestamp")
    func atomicCommit() throws {
        let result = store.apply(goodOperations, mode: .atomic)
        #expect(result.isCommitted && result.failure == nil)
        #expect(result.outcomes.allSatisfy { $0.isApplied })
        let records = result.outcomes.compactMap(\.record)
        #expect(records.map { $0["version"] } == [14, 15, 16, 17, 18])
        #expect(
            records.dropFirst(2).map { $0["updated_at"] } == [
                "2025-01-01T10:00:00.003Z", "2025-01-01T10:00:00.004Z", "2025-01-01T10:00:00.005Z",
            ])
        #expect(records[1]["project_id"] == .string(DemoID.newProject))
        #expect(records[3]["watcher_ids"] == [] && records[3]["tag_ids"] == [] && records[3]["assignee_id"] == .null)
        #expect(records[4]["deleted_at"] == "2025-01-01T10:00:00.005Z")
        #expect(store.currentVersion == 18)
        #expect(try store.get("task", id: DemoID.new1)["title"] == "Write tests")
    }

    @Test("a failing atomic batch leaves the store byte-identical, counters and clock included")
    func atomicRollback() throws {
        store.snapshot(named: "unrelated")
        let before = store.dumpText()
        let (version, clock) = (store.currentVersion, store.clockMilliseconds)
        let result = store.apply(
            goodOperations + [.update("task", id: DemoID.t4, patch: ["title": nil]), .delete("task", id: DemoID.t4)],
            mode: .atomic)
        #expect(!result.isCommitted)
        let failure = try #require(result.failure)
        #expect(failure.index == 5)
        #expect(failure.error.code == .invalidValue && failure.error.field == "title")
        #expect(result.outcomes == Array(repeating: .rolledBack, count: 5) + [.failed(failure.error), .skipped])
        #expect(store.dumpText() == before)
        #expect(store.currentVersion == version && store.clockMilliseconds == clock)
        #expect(throws: StoreError.self) { try store.get("project", id: DemoID.newProject) }
        #expect(try store.get("task", id: DemoID.t2)["deleted_at"] == .null)
        #expect(try store.list("task", since: .sinceVersion("13")).records.isEmpty)
        let next = try store.update("task", id: DemoID.t1, patch: ["title": "After"])
        #expect(next["version"] == 14 && next["updated_at"] == "2025-01-01T10:00:00.001Z")
    }

    @Test("a rolled-back batch does not move the id generator")
    func rollbackRestoresIDs() throws {
        let contract = try #require(
            ContractLoader(vocabulary: .treatyDialects).load(
                text: """
                    api: notes
                    dialect: rest-sync
                    defaults: { create: server, identity: { key: id, type: uuid } }
                    resources:
                      note:
                        fields:
                          title: { type: string, required: true }
                    """, file: "notes.yaml"
            ).contract)
        func fresh() -> RecordStore {
            RecordStore(
                contract: contract, configuration: StoreConfiguration(clock: .fixed(startMilliseconds: 0), seed: 3))
        }
        let untouched = fresh()
        let rolledBack = fresh()
        let failed = rolledBack.apply(
            [.create("note", body: ["title": "a"]), .create("note", body: ["title": "b"]), .create("note", body: [:])],
            mode: .atomic)
        #expect(failed.failure?.index == 2 && failed.failure?.error.code == .missingField)
        #expect(rolledBack.dump("note") == [])
        let expected = try untouched.create("note", body: ["title": "c"])
        #expect(try rolledBack.create("note", body: ["title": "c"]) == expected)
    }

    @Test("an independent batch applies what it can and reports each failure")
    func independentPartialSuccess() throws {
        let result = store.apply(
            [
                .update("task", id: DemoID.t1, patch: ["title": "One"]),
                .update("task", id: DemoID.t2, patch: ["state": "doing"]),
                .delete("task", id: DemoID.t5),
                .create("task", scope: DemoStore.p1Scope, body: .object(taskBody())),
                .update("task", id: DemoID.t3, patch: ["position": 9], expectedVersion: 1),
            ], mode: .independent)
        #expect(result.isCommitted)
        #expect(result.outcomes.map(\.errorCode) == [nil, .invalidValue, .notFound, nil, .conflict])
        #expect(result.outcomes[0].record?["version"] == 14)
        #expect(result.outcomes[3].record?["version"] == 15)
        #expect(try store.get("task", id: DemoID.t1)["title"] == "One")
        #expect(try store.get("task", id: DemoID.t2)["state"] == "todo")
        #expect(try store.get("task", id: DemoID.new1)["version"] == 15)
        #expect(store.currentVersion == 15)
    }

    @Test("update and replace may create what is missing and revive tombstones")
    func creatingIfMissing() throws {
        let result = store.apply(
            [
                .replace(
                    "task", id: DemoID.new2, scope: DemoStore.p1Scope, record: .object(taskBody(id: DemoID.new2)),
                    creatingIfMissing: true),
                .update("task", id: DemoID.t5, patch: ["title": "Back"], creatingIfMissing: true),
                .update("task", id: DemoID.new1, patch: ["title": "x"]),
            ], mode: .independent)
        #expect(result.outcomes[0].record?["created_at"] == "2025-02-01T08:00:00.000Z")
        #expect(result.outcomes[1].record?["deleted_at"] == .null)
        #expect(try store.get("task", id: DemoID.t5)["title"] == "Back")
        #expect(result.outcomes[2].errorCode == .notFound)
    }

    @Test("concurrent atomic batches never interleave and lose no version")
    func concurrentBatches() throws {
        let committed = Mutex<[[Int64]]>([])
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            var operations: [StoreOperation] = [
                .update("task", id: DemoID.t1, patch: ["position": .number(JSONNumber(index))]),
                .update("task", id: DemoID.t2, patch: ["position": .number(JSONNumber(index))]),
            ]
            if index.isMultiple(of: 2) { operations.append(.update("task", id: DemoID.t3, patch: ["state": "nope"])) }
            let result = store.apply(operations, mode: .atomic)
            guard result.isCommitted else { return }
            let versions = result.outcomes.compactMap { $0.record?["version"]?.numberValue?.int64Value }
            committed.withLock { $0.append(versions) }
        }
        let batches = committed.withLock { $0 }
        #expect(batches.count == 100)
        #expect(batches.allSatisfy { $0.count == 2 && $0[1] == $0[0] + 1 })
        #expect(Set(batches.flatMap { $0 }).count == 200)
        #expect(store.currentVersion == 13 + 200)
        #expect(try store.get("task", id: DemoID.t3)["version"] == 11)
        let t1 = try store.get("task", id: DemoID.t1)
        let t2 = try store.get("task", id: DemoID.t2)
        #expect(t1["position"] == t2["position"])
    }
}
