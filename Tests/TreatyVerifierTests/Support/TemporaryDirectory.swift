import Foundation

/// A fresh directory under the system's temporary directory, removed when the body returns.
struct TemporaryDirectory {
    /// The directory's path, without a trailing slash.
    let path: String

    /// Runs `body` with a new empty directory and removes the directory afterwards.
    static func with<Result>(_ body: (TemporaryDirectory) throws -> Result) throws -> Result {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("treaty-verifier-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(TemporaryDirectory(path: url.path))
    }

    /// Writes `text` to `name` inside the directory and returns the file's path.
    func write(_ text: String, to name: String) throws -> String {
        let file = path + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }
}
