internal import Foundation
internal import TreatyJSON

extension ContractDecoder {
    /// Reads `collections: FILE`: a PocketBase contract's exported collections JSON, resolved
    /// against the contract's directory. The file must exist and hold a JSON array (or an object
    /// with a `collections` array); its collections are read by the PocketBase dialect.
    mutating func decodeCollections(_ node: SourceNode, dialect: DialectID?) -> SchemaFile? {
        guard let reference = context.string(node, "'collections'") else { return nil }
        if let dialect, dialect != .pocketBase {
            context.report(
                "invalid-value", "'collections' names a PocketBase schema, but the dialect is '\(dialect.rawValue)'",
                at: node, fix: "use 'dialect: pocketbase', or remove 'collections'")
            return nil
        }
        let path = Self.resolve(reference, against: context.file)
        let location = context.location(of: node)
        guard let data = FileManager.default.contents(atPath: path) else {
            context.report(
                "missing-file", "the collections file '\(reference)' does not exist (looked for \(path))", at: node,
                fix:
                    "export the collections from PocketBase (Settings → Export collections) to \(path), or fix the path"
            )
            return nil
        }
        let document: JSONValue
        do {
            document = try JSONParser().parse(Array(data))
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
    static func resolve(_ reference: String, against file: String) -> String {
        guard !reference.hasPrefix("/"), let slash = file.lastIndex(of: "/") else { return reference }
        return String(file[...slash]) + reference
    }
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
