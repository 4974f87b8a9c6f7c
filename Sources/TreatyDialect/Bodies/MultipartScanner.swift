/// Splits a multipart body at its delimiters and reads each part's headers.
struct MultipartScanner {
    let body: [UInt8]
    /// `--boundary`.
    let delimiter: [UInt8]
    let limits: MultipartForm.Limits

    private static let crlf: [UInt8] = [13, 10]
    private static let blankLine: [UInt8] = [13, 10, 13, 10]

    func parts() throws(MultipartFormError) -> [MultipartForm.Part] {
        let positions = delimiterPositions()
        guard !positions.isEmpty else { throw MultipartFormError(.noDelimiter) }
        // The last delimiter closes the body (`--boundary--`); without it the body was cut off.
        guard positions.count >= 2, let last = positions.last, last + delimiter.count + 1 < body.count,
            body[last + delimiter.count] == UInt8(ascii: "-"), body[last + delimiter.count + 1] == UInt8(ascii: "-")
        else { throw MultipartFormError(.missingCloseDelimiter) }
        guard positions.count - 1 <= limits.parts else { throw MultipartFormError(.tooManyParts(limit: limits.parts)) }
        var parts: [MultipartForm.Part] = []
        parts.reserveCapacity(positions.count - 1)
        for (number, (start, end)) in zip(positions, positions.dropFirst()).enumerated() {
            parts.append(try part(number, from: start, to: end))
        }
        return parts
    }

    /// Where the delimiter starts: at the start of the body or right after a line break.
    private func delimiterPositions() -> [Int] {
        var positions: [Int] = []
        var index = 0
        while let found = find(delimiter, from: index, before: body.count) {
            if found == 0 || (found >= 2 && body[found - 2] == 13 && body[found - 1] == 10) { positions.append(found) }
            index = found + delimiter.count
        }
        return positions
    }

    private func part(_ number: Int, from start: Int, to end: Int) throws(MultipartFormError) -> MultipartForm.Part {
        var cursor = start + delimiter.count
        guard cursor + 1 < body.count, body[cursor] == 13, body[cursor + 1] == 10 else {
            throw MultipartFormError(.delimiterWithoutLineBreak(offset: start))
        }
        cursor += 2
        let headerEnd: Int
        if cursor + 1 < body.count, body[cursor] == 13, body[cursor + 1] == 10 {
            headerEnd = cursor - 2  // no header lines: the blank line follows the delimiter's
        } else {
            guard let found = find(Self.blankLine, from: cursor, before: end) else {
                throw MultipartFormError(.unterminatedHeaders(part: number, offset: start))
            }
            headerEnd = found
        }
        guard headerEnd - cursor <= limits.headerBytes else {
            throw MultipartFormError(.headersTooLong(part: number, limit: limits.headerBytes))
        }
        var contentEnd = end
        // The CRLF before the next delimiter belongs to the delimiter.
        if contentEnd >= 2, body[contentEnd - 2] == 13, body[contentEnd - 1] == 10 { contentEnd -= 2 }
        let contentStart = headerEnd + 4
        guard contentStart <= contentEnd else {
            throw MultipartFormError(.unterminatedHeaders(part: number, offset: start))
        }
        var part = MultipartForm.Part(name: "", body: Array(body[contentStart..<contentEnd]))
        let headers = headerEnd < cursor ? "" : String(decoding: body[cursor..<headerEnd], as: UTF8.self)
        for line in headers.split(separator: "\r\n") {
            let pieces = line.split(separator: ":", maxSplits: 1)
            guard pieces.count == 2 else { continue }
            let value = pieces[1].trimmingSpaces
            switch pieces[0].lowercased() {
            case "content-disposition":
                part.name = MultipartForm.parameter("name", in: value) ?? ""
                part.filename = MultipartForm.parameter("filename", in: value)
            case "content-type": part.contentType = value
            default: break
            }
        }
        return part
    }

    /// The first index at or after `start` where `needle` lies wholly before `limit`.
    private func find(_ needle: [UInt8], from start: Int, before limit: Int) -> Int? {
        guard let first = needle.first, limit - needle.count >= start else { return nil }
        var index = start
        let last = limit - needle.count
        while index <= last {
            if body[index] == first {
                var matched = 1
                while matched < needle.count, body[index + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return index }
            }
            index += 1
        }
        return nil
    }
}
