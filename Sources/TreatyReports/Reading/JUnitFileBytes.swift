import Foundation

/// Reads a whole file, refusing files larger than a limit before reading them.
enum JUnitFileBytes {
    /// The file's bytes.
    ///
    /// - Throws: ``ReportError`` when the file is missing, unreadable or larger than `limit`.
    static func read(_ path: String, limit: Int) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ReportError.unreadable(path, "it is a directory, not a JUnit XML file")
        }
        let size: Int
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        } catch {
            throw ReportError.unreadable(path, "no such file")
        }
        guard size <= limit else { throw ReportError.tooLarge(path, bytes: size, limit: limit) }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ReportError.unreadable(path, "permission denied")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw ReportError.unreadable(path, "the read failed")
        }
        guard data.count <= limit else { throw ReportError.tooLarge(path, bytes: data.count, limit: limit) }
        return [UInt8](data)
    }
}
