/// Masks secret fields of a `multipart/form-data` body: the contents of a part whose name is a
/// secret key, and the secret members of a part that holds JSON. Everything else, including
/// file parts, keeps its bytes.
struct MultipartRedaction {
    /// `--` and the boundary, or `nil` when the content type names none.
    let delimiter: [UInt8]?

    init(contentType: String) {
        let boundary = contentType.split(separator: ";").lazy
            .map { $0.trimmingPrefix(while: \.isWhitespace) }
            .first { $0.lowercased().hasPrefix("boundary=") }
            .map { $0.dropFirst("boundary=".count) }
            .map { $0.hasPrefix("\"") && $0.hasSuffix("\"") && $0.count >= 2 ? $0.dropFirst().dropLast() : $0 }
        delimiter = boundary.flatMap { $0.isEmpty ? nil : Array("--\($0)".utf8) }
    }

    func redacted(_ body: [UInt8]) -> [UInt8] {
        guard let delimiter else { return body }
        var starts: [Int] = []
        var search = body[...]
        while let range = search.firstRange(of: delimiter) {
            starts.append(range.lowerBound)
            search = body[range.upperBound...]
        }
        guard !starts.isEmpty else { return body }
        var result = Array(body[..<starts[0]])
        result.reserveCapacity(body.count)
        for (position, start) in starts.enumerated() {
            let end = position + 1 < starts.count ? starts[position + 1] : body.count
            result += redactedPart(body[start..<end], delimiterLength: delimiter.count)
        }
        return result
    }

    /// One part from its delimiter up to the next: delimiter line, headers, a blank line, the
    /// contents, and the line break that belongs to the next delimiter.
    private func redactedPart(_ part: ArraySlice<UInt8>, delimiterLength: Int) -> [UInt8] {
        let blank: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A]
        guard let headersEnd = part.firstRange(of: blank) else { return Array(part) }
        let headers = String(decoding: part[(part.startIndex + delimiterLength)..<headersEnd.lowerBound], as: UTF8.self)
        let contentStart = headersEnd.upperBound
        var contentEnd = part.endIndex
        if part[contentStart...].hasSuffix([0x0D, 0x0A]) { contentEnd -= 2 }
        let contents = Array(part[contentStart..<max(contentStart, contentEnd)])
        let replacement: [UInt8]
        if let name = Self.fieldName(in: headers), SecretPolicy.isSecretKey(name) {
            replacement = Array(SecretPolicy.mask.utf8)
        } else if headers.lowercased().contains("json") || contents.first == UInt8(ascii: "{") {
            replacement = JSONTextRedaction.redacted(contents)
        } else {
            return Array(part)
        }
        return Array(part[..<contentStart]) + replacement + Array(part[max(contentStart, contentEnd)...])
    }

    /// The `name` parameter of the part's `Content-Disposition`.
    private static func fieldName(in headers: String) -> String? {
        for line in headers.split(whereSeparator: \.isNewline) where line.lowercased().hasPrefix("content-disposition:")
        {
            for parameter in line.split(separator: ";").dropFirst() {
                let trimmed = parameter.trimmingPrefix(while: \.isWhitespace)
                guard trimmed.lowercased().hasPrefix("name=") else { continue }
                let value = trimmed.dropFirst("name=".count)
                return String(
                    value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2
                        ? value.dropFirst().dropLast() : value)
            }
        }
        return nil
    }
}

extension ArraySlice<UInt8> {
    fileprivate func hasSuffix(_ suffix: [UInt8]) -> Bool {
        count >= suffix.count && self[(endIndex - suffix.count)...].elementsEqual(suffix)
    }
}
