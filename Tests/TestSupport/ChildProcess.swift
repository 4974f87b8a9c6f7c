import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import CSpawn
import Synchronization

/// A child process started with `posix_spawn`, for tests that run servers and the `treaty`
/// binary.
///
/// Foundation's `Process.run()` on Linux (swift-corelibs-foundation up to Swift 6.3.1) reads past
/// a `dirent` while it lists `/proc/self/fd` and crashes the test process now and then
/// (swiftlang/swift-corelibs-foundation#5472); a test suite that spawns many children hits it.
/// This type spawns directly: the child gets the given standard streams, every other descriptor
/// closed, its own process group, no blocked signals, and an optional working directory.
public final class ChildProcess: Sendable {
    /// Where a standard stream of the child goes.
    public enum Stream: Sendable {
        /// The parent's own stream.
        case inherit
        /// `/dev/null`.
        case null
        /// A file opened for reading (standard input) or truncated for writing (output).
        case file(String)
        /// A descriptor the caller owns (one end of a pipe); the parent's copy stays open.
        case descriptor(Int32)
    }

    /// The process id.
    public let pid: Int32
    private let exitStatus = Mutex<Int32?>(nil)

    /// Starts `executable` (a path, or a name looked up in `PATH`) with `arguments`.
    ///
    /// - Parameters:
    ///   - executable: The program.
    ///   - arguments: Its arguments, without the program name.
    ///   - environment: The whole environment; the parent's when `nil`.
    ///   - directory: The working directory; the parent's when `nil`.
    ///   - input: Standard input.
    ///   - output: Standard output.
    ///   - error: Standard error.
    /// - Throws: ``ChildProcessError`` when a stream cannot be opened or the spawn fails.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        directory: String? = nil, input: Stream = .null, output: Stream = .inherit, error: Stream = .inherit
    ) throws(ChildProcessError) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var opened: [Int32] = []
        defer { for fd in opened { close(fd) } }
        for (target, stream) in [(Int32(0), input), (1, output), (2, error)] {
            let source: Int32
            switch stream {
            case .inherit: continue
            case .descriptor(let fd): source = fd
            case .null, .file:
                let path = if case .file(let path) = stream { path } else { "/dev/null" }
                let flags = target == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC
                let fd = open(path, flags | O_CLOEXEC, 0o644)
                guard fd >= 0 else { throw ChildProcessError("cannot open \(path): \(Self.errnoText())") }
                opened.append(fd)
                source = fd
            }
            posix_spawn_file_actions_adddup2(&actions, source, target)
        }
        treaty_spawn_addclosefrom(&actions, 3)
        if let directory { treaty_spawn_addchdir(&actions, directory) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group, no blocked signals and default dispositions: a test runner's
        // thread may block SIGTERM, and the runner may ignore SIGPIPE; the child must not inherit
        // either.
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var signals = sigset_t()
        sigemptyset(&signals)
        posix_spawnattr_setsigmask(&attributes, &signals)
        sigfillset(&signals)
        sigdelset(&signals, SIGKILL)
        sigdelset(&signals, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &signals)
        let environment = (environment ?? Self.currentEnvironment()).map { "\($0.key)=\($0.value)" }
        var child: Int32 = 0
        let result = Self.withCStrings([executable] + arguments) { argv in
            Self.withCStrings(environment) { envp in
                posix_spawnp(&child, executable, &actions, &attributes, argv, envp)
            }
        }
        guard result == 0 else {
            throw ChildProcessError("cannot start \(executable): \(String(cString: strerror(result)))")
        }
        pid = child
    }

    /// Waits for the child to exit and returns its exit status (128 + the signal when a signal
    /// ended it); later calls return the same status at once. Any thread may wait, several at
    /// once, while others send signals.
    @discardableResult
    public func wait() -> Int32 {
        if let status = exitStatus.withLock({ $0 }) { return status }
        var info = siginfo_t()
        // Wait for the exit without reaping, so a concurrent `send` never signals a reused pid.
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0, errno == EINTR {}
        return exitStatus.withLock { status in
            if let status { return status }
            var raw: Int32 = 0
            _ = waitpid(pid, &raw, WNOHANG)
            let decoded = Self.decode(raw)
            status = decoded
            return decoded
        }
    }

    /// Waits for the child to exit, as ``wait()`` does, on a thread of its own: an async test
    /// awaiting a long child leaves the cooperative pool's few threads to the other tests (a
    /// blocked pool starves every timing-sensitive test running beside it).
    public func exited() async -> Int32 {
        await offload { self.wait() }
    }

    /// Whether the child is still running.
    public var isRunning: Bool {
        exitStatus.withLock { status in
            guard status == nil else { return false }
            var raw: Int32 = 0
            guard waitpid(pid, &raw, WNOHANG) == pid else { return true }
            status = Self.decode(raw)
            return false
        }
    }

    /// Sends `signal` to the child (and, with `group`, to its whole process group) unless it
    /// was already reaped.
    public func send(_ signal: Int32, group: Bool = false) {
        exitStatus.withLock { status in
            if status == nil { kill(group ? -pid : pid, signal) }
        }
    }

    private static func decode(_ raw: Int32) -> Int32 {
        let signal = raw & 0x7f
        return signal == 0 ? (raw >> 8) & 0xff : 128 + signal
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }

    private static func currentEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }

    private static func withCStrings<T>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> T) -> T {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }
}

/// Runs blocking `work` — starting or waiting for a child, reading its pipe — on a thread of its
/// own, so an async test never holds one of Swift concurrency's few cooperative threads while it
/// waits: with tests running in parallel on two cores, that would delay every other test.
public func offload<T: Sendable, Failure: Error>(_ work: @escaping @Sendable () throws(Failure) -> T) async throws(Failure)
    -> T
{
    let result: Result<T, Failure> = await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: Result { () throws(Failure) -> T in try work() }) }
    }
    return try result.get()
}

/// Why a child process could not start.
public struct ChildProcessError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// The next line a child writes to the pipe `descriptor` (such as its ready banner), without the
/// line break; what came before end of file when no line break comes. Reads byte by byte, so
/// nothing after the line is consumed.
public func nextLine(from descriptor: Int32) -> String {
    var bytes: [UInt8] = []
    var byte: UInt8 = 0
    while true {
        let count = read(descriptor, &byte, 1)
        if count < 0, errno == EINTR { continue }
        guard count == 1, byte != UInt8(ascii: "\n") else { break }
        bytes.append(byte)
    }
    while let last = bytes.last, last == UInt8(ascii: "\r") || last == UInt8(ascii: " ") { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
}
