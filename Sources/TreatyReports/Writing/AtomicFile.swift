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
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ReportError.unwritable(
                path,
                "it is a directory; give a file path such as \(url.appendingPathComponent("junit.xml").relativePath)")
        }
        var ancestor = directory
        while ancestor.pathComponents.count > 1 {
            if FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isDirectory) {
                guard isDirectory.boolValue else {
                    throw ReportError.unwritable(
                        path, "\(ancestor.relativePath) is a file, so nothing can be written under it")
                }
                break
            }
            ancestor = ancestor.deletingLastPathComponent()
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw ReportError.unwritable(path, "cannot create the directory \(directory.path): \(reason(error))")
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

    /// The operating system's words for a failed write (such as "Not a directory" or "No space
    /// left on device"), never a Foundation error code.
    private static func reason(_ error: any Error) -> String {
        let error = error as NSError
        let posix = (error.userInfo[NSUnderlyingErrorKey] as? NSError).flatMap {
            $0.domain == NSPOSIXErrorDomain ? $0 : nil
        }
        if let code = posix?.code ?? (error.domain == NSPOSIXErrorDomain ? error.code : nil) {
            return String(cString: strerror(Int32(code)))
        }
        return "the write failed (check that the directory is writable and the disk is not full)"
    }
}
