import Foundation
import HTTPTypes
import Synchronization
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyQuery

extension PocketBaseDialect {
    /// The request body as an object: JSON, or multipart form data (repeated keys become
    /// arrays, `@jsonPayload` is merged in); an empty body is `{}`.
    ///
    /// - Throws: 400 "Unsupported Content-Type." for other types, 400 "Something went wrong…"
    ///   for malformed JSON or a body that is not an object.
    func bodyObject(_ request: DialectRequest) throws(PocketBaseErrorResponse) -> JSONObject {
        try requestBody(request).object
    }

    /// The request body as an object plus its file parts (only multipart bodies have any).
    ///
    /// - Throws: As ``bodyObject(_:)``.
    func requestBody(_ request: DialectRequest) throws(PocketBaseErrorResponse)
        -> (object: JSONObject, files: [PocketBaseUpload])
    {
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        if request.body.isEmpty, contentType.isEmpty { return (JSONObject(), []) }
        if contentType.hasPrefix("application/json") {
            if request.body.allSatisfy({ $0 == 0x20 || $0 == 0x0a || $0 == 0x0d || $0 == 0x09 }) {
                return (JSONObject(), [])
            }
            guard let value = try? JSONParser().parse(request.body), case .object(let object) = value else {
                throw .badRequest
            }
            return (object, [])
        }
        if contentType.hasPrefix("multipart/form-data") {
            let form = MultipartForm(request.body, contentType: request.headers[.contentType] ?? "")
            return (form.object, form.files)
        }
        throw PocketBaseErrorResponse(status: 400, message: "Unsupported Content-Type.")
    }
}

/// A minimal `multipart/form-data` reader: text parts become the object (repeated keys an
/// array, `@jsonPayload` merged in), parts with a `filename` become ``files``.
struct MultipartForm {
    var object = JSONObject()
    var files: [PocketBaseUpload] = []

    init(_ body: [UInt8], contentType: String) {
        guard let range = contentType.range(of: "boundary=") else { return }
        var boundary = String(contentType[range.upperBound...])
        if let semicolon = boundary.firstIndex(of: ";") { boundary = String(boundary[..<semicolon]) }
        boundary = boundary.trimmingCharacters(in: "\"")
        let delimiter = Array(("--" + boundary).utf8)
        var values: [(String, String)] = []
        for part in Self.split(body, by: delimiter) {
            guard let headerEnd = Self.find([13, 10, 13, 10], in: part) else { continue }
            let header = String(decoding: part[..<headerEnd], as: UTF8.self)
            var content = Array(part[(headerEnd + 4)...])
            if content.suffix(2) == [13, 10] { content.removeLast(2) }
            guard let name = Self.parameter("name", in: header) else { continue }
            if let filename = Self.parameter("filename", in: header) {
                files.append(PocketBaseUpload(key: name, originalName: filename, bytes: content))
                continue
            }
            values.append((name, String(decoding: content, as: UTF8.self)))
        }
        for (name, value) in values {
            if name == "@jsonPayload" {
                if let parsed = try? JSONParser().parse(value), case .object(let payload) = parsed {
                    for member in payload.members { object[member.key] = member.value }
                }
                continue
            }
            switch object[name] {
            case nil: object[name] = .string(value)
            case .array(let existing): object[name] = .array(existing + [.string(value)])
            case let existing?: object[name] = .array([existing, .string(value)])
            }
        }
    }

    private static func parameter(_ name: String, in header: String) -> String? {
        guard let range = header.range(of: " " + name + "=\"") ?? header.range(of: ";" + name + "=\"") else {
            return nil
        }
        let tail = header[range.upperBound...]
        guard let end = tail.firstIndex(of: "\"") else { return nil }
        return String(tail[..<end])
    }

    private static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = haystack.startIndex
        while index + needle.count <= haystack.endIndex {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private static func split(_ body: [UInt8], by delimiter: [UInt8]) -> [ArraySlice<UInt8>] {
        var parts: [ArraySlice<UInt8>] = []
        var rest = body[...]
        guard let first = find(delimiter, in: rest) else { return [] }
        rest = rest[(first + delimiter.count)...]
        while let next = find(delimiter, in: rest) {
            var part = rest[rest.startIndex..<next]
            if part.prefix(2).elementsEqual([13, 10]) { part = part.dropFirst(2) }
            parts.append(part)
            rest = rest[(next + delimiter.count)...]
        }
        return parts
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        var text = self[...]
        while text.first == set { text.removeFirst() }
        while text.last == set { text.removeLast() }
        return String(text)
    }
}
