/// A `multipart/form-data` body (RFC 7578) split into its parts, for container uploads.
///
/// Parsing never traps: a body that is not well-formed gives `nil`.
struct MultipartForm {
    struct Part {
        /// The `name` of its `Content-Disposition`.
        var name: String
        /// The `filename`, when given.
        var filename: String?
        /// Its `Content-Type`, when given.
        var contentType: String?
        /// Its bytes.
        var body: [UInt8]
    }

    let parts: [Part]

    /// Parses `body` sent with `contentType` (`multipart/form-data; boundary=…`).
    init?(body: [UInt8], contentType: String) {
        guard contentType.lowercased().hasPrefix("multipart/form-data"),
            let boundary = Self.parameter("boundary", in: contentType), !boundary.isEmpty, boundary.utf8.count <= 200
        else { return nil }
        let delimiter = Array("--\(boundary)".utf8)
        var positions: [Int] = []
        var index = 0
        while let found = Self.find(delimiter, in: body, from: index) {
            positions.append(found)
            index = found + delimiter.count
        }
        guard positions.count >= 2 else { return nil }
        var parts: [Part] = []
        for (start, end) in zip(positions, positions.dropFirst()) {
            var cursor = start + delimiter.count
            // Skip the line break after the delimiter.
            if cursor + 1 < body.count, body[cursor] == 13, body[cursor + 1] == 10 { cursor += 2 }
            guard let headerEnd = Self.find(Array("\r\n\r\n".utf8), in: body, from: cursor), headerEnd < end else {
                return nil
            }
            let headers = String(decoding: body[cursor..<headerEnd], as: UTF8.self)
            var contentEnd = end
            // The CRLF before the next delimiter belongs to the delimiter.
            if contentEnd >= 2, body[contentEnd - 2] == 13, body[contentEnd - 1] == 10 { contentEnd -= 2 }
            let contentStart = headerEnd + 4
            guard contentStart <= contentEnd else { return nil }
            var part = Part(name: "", filename: nil, contentType: nil, body: Array(body[contentStart..<contentEnd]))
            for line in headers.split(separator: "\r\n") {
                let pieces = line.split(separator: ":", maxSplits: 1)
                guard pieces.count == 2 else { continue }
                let value = pieces[1].trimmingSpaces
                switch pieces[0].lowercased() {
                case "content-disposition":
                    part.name = Self.parameter("name", in: value) ?? ""
                    part.filename = Self.parameter("filename", in: value)
                case "content-type": part.contentType = value
                default: break
                }
            }
            parts.append(part)
        }
        self.parts = parts
    }

    /// The first part named `name`.
    func part(named name: String) -> Part? {
        parts.first { $0.name == name }
    }

    /// A `key=value` or `key="value"` parameter of a header value.
    static func parameter(_ key: String, in header: String) -> String? {
        for piece in header.split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingSpaces.lowercased() == key.lowercased() else { continue }
            var value = pair[1].trimmingSpaces
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            return value
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == needle[0], Array(haystack[index..<index + needle.count]) == needle { return index }
            index += 1
        }
        return nil
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
