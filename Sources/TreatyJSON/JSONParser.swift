/// A strict RFC 8259 JSON parser that keeps what other parsers lose.
///
/// The parser builds ``JSONValue`` trees that keep object keys in order, tell a missing key
/// from a `null` one, and keep every number's exact text. It accepts exactly RFC 8259 JSON:
/// no comments, no trailing commas, no `NaN`, no duplicate object keys, no invalid UTF-8. A
/// leading UTF-8 byte order mark is skipped. Every refusal is a ``JSONParseError`` with the
/// line, column and byte offset of the problem.
///
/// ```swift
/// let value = try JSONParser().parse(#"{"id": "T1", "assignee_id": null}"#)
/// ```
///
/// Containers are parsed with an explicit stack, never by recursion, so hostile nesting cannot
/// overflow the call stack; ``Options/maxDepth`` bounds it (and is itself capped at
/// ``Options/depthCeiling``, because destroying or comparing a `JSONValue` recurses).
///
/// Two keys are duplicates when Swift's `String` equality (canonical equivalence) says so, the
/// same rule ``JSONObject`` lookups use, so no member can hide behind another.
///
/// To check a huge document whose top level is an array without holding the whole tree, use
/// ``parse(_:eachTopLevelElement:)``.
public struct JSONParser: Sendable {
    /// Limits that protect the parser from hostile or runaway input.
    public struct Options: Sendable, Hashable {
        /// The hard ceiling on ``maxDepth``: 1,000 levels.
        ///
        /// Parsing itself does not recurse, but destroying, comparing and serializing a
        /// ``JSONValue`` do; 1,000 levels keeps those safe on a 512 KiB thread stack.
        public static let depthCeiling = 1_000

        /// The deepest nesting of arrays and objects accepted (the top-level container is level
        /// 1). Values above ``depthCeiling`` act as ``depthCeiling``; values below 0 as 0.
        public var maxDepth: Int = 512

        /// The largest document accepted, in bytes, checked before parsing starts.
        public var maxDocumentSize: Int = 256 * 1024 * 1024

        /// Creates options.
        ///
        /// - Parameters:
        ///   - maxDepth: The deepest nesting accepted; 512 by default, at most ``depthCeiling``.
        ///   - maxDocumentSize: The largest document accepted, in bytes; 256 MiB by default.
        public init(maxDepth: Int = 512, maxDocumentSize: Int = 256 * 1024 * 1024) {
            self.maxDepth = maxDepth
            self.maxDocumentSize = maxDocumentSize
        }

        /// ``maxDepth`` clamped to `0...depthCeiling`.
        var effectiveMaxDepth: Int { min(max(maxDepth, 0), Self.depthCeiling) }
    }

    /// The limits this parser enforces.
    public var options: Options

    /// Creates a parser.
    ///
    /// - Parameter options: The limits to enforce; the defaults suit documents up to 256 MiB.
    public init(options: Options = .init()) {
        self.options = options
    }

    /// Parses a complete JSON document from UTF-8 bytes.
    ///
    /// Contiguous collections (`[UInt8]`, `ArraySlice<UInt8>`, `Data`,
    /// `UnsafeRawBufferPointer`, a `String`'s `utf8` view) are parsed in place; any other
    /// collection is copied once first.
    ///
    /// - Parameter bytes: The document, UTF-8 encoded, optionally with a byte order mark.
    /// - Returns: The document's value.
    /// - Throws: ``JSONParseError`` if the bytes are not one strict RFC 8259 JSON value
    ///   surrounded by optional whitespace, or break a limit in ``options``.
    public func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
        try checkSize(bytes.count)
        let maxDepth = options.effectiveMaxDepth
        let contiguous = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONParseError) -> JSONValue in try Self.parseDocument(buffer, maxDepth: maxDepth) }
        }
        if let contiguous { return try contiguous.get() }
        let copy = Array(bytes)
        return try copy.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONParseError) -> JSONValue in try Self.parseDocument(buffer, maxDepth: maxDepth) }
        }.get()
    }

    /// Parses a complete JSON document from a string.
    ///
    /// - Parameter text: The document.
    /// - Returns: The document's value.
    /// - Throws: ``JSONParseError`` if the text is not one strict RFC 8259 JSON value surrounded
    ///   by optional whitespace, or breaks a limit in ``options``.
    public func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(text.utf8)
    }

    /// Throws if a document of `size` bytes is larger than the limit.
    func checkSize(_ size: Int) throws(JSONParseError) {
        guard size <= options.maxDocumentSize else {
            throw JSONParseError(
                .documentTooLarge(size: size, limit: options.maxDocumentSize),
                at: JSONSourcePosition(offset: 0, line: 1, column: 1))
        }
    }

    private static func parseDocument(_ buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int) throws(JSONParseError) -> JSONValue {
        guard buffer.count > 0 else {
            throw JSONParseError(.emptyDocument, at: JSONSourcePosition(offset: 0, line: 1, column: 1))
        }
        var scanner = JSONScanner(buffer: buffer, maxDepth: maxDepth)
        return try scanner.parseDocument()
    }
}
