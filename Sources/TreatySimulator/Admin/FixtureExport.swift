internal import Foundation
public import TreatyDialect

/// Where `POST /__treaty/export` writes the store as a fixture set, and in which format
/// (`treaty serve --export-dir DIR`): the directory is fixed when the simulator starts, so the
/// admin API never writes where a request says.
public struct FixtureExport: Sendable {
    /// The fixture directory to write; it must not exist, or be empty, when the export runs.
    public var directory: String
    /// Writes a store's records in the dialect's fixture format (the backend's
    /// `exportFixtures`).
    public var files: @Sendable (RecordStore) -> [FixtureFile]

    /// Creates an export.
    ///
    /// - Parameters:
    ///   - directory: The fixture directory to write.
    ///   - files: The dialect's fixture writer.
    public init(directory: String, files: @escaping @Sendable (RecordStore) -> [FixtureFile]) {
        self.directory = directory
        self.files = files
    }

    /// Writes `store`'s records: into a temporary directory beside ``directory``, then moved into
    /// place, so a failed export leaves nothing half-written.
    ///
    /// - Returns: The relative paths written.
    /// - Throws: ``ExportFailure`` when the directory holds files or cannot be written.
    func write(_ store: RecordStore) throws(ExportFailure) -> [String] {
        let manager = FileManager.default
        if let existing = try? manager.contentsOfDirectory(atPath: directory), !existing.isEmpty {
            throw ExportFailure(message: "\(directory) is not empty; move it away, or start with another --export-dir")
        }
        let target = URL(fileURLWithPath: directory)
        let staging = target.deletingLastPathComponent().appendingPathComponent(
            ".\(target.lastPathComponent).export-\(UUID().uuidString)")
        let written = files(store)
        do {
            for file in written {
                let url = staging.appendingPathComponent(file.relativePath)
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents).write(to: url)
            }
            try manager.createDirectory(at: staging, withIntermediateDirectories: true)
            if manager.fileExists(atPath: directory) { try manager.removeItem(at: target) }
            try manager.moveItem(at: staging, to: target)
        } catch {
            try? manager.removeItem(at: staging)
            throw ExportFailure(message: "cannot write \(directory): \(error.localizedDescription)")
        }
        return written.map(\.relativePath)
    }
}

/// Why `POST /__treaty/export` wrote nothing.
struct ExportFailure: Error {
    let message: String
}
