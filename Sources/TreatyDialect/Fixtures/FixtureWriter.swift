import TreatyCore
import TreatyJSON

/// Writes a store's records as the fixture directory ``FixtureLoader`` reads: one
/// `<resource>.json` per resource, a JSON array of its records — tombstones included, with their
/// versions and times — in insertion order (`treaty export fixtures`).
public struct FixtureWriter: Sendable {
    /// Creates a writer.
    public init() {}

    /// The files of `store`'s records, one per resource, sorted by name.
    ///
    /// - Parameter store: The store to export.
    /// - Returns: The files to write under the fixture directory.
    public func files(of store: RecordStore) -> [FixtureFile] {
        store.resources.compactMap { resource in
            store.dump(resource.name).map { records in
                let array = JSONValue.array(records.map(JSONValue.object))
                return FixtureFile(
                    relativePath: resource.name + ".json",
                    contents: array.serializedBytes(options: JSONWriteOptions(pretty: true)) + [0x0A])
            }
        }
    }
}

/// One file of an exported fixture directory.
public struct FixtureFile: Sendable, Hashable {
    /// The path under the fixture directory, e.g. `task.json`.
    public var relativePath: String
    /// The file's bytes.
    public var contents: [UInt8]

    /// Creates a file.
    ///
    /// - Parameters:
    ///   - relativePath: The path under the fixture directory.
    ///   - contents: The file's bytes.
    public init(relativePath: String, contents: [UInt8]) {
        self.relativePath = relativePath
        self.contents = contents
    }
}
