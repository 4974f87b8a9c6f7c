/// A `multipart/form-data` body (RFC 7578 over RFC 2046's syntax) split into its parts: the
/// one reader every dialect's uploads go through.
///
/// The boundary comes from the `Content-Type` header; a delimiter counts only at the start of
/// the body or right after a line break, the CRLF before a delimiter belongs to it, and the
/// body must end with the close delimiter `--boundary--`. Parsing never traps; a body that is
/// not well-formed throws a ``MultipartFormError`` that says what is wrong and at which byte.
///
/// ```swift
/// let form = try MultipartForm(body: request.body, contentType: "multipart/form-data; boundary=XyZ")
/// form.part(named: "upload")?.filename  // "cover.png"
/// ```
public struct MultipartForm: Sendable {
    /// One part of the body.
    public struct Part: Sendable, Hashable {
        /// The `name` of its `Content-Disposition`, `""` when it has none.
        public var name: String
        /// The `filename` of its `Content-Disposition`, when given.
        public var filename: String?
        /// Its `Content-Type`, when given.
        public var contentType: String?
        /// Its bytes.
        public var body: [UInt8]

        /// Creates a part.
        ///
        /// - Parameters:
        ///   - name: The form name.
        ///   - filename: The file name, when the part is a file.
        ///   - contentType: The part's content type, when given.
        ///   - body: The bytes.
        public init(name: String, filename: String? = nil, contentType: String? = nil, body: [UInt8]) {
            self.name = name
            self.filename = filename
            self.contentType = contentType
            self.body = body
        }
    }

    /// How much a body may hold before it is refused.
    public struct Limits: Sendable, Hashable {
        /// The most parts a body may have.
        public var parts: Int
        /// The longest boundary accepted (RFC 2046 allows 70 characters; clients send more).
        public var boundaryLength: Int
        /// The most header bytes one part may have.
        public var headerBytes: Int

        /// Creates limits.
        ///
        /// - Parameters:
        ///   - parts: The most parts.
        ///   - boundaryLength: The longest boundary.
        ///   - headerBytes: The most header bytes per part.
        public init(parts: Int = 1_000, boundaryLength: Int = 200, headerBytes: Int = 16 * 1024) {
            self.parts = parts
            self.boundaryLength = boundaryLength
            self.headerBytes = headerBytes
        }
    }

    /// The parts, in body order.
    public let parts: [Part]

    /// Parses `body` sent with `contentType` (`multipart/form-data; boundary=…`).
    ///
    /// - Parameters:
    ///   - body: The request body.
    ///   - contentType: The request's `Content-Type` header value.
    ///   - limits: How much the body may hold.
    /// - Throws: ``MultipartFormError`` when the type is not multipart/form-data, the boundary is
    ///   missing or too long, or the body is not well-formed or exceeds `limits`.
    public init(body: [UInt8], contentType: String, limits: Limits = Limits()) throws(MultipartFormError) {
        guard contentType.lowercased().hasPrefix("multipart/form-data") else {
            throw MultipartFormError(.notMultipart(contentType))
        }
        guard let boundary = Self.parameter("boundary", in: contentType), !boundary.isEmpty else {
            throw MultipartFormError(.missingBoundary)
        }
        guard boundary.utf8.count <= limits.boundaryLength else {
            throw MultipartFormError(.boundaryTooLong(limit: limits.boundaryLength))
        }
        parts = try MultipartScanner(body: body, delimiter: Array("--\(boundary)".utf8), limits: limits).parts()
    }

    /// The first part named `name`.
    ///
    /// - Parameter name: The form name.
    /// - Returns: The part, or `nil` when no part has that name.
    public func part(named name: String) -> Part? {
        parts.first { $0.name == name }
    }

    /// A `key=value` or `key="value"` parameter of a header value (the key's case ignored).
    ///
    /// - Parameters:
    ///   - key: The parameter name, such as `boundary` or `filename`.
    ///   - header: The header value, such as `form-data; name="upload"`.
    /// - Returns: The value without its quotes, or `nil` when absent.
    public static func parameter(_ key: String, in header: some StringProtocol) -> String? {
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
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
