internal import Foundation
public import TreatyCore

/// A fixture directory walked the one way every dialect loads its start-up records: the files
/// with the given extensions, hidden files skipped, in a stable (sorted) order, links leading
/// out of the directory refused, and each file read through ``TreatyCore/BoundedFile`` so the
/// size limit holds; every problem is a located ``TreatyCore/Diagnostic``.
///
/// A dialect decides what a file *means* (a resource, a collection, a layout, a record type)
/// and how its records are written; the walker only finds and reads the files.
///
/// ```swift
/// let directory = FixtureDirectory(path: "Fixtures/music", fix: "pass --fixtures with <Layout>.json files")
/// let listing = directory.list()
/// for file in listing.files {
///     guard case .bytes(let bytes) = directory.read(file) else { continue }
///     …
/// }
/// ```
public struct FixtureDirectory: Sendable {
    /// One fixture file found.
    public struct File: Sendable, Hashable {
        /// The path inside the directory: `Artists.json`, or `Music/Artists.json` in a subfolder.
        public var relativePath: String
        /// The relative path without its extension: `Artists` or `Music/Artists`.
        public var stem: String
        /// The extension it matched, with its dot: `.json`.
        public var fileExtension: String
        /// The path diagnostics name: the directory as given, `/`, the relative path.
        public var path: String
    }

    /// What listing found: the files in order, and problems (an unreadable directory, links out).
    public struct Listing: Sendable {
        /// The files, sorted by relative path.
        public var files: [File]
        /// Errors found while listing.
        public var diagnostics: [Diagnostic]
    }

    /// The directory, as the user gave it.
    public var path: String
    /// The extensions read, with their dots (`[".json"]`).
    public var extensions: [String]
    /// Subfolders walked too (one level), such as one folder per database of a contract.
    public var folders: [String]
    /// The largest file read, in bytes.
    public var maxFileSize: Int
    /// How to fix an unreadable directory, for its diagnostic.
    public var fix: String

    /// Creates a walker.
    ///
    /// - Parameters:
    ///   - path: The directory.
    ///   - extensions: The extensions read, with their dots.
    ///   - folders: Subfolders walked too.
    ///   - maxFileSize: The largest file read (default ``TreatyCore/FixtureLimits/defaultMaxFileSize``).
    ///   - fix: How to fix an unreadable directory.
    public init(
        path: String, extensions: [String] = [".json"], folders: [String] = [],
        maxFileSize: Int = FixtureLimits.defaultMaxFileSize, fix: String
    ) {
        self.path = path
        self.extensions = extensions
        self.folders = folders
        self.maxFileSize = maxFileSize
        self.fix = fix
    }

    /// The fixture files, sorted by relative path.
    ///
    /// - Returns: The files, and an `unreadable-file` error when the directory cannot be read
    ///   or a `path-outside-directory` error for each link leading out of it.
    public func list() -> Listing {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            let problem = PathCheck.problem(path, expected: .directory) ?? "it is not readable"
            return Listing(
                files: [],
                diagnostics: [
                    .error(
                        "unreadable-file", "cannot read the fixture directory: \(problem)",
                        at: SourceLocation(file: path), fix: fix)
                ])
        }
        var relativePaths = names.filter { !$0.hasPrefix(".") }
        for folder in folders where names.contains(folder) {
            let inside = (try? FileManager.default.contentsOfDirectory(atPath: shown(folder))) ?? []
            relativePaths += inside.filter { !$0.hasPrefix(".") }.map { folder + "/" + $0 }
        }
        var listing = Listing(files: [], diagnostics: [])
        for relativePath in relativePaths.sorted() {
            guard let suffix = extensions.first(where: relativePath.hasSuffix), relativePath.count > suffix.count
            else { continue }
            let file = File(
                relativePath: relativePath, stem: String(relativePath.dropLast(suffix.count)), fileExtension: suffix,
                path: shown(relativePath))
            if let refusal = ContractFileReference.refusal(of: file.path, leaving: path, what: "fixture directory") {
                listing.diagnostics.append(refusal)
                continue
            }
            listing.files.append(file)
        }
        return listing
    }

    /// The bytes of `file`, or a located refusal (`file-too-large` over ``maxFileSize``,
    /// `unreadable-file`).
    ///
    /// - Parameter file: A file ``list()`` found.
    /// - Returns: The bytes, or the refusal.
    public func read(_ file: File) -> BoundedFile.Outcome {
        BoundedFile.read(file.path, limit: maxFileSize, what: "fixture file", fix: FixtureLimits.fix)
    }

    private func shown(_ relativePath: String) -> String {
        path.hasSuffix("/") ? path + relativePath : path + "/" + relativePath
    }
}
