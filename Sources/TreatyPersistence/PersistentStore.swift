internal import Dispatch
internal import Foundation
public import Logging
internal import Synchronization
public import TreatyCore
public import TreatyDialect
import TreatyJSON

/// A ``TreatyDialect/RecordStore`` kept in a directory: created from the fixtures on first use,
/// every committed write logged and synced before it is acknowledged, the log compacted into a
/// snapshot from time to time, and the state read back exactly on the next start — also after
/// a crash.
///
/// ```swift
/// let persisted = try PersistentStore.open(
///     directory: "State/demo", contract: contract, fixtures: fixtures, logger: logger)
/// let simulator = Simulator(dialect: dialect, store: persisted.store, configuration: configuration)
/// ```
///
/// The simulator waits for ``TreatyDialect/StoreCommitLog/whenDurable(_:)`` before it answers,
/// so every answer it sends describes state that is on disk.
public final class PersistentStore: Sendable {
    /// The store, recovered and logging.
    public let store: RecordStore
    /// What opening found.
    public let report: RecoveryReport
    private let layout: PersistenceLayout
    private let header: PersistenceHeader
    private let log: GroupCommitLog
    private let logger: Logger
    private let compaction: Compaction
    private let lock: DirectoryLock

    /// Opens (or creates) the persisted state in `directory`.
    ///
    /// - Parameters:
    ///   - directory: The directory; created with the fixtures when it does not exist or is empty.
    ///   - contract: The contract served; it must match the one the directory was created for
    ///     (see ``TreatyDialect/RecordShape/incompatibilities(stored:current:)``).
    ///   - fixtures: The records a new directory starts from. An existing directory keeps the
    ///     fixtures it was created from (``TreatyDialect/RecordStore/reset()`` returns to them).
    ///   - configuration: Clock, seed and tombstone retention.
    ///   - compactionBytes: The log size after which it is compacted into a snapshot.
    ///   - logger: Where compaction and failures are reported.
    ///   - failed: Called once if the log can no longer be written (the disk is full): writes are
    ///     no longer acknowledged from then on.
    /// - Throws: ``PersistenceError`` when the directory cannot be created or written, holds
    ///   something else, was written for another contract, or is damaged; nothing in it is
    ///   changed then.
    public static func open(
        directory: String,
        contract: Contract,
        fixtures: FixtureSet,
        configuration: StoreConfiguration = StoreConfiguration(),
        compactionBytes: Int = 64 << 20,
        logger: Logger,
        failed: @escaping @Sendable (PersistenceError) -> Void = { _ in }
    ) throws(PersistenceError) -> PersistentStore {
        let started = ContinuousClock.now
        let layout = PersistenceLayout(directory: directory)
        let header = PersistenceHeader(
            kind: .base, generation: 0, dialect: contract.dialect.rawValue, api: contract.api,
            shapes: contract.resources.map(RecordShape.init))
        let exists = FileManager.default.fileExists(atPath: layout.base)
        if !exists {
            guard layout.isEmpty else { throw .notPersistenceDirectory(directory) }
            try create(layout.directory)
        }
        let lock = try DirectoryLock(directory)
        let compaction = Compaction()
        let log = GroupCommitLog(
            logger: logger,
            flushed: { size in if size > compactionBytes { compaction.request() } },
            failed: failed)
        let store: RecordStore
        var report: RecoveryReport
        var resumed: Int64?
        do throws(PersistenceError) {
            if exists {
                let recovered = try Recovery(layout: layout, header: header).recover()
                do {
                    store = try RecordStore(
                        contract: contract, configuration: configuration, recovering: recovered.recovery, commitLog: log)
                } catch {
                    throw .damaged(layout.base, "the stored state does not read back: \(error)")
                }
                report = RecoveryReport(
                    created: false, replayedCommits: recovered.recovery.commits.count, dropped: recovered.dropped,
                    generation: 0, seconds: 0)
                resumed = try resume(recovered, layout: layout, log: log, compactionBytes: compactionBytes)
            } else {
                store = RecordStore(contract: contract, fixtures: fixtures, configuration: configuration, commitLog: log)
                let base = [header.json.serializedBytes(), store.baseImage.payload.serializedBytes()]
                try DurableFile.replace(layout.base, with: base.flatMap(LogFrame.encode))
                report = RecoveryReport(created: true, replayedCommits: 0, dropped: nil, generation: 0, seconds: 0)
            }
        } catch {
            log.close()
            lock.release()
            throw error
        }
        do throws(PersistenceError) {
            if let resumed {
                report.generation = resumed
            } else {
                report.generation = try compact(store: store, log: log, layout: layout, header: header, logger: logger)
            }
        } catch {
            log.close()
            lock.release()
            throw error
        }
        let elapsed = ContinuousClock.now - started
        report.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let persisted = PersistentStore(
            store: store, report: report, layout: layout, header: header, log: log, logger: logger,
            compaction: compaction, lock: lock)
        compaction.attach { [weak persisted] in persisted?.compactLogging() }
        return persisted
    }

