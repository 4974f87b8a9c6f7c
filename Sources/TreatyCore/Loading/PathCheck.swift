internal import Foundation

/// What is wrong with a path a flag or argument points at, said in words: the first thing a
/// "cannot read" diagnostic needs, instead of a Foundation error code.
public enum PathCheck {
    /// The kind of path a flag expects.
    public enum Kind: Sendable {
        case file
        case directory
    }

    /// Why `path` cannot be read as `kind`, or `nil` when it can: missing, the other kind, or
    /// not readable.
    ///
    /// - Returns: a phrase such as "it is a directory, not a file" or "it does not exist".
    public static func problem(_ path: String, expected kind: Kind) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return "it does not exist"
        }
        switch (kind, isDirectory.boolValue) {
        case (.file, true): return "it is a directory, not a file"
        case (.directory, false): return "it is a file, not a directory"
        default: break
        }
        guard FileManager.default.isReadableFile(atPath: path) else { return "it is not readable (permission denied)" }
        return nil
    }
}
