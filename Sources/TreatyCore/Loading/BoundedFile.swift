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
        guard let data = FileManager.default.contents(atPath: path) else {
            let problem = PathCheck.problem(path, expected: .file) ?? "it is not readable"
            return .refused(.error("unreadable-file", "cannot read the \(what): \(problem)", at: location))
        }
        guard data.count <= limit else {
            return .refused(
                .error(
                    "file-too-large", "the \(what) has \(data.count) bytes, more than the limit of \(limit) bytes",
                    at: location, fix: fix))
        }
        return .bytes(Array(data))
    }
}
