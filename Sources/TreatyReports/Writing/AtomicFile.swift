import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a file so that readers see the old or the new contents, never a half-written file:
/// the bytes go to a temporary file in the same directory, which is then renamed over the target.
enum AtomicFile {
    /// Writes `bytes` to `path`, creating missing parent directories.
    ///
    /// - Throws: ``ReportError`` naming `path` when a directory, the temporary file or the rename fails.
    static func write(_ bytes: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw ReportError.unwritable(path, "cannot create \(directory.path): \(reason(error))")
        }
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try Data(bytes).write(to: temporary)
        } catch {
            throw ReportError.unwritable(path, reason(error))
        }
        guard rename(temporary.path, url.path) == 0 else {
            let why = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw ReportError.unwritable(path, "cannot rename the temporary file: \(why)")
        }
    }

    private static func reason(_ error: any Error) -> String {
        (error as NSError).localizedFailureReason ?? error.localizedDescription
    }
}
