internal import Foundation
internal import TreatyJSON

extension ContractDecoder {
    /// Reads `collections: FILE`: a PocketBase contract's exported collections JSON, resolved
    /// against the contract's directory. The file must exist and hold a JSON array (or an object
    /// with a `collections` array); its collections are read by the PocketBase dialect.
    /// The largest collections file read (a PocketBase export of hundreds of collections is
    /// well under a megabyte).
    static let maxCollectionsFileSize = 16 * 1024 * 1024

    mutating func decodeCollections(_ node: SourceNode, dialect: DialectID?) -> SchemaFile? {
        guard let reference = context.string(node, "'collections'") else { return nil }
        if let dialect, dialect != .pocketBase {
            context.report(
                "invalid-value", "'collections' names a PocketBase schema, but the dialect is '\(dialect.rawValue)'",
                at: node, fix: "use 'dialect: pocketbase', or remove 'collections'")
            return nil
        }
        let location = context.location(of: node)
        let path: String
        switch ContractFileReference.resolve(reference, from: context.file, at: location) {
        case .path(let resolved): path = resolved
        case .refused(let diagnostic):
            context.diagnostics.append(diagnostic)
            return nil
        }
        guard FileManager.default.fileExists(atPath: path) else {
            context.report(
                "missing-file", "the collections file '\(reference)' does not exist (looked for \(path))", at: node,
                fix:
                    "export the collections from PocketBase (Settings → Export collections) to \(path), or fix the path"
            )
            return nil
        }
        let data: [UInt8]
        switch BoundedFile.read(
            path, limit: Self.maxCollectionsFileSize, what: "collections file",
            fix: "point 'collections' at the pb_schema.json exported from PocketBase")
        {
        case .bytes(let bytes): data = bytes
        case .refused(var diagnostic):
            diagnostic.location = location
            context.diagnostics.append(diagnostic)
            return nil
        }
        let document: JSONValue
        do {
            document = try JSONParser().parse(data)
        } catch {
            context.report(
                "invalid-collections", "the collections file '\(reference)' is not JSON: \(error)", at: node,
                fix: "export it again from PocketBase; it must be the JSON array of collections")
            return nil
        }
        let isCollections = document.arrayValue != nil || document.objectValue?["collections"]?.arrayValue != nil
        guard isCollections else {
            context.report(
                "invalid-collections",
                "the collections file '\(reference)' holds \(document.kindName), not an array of collections",
                at: node, fix: "export it again from PocketBase; it must be the JSON array of collections")
            return nil
        }
        return SchemaFile(reference: reference, path: path, location: location)
    }

    /// `reference` relative to the directory of `file` (unless it is absolute).
}

extension JSONValue {
    fileprivate var kindName: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .null: "null"
        case .bool: "a boolean"
        default: "a number"
        }
    }
}
