internal import Foundation
internal import TreatyCore
internal import TreatyJSON

/// Loads PocketBase 0.40 collections from the admin UI's "Export collections" JSON.
///
/// The file is an array of collection objects with flat field props; an object with a
/// `collections` array (or `GET /api/collections`'s `items`) is accepted too. Every problem
/// becomes a located ``Diagnostic`` (file, line, column, JSON pointer, what is wrong and how to
/// fix it), and loading goes on past it. The pre-0.23 shape (`schema`, nested `options`) is
/// refused with a message saying what changed.
///
/// ```swift
/// let result = PocketBaseSchemaLoader().load(fileAt: "pb_schema.json")
/// let collections = try result.get()
/// ```
struct PocketBaseSchemaLoader: Sendable {
    /// The largest file accepted, in bytes.
    var maxFileSize: Int

    /// Creates a loader.
    ///
    /// - Parameter maxFileSize: The largest file accepted; 16 MiB by default.
    init(maxFileSize: Int = 16 * 1024 * 1024) {
        self.maxFileSize = maxFileSize
    }

    /// Loads the file at `path`.
    ///
    /// - Parameter path: The file's path, also used in diagnostics.
    /// - Returns: The collections read and the diagnostics.
    func load(fileAt path: String) -> PocketBaseSchemaLoadResult {
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > maxFileSize {
            return PocketBaseSchemaLoadResult(
                file: path,
                diagnostics: [
                    .error(
                        "file-too-large", "the file has \(size) bytes, more than the limit of \(maxFileSize) bytes",
                        at: SourceLocation(file: path),
                        fix: "pass the pb_schema.json exported from PocketBase (Settings → Export collections)")
                ])
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return PocketBaseSchemaLoadResult(
                file: path,
                diagnostics: [
                    .error(
                        "unreadable-file",
                        "cannot read the collections file: \(PathCheck.problem(path, expected: .file) ?? "it is not readable")",
                        at: SourceLocation(file: path),
                        fix: "pass the pb_schema.json exported from PocketBase (Settings → Export collections)")
                ])
        }
        guard data.count <= maxFileSize else {
            return PocketBaseSchemaLoadResult(
                file: path,
                diagnostics: [
                    .error(
                        "file-too-large",
                        "the file has \(data.count) bytes, more than the limit of \(maxFileSize) bytes",
                        at: SourceLocation(file: path))
                ])
        }
        return load(text: String(decoding: data, as: UTF8.self), file: path)
    }

    /// Loads collections from JSON text.
    ///
    /// - Parameters:
    ///   - text: The JSON document.
    ///   - file: The name to use in diagnostics.
    /// - Returns: The collections read and the diagnostics.
    func load(text: String, file: String) -> PocketBaseSchemaLoadResult {
        var session = SchemaLoadSession(file: file, text: text)
        return session.run()
    }
}
