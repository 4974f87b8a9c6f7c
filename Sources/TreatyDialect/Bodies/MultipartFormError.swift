/// Why a `multipart/form-data` body could not be read.
///
/// ``description`` says what is wrong and, for a malformed body, at which byte offset.
public struct MultipartFormError: Error, Sendable, Hashable, CustomStringConvertible {
    enum Reason: Sendable, Hashable {
        case notMultipart(String)
        case missingBoundary
        case boundaryTooLong(limit: Int)
        case noDelimiter
        case missingCloseDelimiter
        case delimiterWithoutLineBreak(offset: Int)
        case unterminatedHeaders(part: Int, offset: Int)
        case headersTooLong(part: Int, limit: Int)
        case tooManyParts(limit: Int)
    }

    let reason: Reason

    init(_ reason: Reason) { self.reason = reason }

    /// Whether the body was refused because of its `Content-Type` (not multipart/form-data, or
    /// no usable boundary) rather than its bytes.
    public var isContentTypeProblem: Bool {
        switch reason {
        case .notMultipart, .missingBoundary, .boundaryTooLong: true
        default: false
        }
    }

    /// What is wrong, in one sentence.
    public var description: String {
        switch reason {
        case .notMultipart(let type):
            type.isEmpty
                ? "the body has no Content-Type; expected multipart/form-data"
                : "Content-Type '\(type)' is not multipart/form-data"
        case .missingBoundary: "the multipart/form-data Content-Type has no boundary parameter"
        case .boundaryTooLong(let limit): "the multipart boundary is longer than \(limit) bytes"
        case .noDelimiter: "the body never uses the boundary of its Content-Type"
        case .missingCloseDelimiter: "the body ends without its close delimiter (--boundary--); it was cut off"
        case .delimiterWithoutLineBreak(let offset): "the delimiter at byte \(offset) is not followed by a line break"
        case .unterminatedHeaders(let part, let offset):
            "part \(part + 1), starting at byte \(offset), has no blank line ending its headers"
        case .headersTooLong(let part, let limit): "the headers of part \(part + 1) are longer than \(limit) bytes"
        case .tooManyParts(let limit): "the body has more than \(limit) parts"
        }
    }
}
