/// Why a persistence directory cannot be opened or written; its ``description`` reads like a
/// compiler diagnostic: the file, what is wrong, and the fix.
public struct PersistenceError: Error, Sendable, CustomStringConvertible {
    private enum Reason: Sendable {
        case io(path: String, operation: String, errno: Int32)
        case notPersistenceDirectory(path: String)
        case foreign(file: String, differences: [String])
        case damaged(file: String, detail: String)
        case busy(path: String)
    }

    private let reason: Reason

    static func io(_ path: String, _ operation: String, errno: Int32) -> PersistenceError {
        PersistenceError(reason: .io(path: path, operation: operation, errno: errno))
    }

    static func notPersistenceDirectory(_ path: String) -> PersistenceError {
        PersistenceError(reason: .notPersistenceDirectory(path: path))
    }

    static func foreign(_ file: String, differences: [String]) -> PersistenceError {
        PersistenceError(reason: .foreign(file: file, differences: differences))
    }

    static func damaged(_ file: String, _ detail: String) -> PersistenceError {
        PersistenceError(reason: .damaged(file: file, detail: detail))
    }

    static func busy(_ path: String) -> PersistenceError {
        PersistenceError(reason: .busy(path: path))
    }

    /// The file the error is about.
    public var file: String {
        switch reason {
        case .io(let path, _, _), .notPersistenceDirectory(let path), .foreign(let path, _), .damaged(let path, _),
            .busy(let path):
            path
        }
    }

    public var description: String {
        switch reason {
        case .io(let path, let operation, let errno):
            return "\(path): error: cannot \(operation): \(SystemError.message(errno))\n"
                + "  fix: pass a --persist directory this user can create and write"
        case .notPersistenceDirectory(let path):
            return "\(path): error: the directory is not empty and holds no Treaty state (no base.treaty)\n"
                + "  nothing was changed\n"
                + "  fix: pass a new or empty directory to --persist"
        case .foreign(let file, let differences):
            return "\(file): error: the stored state was written for another contract\n"
                + differences.map { "  \($0)\n" }.joined()
                + "  nothing was changed\n"
                + "  fix: serve the contract it was written for (and 'treaty export fixtures' to keep its records), "
                + "or pass a new directory to --persist"
        case .busy(let path):
            return "\(path): error: another process (a running 'treaty serve --persist') is using the directory\n"
                + "  nothing was changed\n"
                + "  fix: stop that server first, or pass another directory to --persist"
        case .damaged(let file, let detail):
            return "\(file): error: \(detail)\n"
                + "  nothing was changed\n"
                + "  fix: restore the directory from a backup, or pass a new directory to --persist"
        }
    }
}
