internal import HTTPTypes

/// Collects the header block of the last response from libcurl's header callback, one line at a
/// time.
///
/// libcurl passes every header line it receives, including status lines and those of interim
/// responses (`100 Continue`, `103 Early Hints`) and proxy `CONNECT` replies. A status line
/// starts a new block and forgets the previous one, so only the final response's fields remain.
/// Obsolete line folding is joined with a single space.
struct ResponseHeaderParser {
    /// The reason phrase of the last status line; empty over HTTP/2 and later.
    private(set) var reasonPhrase = ""
    private var lines: [(name: String, value: [UInt8])] = []

    /// Feeds one line as libcurl delivers it, CRLF included.
    mutating func consume(_ line: some Collection<UInt8>) {
        var bytes = Array(line)
        while let last = bytes.last, last == UInt8(ascii: "\r") || last == UInt8(ascii: "\n") {
            bytes.removeLast()
        }
        guard let first = bytes.first else { return }
        if bytes.starts(with: "HTTP/".utf8) {
            startBlock(statusLine: bytes)
        } else if first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
            guard !lines.isEmpty else { return }
            lines[lines.count - 1].value += [UInt8(ascii: " ")] + Self.trimmed(bytes[...])
        } else if let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0 {
            let name = String(decoding: bytes[..<colon], as: UTF8.self)
            lines.append((name, Self.trimmed(bytes[(colon + 1)...])))
        }
    }

    /// The fields of the last block, in order; lines with invalid names are dropped.
    var headerFields: HTTPFields {
        var fields = HTTPFields()
        for line in lines {
            guard let name = HTTPField.Name(line.name) else { continue }
            fields.append(HTTPField(name: name, lenientValue: line.value))
        }
        return fields
    }

    private mutating func startBlock(statusLine: [UInt8]) {
        lines.removeAll(keepingCapacity: true)
        // "HTTP/1.1 200 OK": the reason is everything after the second space.
        let parts = statusLine.split(separator: UInt8(ascii: " "), maxSplits: 2, omittingEmptySubsequences: false)
        reasonPhrase = parts.count == 3 ? String(decoding: Self.trimmed(parts[2]), as: UTF8.self) : ""
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }),
            let end = bytes.lastIndex(where: { !isSpace($0) })
        else { return [] }
        return Array(bytes[start...end])
    }
}
