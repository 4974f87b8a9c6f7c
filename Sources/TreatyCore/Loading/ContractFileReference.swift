internal import Foundation

/// A file a contract names (`collections: pb_schema.json`, a layout's `metadata:`), resolved
/// against the contract's directory and kept inside it.
///
/// A reference may be relative (`schema/pb.json`) or absolute, but once `..` and symbolic
/// links are resolved it must point inside the directory that holds the contract: a contract
/// taken from elsewhere cannot make Treaty read `../../etc/passwd` or follow a link out of the
/// project.
public enum ContractFileReference {
    /// A resolved reference: the path to read, or why it is refused.
    public enum Resolution: Sendable {
        case path(String)
        case refused(Diagnostic)
    }

    /// The path of `reference` for the contract at `contractFile`, or the diagnostic refusing it.
    ///
    /// - Parameters:
    ///   - reference: The path as the contract writes it.
    ///   - contractFile: The contract's own path.
    ///   - location: Where the reference is written, for the diagnostic.
    /// - Returns: The path to read, or a located `path-outside-contract` error.
    public static func resolve(_ reference: String, from contractFile: String, at location: SourceLocation)
        -> Resolution
    {
        let directory = (contractFile as NSString).deletingLastPathComponent
        let base = directory.isEmpty ? "." : directory
        let path = reference.hasPrefix("/") ? reference : base + "/" + reference
        let root = canonical(base)
        let target = canonical(path)
        guard target == root || target.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
            return .refused(
                .error(
                    "path-outside-contract",
                    "'\(reference)' leads outside the contract's directory (to \(target))", at: location,
                    details: ["a contract may name only files in its own directory or below it, links resolved"],
                    fix: "copy the file next to the contract and name it relative to it"))
        }
        return .path(path)
    }

    /// The refusal of a file found in `directory` (a fixture, a scenario, a contract) that is a
    /// link leading outside it, or `nil` when the file stays inside.
    ///
    /// - Parameters:
    ///   - file: The file's path, as listed in `directory`.
    ///   - directory: The directory being read.
    ///   - what: What the directory holds, for the message ("fixture directory").
    public static func refusal(of file: String, leaving directory: String, what: String) -> Diagnostic? {
        let root = canonical(directory.isEmpty ? "." : directory)
        let target = canonical(file)
        guard target != root, !target.hasPrefix(root.hasSuffix("/") ? root : root + "/") else { return nil }
        return .error(
            "path-outside-directory", "'\((file as NSString).lastPathComponent)' is a link to \(target), outside the \(what)",
            at: SourceLocation(file: file), details: ["files are read only inside the \(what), links resolved"],
            fix: "copy the file into the \(what) instead of linking to it")
    }

    /// The absolute path with `.`, `..` and symbolic links resolved (as far as the path exists).
    private static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