    private init(
        store: RecordStore, report: RecoveryReport, layout: PersistenceLayout, header: PersistenceHeader,
        log: GroupCommitLog, logger: Logger, compaction: Compaction, lock: DirectoryLock
    ) {
        self.lock = lock
        self.store = store
        self.report = report
        self.layout = layout
        self.header = header
        self.log = log
        self.logger = logger
        self.compaction = compaction
    }

    /// Writes what is pending, waits for a compaction under way, stops the log's thread and
    /// releases the directory; the store must not be written after.
    public func close() {
        compaction.finish()
        log.close()
        lock.release()
    }

    /// Goes on appending to the newest log after a restart when that is safe and it is still
    /// small: its damaged tail (if any) cut off first, so new records follow the last good one.
    /// - Returns: The log's generation, or `nil` when a compaction should start a new one.
    private static func resume(
        _ recovered: Recovery.Result, layout: PersistenceLayout, log: GroupCommitLog, compactionBytes: Int
    ) throws(PersistenceError) -> Int64? {
        guard let tail = recovered.tail, recovered.dropped?.laterFiles.isEmpty ?? true, tail.validEnd < compactionBytes,
            let generation = try layout.generations().logs.last, layout.log(generation) == tail.path
        else { return nil }
        if recovered.dropped != nil { try DurableFile.truncate(tail.path, to: tail.validEnd) }
        try log.resume(appendingTo: tail.path)
        return generation
    }

    /// Compacts in the background, reporting a failure to the log (the log then keeps growing).
    private func compactLogging() {
        do throws(PersistenceError) {
            try Self.compact(store: store, log: log, layout: layout, header: header, logger: logger)
        } catch {
            logger.error("compaction failed; the log keeps growing", metadata: ["error": "\(error)"])
        }
    }

    /// Starts a new log at the next generation between two commits, writes the state at that
    /// point as its snapshot, and removes the older files.
    ///
    /// - Returns: The new generation.
    @discardableResult
    private static func compact(
        store: RecordStore, log: GroupCommitLog, layout: PersistenceLayout, header: PersistenceHeader, logger: Logger
    ) throws(PersistenceError) -> Int64 {
        let (snapshots, logs) = try layout.generations()
        let generation = (snapshots + logs).max().map { $0 + 1 } ?? 1
        let logHeader = header.with(kind: .log, generation: generation).json.serializedBytes()
        var rotation: PersistenceError?
        let image = store.checkpoint {
            do throws(PersistenceError) {
                try log.rotate(to: layout.log(generation), header: logHeader)
            } catch {
                rotation = error
            }
        }
        if let rotation { throw rotation }
        let snapshotHeader = header.with(kind: .snapshot, generation: generation).json.serializedBytes()
        let frames = [snapshotHeader, image.payload.serializedBytes()].flatMap(LogFrame.encode)
        try DurableFile.replace(layout.snapshot(generation), with: frames)
        try layout.removeFiles(before: generation)
        logger.debug("compacted the log", metadata: ["generation": "\(generation)"])
        return generation
    }

    private static func create(_ directory: String) throws(PersistenceError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
            throw .io(directory, "create the directory", errno: underlying.map { Int32($0.code) } ?? EACCES)
        }
        guard access(directory, W_OK) == 0 else { throw .io(directory, "write to the directory", errno: errno) }
    }
}

extension PersistentStore {
    /// Whether `directory` holds persisted state, so that ``open(directory:contract:fixtures:configuration:compactionBytes:logger:failed:)``
    /// reads it back (and ignores the fixtures it is given) rather than creating it.
    ///
    /// - Parameter directory: A `--persist` directory.
    /// - Returns: `true` when it has a base file.
    public static func holdsState(in directory: String) -> Bool {
        FileManager.default.fileExists(atPath: PersistenceLayout(directory: directory).base)
    }

    /// The state persisted in `directory`, read back into a store that logs nothing, without
    /// changing a file (for `treaty export fixtures`; a server may be running on it).
    ///
    /// - Parameters:
    ///   - directory: A directory `open` created.
    ///   - contract: The contract it was created for.
    ///   - configuration: Clock, seed and tombstone retention.
    /// - Returns: The store and what was left out of a damaged log tail, if anything.
    /// - Throws: ``PersistenceError`` as ``open(directory:contract:fixtures:configuration:compactionBytes:logger:failed:)``.
    public static func read(directory: String, contract: Contract, configuration: StoreConfiguration = StoreConfiguration())
        throws(PersistenceError) -> (store: RecordStore, dropped: RecoveryReport.DroppedTail?)
    {
        let layout = PersistenceLayout(directory: directory)
        guard FileManager.default.fileExists(atPath: layout.base) else { throw .notPersistenceDirectory(directory) }
        let header = PersistenceHeader(
            kind: .base, generation: 0, dialect: contract.dialect.rawValue, api: contract.api,
            shapes: contract.resources.map(RecordShape.init))
        let recovered = try Recovery(layout: layout, header: header).recover()
        do {
            let store = try RecordStore(contract: contract, configuration: configuration, recovering: recovered.recovery)
            return (store, recovered.dropped)
        } catch {
            throw .damaged(layout.base, "the stored state does not read back: \(error)")
        }
    }
}
