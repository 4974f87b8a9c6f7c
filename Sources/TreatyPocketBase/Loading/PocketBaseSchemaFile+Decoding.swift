internal import Foundation
import TreatyCore
internal import TreatyJSON

extension PocketBaseSchemaFile {
    /// The largest collections file read (a PocketBase export of hundreds of collections is
    /// well under a megabyte).
    static let maxFileSize = 16 * 1024 * 1024

    /// What reading a contract's `collections:` section gave.
    struct Decoded: Sendable {
        /// The file, or `nil` when the contract names none or the section has errors.
        var file: PocketBaseSchemaFile?
        /// Every finding, located in the contract.
        var diagnostics: [Diagnostic]
    }

    /// Reads `collections: FILE` of `contract`: the exported collections JSON, resolved against
    /// the contract's directory. The file must exist and hold a JSON array (or an object with a
    /// `collections` array).
    ///
    /// - Parameter contract: A PocketBase contract.
    /// - Returns: The file (`nil` without a `collections:` section) and located findings.
    static func decode(from contract: Contract) -> Decoded {
        guard let node = contract.sections["collections"] else { return Decoded(file: nil, diagnostics: []) }
        let file = contract.file ?? "contract"
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        var context = DecodingContext(file: file, text: text)
        let decoded = decode(node, context: &context)
        return Decoded(file: decoded, diagnostics: context.diagnostics)
    }

    private static func decode(_ node: SourceNode, context: inout DecodingContext) -> PocketBaseSchemaFile? {
        guard let reference = context.string(node, "'collections'") else { return nil }
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
            path, limit: maxFileSize, what: "collections file",
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
        return PocketBaseSchemaFile(reference: reference, path: path, location: location)
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
