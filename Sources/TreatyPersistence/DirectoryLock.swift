internal import Foundation
import Synchronization

/// An exclusive lock on a persistence directory (`flock` on the directory itself), so two
/// servers never write one directory; the system releases it when the process ends, also on
/// SIGKILL.
final class DirectoryLock: Sendable {
    private let descriptor = Atomic<Int32>(-1)

    /// Takes the lock on `directory`, or throws when another process holds it.
    init(_ directory: String) throws(PersistenceError) {
        let opened = open(directory, O_RDONLY | O_CLOEXEC)
        guard opened >= 0 else { throw .io(directory, "open the directory", errno: errno) }
        guard flock(opened, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(opened)
            throw code == EWOULDBLOCK ? .busy(directory) : .io(directory, "lock the directory", errno: code)
        }
        descriptor.store(opened, ordering: .relaxed)
    }

    /// Releases the lock (once).
    func release() {
        let held = descriptor.exchange(-1, ordering: .relaxed)
        if held >= 0 { close(held) }
    }

    deinit {
        release()
    }
}
