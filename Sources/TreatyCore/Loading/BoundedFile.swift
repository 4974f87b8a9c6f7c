internal import Foundation

/// Reads a file only when it is no larger than a limit, checking its size before reading, so
/// a huge file costs neither the time nor the memory of reading it.
public enum BoundedFile {
    /// What a bounded read gave.
    public enum Outcome: Sendable {
        case bytes([UInt8])
        case refused(Diagnostic)
    }

    /// The bytes of `path`, or a located refusal (`file-too-large`, `unreadable-file`).
    ///
    /// - Parameters:
    ///   - path: The file to read.
    ///   - limit: The most bytes accepted.
    ///   - what: What the file is, for the message ("fixture file").
    ///   - shownAs: The path the diagnostic names (default: `path`).
    ///   - fix: How to get under the limit.
    public static func read(
        _ path: String, limit: Int, what: String, shownAs shown: String? = nil, fix: String
    ) -> Outcome {
        let location = SourceLocation(file: shown ?? path)
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > limit {
            return .refused(
                .error(
                    "file-too-large", "the \(what) has \(size) bytes, more than the limit of \(limit) bytes",
                    at: location, fix: fix))
        }
        guard let bytes = readAll(path, limit: limit) else {
            let problem = PathCheck.problem(path, expected: .file) ?? "it is not readable"
            return .refused(.error("unreadable-file", "cannot read the \(what): \(problem)", at: location))
        }
        guard bytes.count <= limit else {
            return .refused(
                .error(
                    "file-too-large", "the \(what) has more than the limit of \(limit) bytes", at: location, fix: fix))
        }
        return .bytes(bytes)
    }

    /// The file's bytes read straight into an array (no `Data` to copy from), stopping one byte
    /// past `limit`; `nil` when it cannot be opened or read.
    private static func readAll(_ path: String, limit: Int) -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let descriptor = handle.fileDescriptor
        let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int ?? 0
        // The expected size is read into uninitialized memory (no 50 MB memset for a large
        // fixture); a file that grew since `stat` goes on into zero-filled growth below.
        let expected = min(max(size, 0), limit) + 1
        var failed = false
        var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, count in
            count = 0
            while count < expected {
                let read = Foundation.read(descriptor, buffer.baseAddress! + count, expected - count)
                if read < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    return
                }
                if read == 0 { return }
                count += read
            }
        }
        guard !failed else { return nil }
        var filled = bytes.count
        if filled < expected { return bytes }
        while true {
            if filled == bytes.count {
                guard bytes.count <= limit else { return bytes }
                bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 4096)))
            }
            let read = bytes.withUnsafeMutableBytes { buffer in
                Foundation.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if read < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if read == 0 { break }
            filled += read
        }
        bytes.removeLast(bytes.count - filled)
        return bytes
    }
}
