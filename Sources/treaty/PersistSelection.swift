import Foundation
import Logging
import TreatyCore
import TreatyDialect
import TreatyDialectKit
import TreatyPersistence

/// `--persist DIR`: opens the persisted state for `treaty serve` and `treaty export fixtures`.
enum PersistSelection {
    /// Opens `directory` for `backend`, printing what recovery found; exits 2 (naming the file,
    /// what differs and the fix) when the directory is unusable.
    static func open(
        _ directory: String, backend: SimulatedBackend, configuration: StoreConfiguration, compactAfter: Int,
        logger: Logger
    ) throws -> PersistentStore {
        let persisted: PersistentStore
        do {
            persisted = try PersistentStore.open(
                directory: directory, contract: backend.contract, fixtures: backend.fixtures,
                configuration: configuration, compactionBytes: compactAfter, logger: logger,
                failed: { error in
                    Console.standardError.write(
                        "error: \(error)\nerror: stopping: writes can no longer be made durable; every acknowledged write is on disk\n")
                    exit(1)
                })
        } catch {
            Console.standardError.write("\(error)\n")
            throw Status.unusableInput
        }
        for line in persisted.report.lines { Console.standardError.write("treaty: \(line)\n") }
        return persisted
    }

    /// Whether `directory` already holds persisted state (then its own fixtures are used).
    static func holdsState(_ directory: String) -> Bool {
        PersistentStore.holdsState(in: directory)
    }

    /// What the start message says about the records: the directory and how many live ones it
    /// holds, and on first start the fixtures it was created from.
    static func note(_ directory: String, persisted: PersistentStore, fixtures: String) -> String {
        let shown = FixtureSelection.shown(directory)
        guard !persisted.report.created else { return "\(fixtures), persisted in \(shown)" }
        let records = persisted.store.resources.reduce(0) { $0 + ((try? persisted.store.liveRecords(of: $1.name))?.records.count ?? 0) }
        return "persisted state from \(shown) (\(records) live record\(records == 1 ? "" : "s"), tombstones not counted)"
    }
}
