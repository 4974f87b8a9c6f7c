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
        // A delimiter counts only at the start of the body or right after a line break.
        var positions: [Int] = []
        var index = 0
        while let found = Self.find(delimiter, in: body, from: index) {
            if found == 0 || (found >= 2 && body[found - 2] == 13 && body[found - 1] == 10) { positions.append(found) }
            index = found + delimiter.count
        }
        // The last delimiter closes the body (`--boundary--`); without it the body was cut off.
        guard positions.count >= 2, let last = positions.last, last + delimiter.count + 1 < body.count,
            body[last + delimiter.count] == UInt8(ascii: "-"), body[last + delimiter.count + 1] == UInt8(ascii: "-")
        else { return nil }
        var parts: [Part] = []
        for (start, end) in zip(positions, positions.dropFirst()) {
            var cursor = start + delimiter.count
            // Skip the line break after the delimiter.
            guard cursor + 1 < body.count, body[cursor] == 13, body[cursor + 1] == 10 else { return nil }
            cursor += 2
            let headerEnd: Int
            if cursor + 1 < body.count, body[cursor] == 13, body[cursor + 1] == 10 {
                headerEnd = cursor - 2  // no header lines: the blank line follows the delimiter's
            } else {
                guard let found = Self.find(Array("\r\n\r\n".utf8), in: body, from: cursor), found < end else {
                    return nil
                }
                headerEnd = found
            }
            let headers = headerEnd < cursor ? "" : String(decoding: body[cursor..<headerEnd], as: UTF8.self)
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
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            return value
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else {
            return nil
        }
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
