internal import Foundation
import Logging
import TreatyDialect
import TreatyJSON

/// The ``TreatyDialect/StoreCommitLog`` of a persistence directory: commits are framed
/// (``LogFrame``) into a buffer by the writing thread and written and synced by one flusher
/// thread, many commits per sync (group commit); ``whenDurable(_:)`` answers once a sync has
/// covered every commit appended before it.
///
/// `@unchecked Sendable`: every mutable member is read and written only while `condition` is
/// locked, except `file`, which only the holder of `io` touches.
final class GroupCommitLog: StoreCommitLog, @unchecked Sendable {
    private let condition = NSCondition()
    private let io = NSLock()
    private var pending: [UInt8] = []
    private var appended: UInt64 = 0
    private var durable: UInt64 = 0
    private var waiters: [(position: UInt64, done: @Sendable () -> Void)] = []
    private var stopping = false
    private var stopped = false
    private var file: DurableFile?
    private let logger: Logger
    /// Called on the flusher thread after a sync, with the log's size, to start compaction.
    private let flushed: @Sendable (Int) -> Void
    /// Called once when the log can no longer be written; acknowledgements stop.
    private let failed: @Sendable (PersistenceError) -> Void

    init(
        logger: Logger, flushed: @escaping @Sendable (Int) -> Void,
        failed: @escaping @Sendable (PersistenceError) -> Void
    ) {
        self.logger = logger
        self.flushed = flushed
        self.failed = failed
        let thread = Thread { [self] in run() }
        thread.name = "treaty.persist.flusher"
        thread.start()
    }

    func append(_ commit: StoreCommit) {
        let frame = LogFrame.encode(commit.payload.serializedBytes())
        condition.lock()
        pending.append(contentsOf: frame)
        appended += 1
        condition.signal()
        condition.unlock()
    }

    func whenDurable(_ done: @escaping @Sendable () -> Void) {
        condition.lock()
        guard durable < appended else {
            condition.unlock()
            done()
            return
        }
        waiters.append((appended, done))
        condition.unlock()
    }

    /// Finishes the current log (its commits written and synced) and continues in a new file
    /// `path` that starts with `header`. Call it between two commits
    /// (``TreatyDialect/RecordStore/checkpoint(_:)``).
    func rotate(to path: String, header: [UInt8]) throws(PersistenceError) {
        io.lock()
        defer { io.unlock() }
        let (bytes, position) = take()
        if !bytes.isEmpty, let file {
            try file.append(bytes)
            try file.sync()
        }
        file = try DurableFile.create(path, with: LogFrame.encode(header))
        markDurable(through: position)
    }

    /// Goes on appending to the existing log `path` (already cut to its good records).
    func resume(appendingTo path: String) throws(PersistenceError) {
        io.lock()
        defer { io.unlock() }
        file = try DurableFile(appendingTo: path, creating: false)
    }

    /// Writes what is pending, then stops the flusher thread.
    func close() {
        condition.lock()
        stopping = true
        condition.signal()
        while !stopped { condition.wait() }
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while pending.isEmpty && !stopping { condition.wait() }
            let finishing = stopping && pending.isEmpty
            if finishing {
                stopped = true
                condition.broadcast()
            }
            condition.unlock()
            if finishing { return }
            io.lock()
            let (bytes, position) = take()
            var size = 0
            do throws(PersistenceError) {
                if let file, !bytes.isEmpty {
                    try file.append(bytes)
                    try file.sync()
                    size = file.size
                }
                io.unlock()
            } catch {
                io.unlock()
                fail(error)
                return
            }
            markDurable(through: position)
            if size > 0 { flushed(size) }
        }
    }

    private func take() -> (bytes: [UInt8], position: UInt64) {
        condition.lock()
        defer { condition.unlock() }
        var bytes: [UInt8] = []
        swap(&bytes, &pending)
        return (bytes, appended)
    }

    private func markDurable(through position: UInt64) {
        condition.lock()
        durable = max(durable, position)
        let ready = waiters.filter { $0.position <= durable }
        waiters.removeAll { $0.position <= durable }
        condition.unlock()
        for waiter in ready { waiter.done() }
    }

    /// Stops for good: nothing more is acknowledged (the answers wait), since what is acknowledged
    /// must be on disk.
    private func fail(_ error: PersistenceError) {
        logger.critical("the log cannot be written; writes are no longer acknowledged", metadata: ["error": "\(error)"])
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
        failed(error)
    }
}
