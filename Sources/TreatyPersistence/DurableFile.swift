internal import Foundation

/// A file opened for appending, written and flushed with POSIX calls so that a sync means the
/// bytes are on disk (`fdatasync`).
final class DurableFile {
    let path: String
    private let descriptor: Int32
    /// The file's size: where the next append lands.
    private(set) var size: Int

    /// Opens `path` for appending, creating it (empty) when `creating`.
    init(appendingTo path: String, creating: Bool) throws(PersistenceError) {
        self.path = path
        let flags = O_WRONLY | O_APPEND | O_CLOEXEC | (creating ? O_CREAT | O_EXCL : 0)
        let descriptor = open(path, flags, 0o644)
        guard descriptor >= 0 else { throw .io(path, creating ? "create the file" : "open the file", errno: errno) }
        self.descriptor = descriptor
        let end = lseek(descriptor, 0, SEEK_END)
        size = end < 0 ? 0 : Int(end)
    }

    deinit {
        close(descriptor)
    }

    /// Appends `bytes` (not yet durable: see ``sync()``).
    func append(_ bytes: [UInt8]) throws(PersistenceError) {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress.map { $0 + written }, bytes.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw .io(path, "write", errno: errno)
            }
            written += result
        }
        size += bytes.count
    }

    /// Makes everything appended so far durable.
    func sync() throws(PersistenceError) {
        guard fdatasync(descriptor) == 0 else { throw .io(path, "sync", errno: errno) }
    }

    /// Writes `bytes` as the whole of `path`, atomically: a temporary file, synced, renamed over
    /// `path`, and the directory synced — after a crash `path` holds either its old contents or
    /// all of `bytes`.
    static func replace(_ path: String, with bytes: [UInt8]) throws(PersistenceError) {
        let temporary = path + ".tmp"
        unlink(temporary)
        let file = try DurableFile(appendingTo: temporary, creating: true)
        try file.append(bytes)
        try file.sync()
        guard rename(temporary, path) == 0 else { throw .io(path, "rename \(temporary) to it", errno: errno) }
        try syncDirectory(of: path)
    }

    /// Creates `path` holding `bytes`, durably (file and directory entry synced).
    static func create(_ path: String, with bytes: [UInt8]) throws(PersistenceError) -> DurableFile {
        let file = try DurableFile(appendingTo: path, creating: true)
        try file.append(bytes)
        try file.sync()
        try syncDirectory(of: path)
        return file
    }

    /// Syncs the directory holding `path`, so a created, renamed or removed entry survives a
    /// crash.
    static func syncDirectory(of path: String) throws(PersistenceError) {
        let directory = (path as NSString).deletingLastPathComponent
        let descriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .io(directory, "open the directory", errno: errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw .io(directory, "sync the directory", errno: errno) }
    }

    /// Cuts `path` to its first `length` bytes, durably.
    static func truncate(_ path: String, to length: Int) throws(PersistenceError) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .io(path, "open the file", errno: errno) }
        defer { close(descriptor) }
        guard ftruncate(descriptor, off_t(length)) == 0 else { throw .io(path, "cut the damaged tail", errno: errno) }
        guard fdatasync(descriptor) == 0 else { throw .io(path, "sync", errno: errno) }
    }

    /// The whole of `path`.
    static func read(_ path: String) throws(PersistenceError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .io(path, "read the file", errno: errno)
        }
        return [UInt8](data)
    }
}
