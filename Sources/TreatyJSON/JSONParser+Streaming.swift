extension JSONParser {
    /// Parses a document, handing the elements of a top-level array to `body` one at a time.
    ///
    /// When the document's top level is an array, each element is parsed, passed to `body`
    /// with its index and source position, and released before the next one is parsed, so
    /// memory stays bounded by the largest element rather than the document; the result is
    /// ``JSONTopLevel/array(count:)``. Any other top-level value is returned whole as
    /// ``JSONTopLevel/value(_:)`` and `body` is never called. The whole document is still
    /// checked: an error after the last element (a missing `]`, trailing garbage) is thrown
    /// after `body` has seen the elements before it.
    ///
    /// ```swift
    /// let top = try JSONParser().parse(dump) { element in
    ///     try check(element.value, at: element.position)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - bytes: The document, UTF-8 encoded, optionally with a byte order mark.
    ///   - body: Called once per top-level array element, in order.
    /// - Returns: ``JSONTopLevel/array(count:)`` with the number of elements, or
    ///   ``JSONTopLevel/value(_:)`` with a top level that is not an array.
    /// - Throws: ``JSONParseError`` if the document is not strict RFC 8259 JSON or breaks a
    ///   limit in ``options``; any error thrown by `body`, unchanged, which stops parsing.
    public func parse(
        _ bytes: some Collection<UInt8>,
        eachTopLevelElement body: (JSONElement) throws -> Void
    ) throws -> JSONTopLevel {
        try parse(bytes, packingObjectsIn: nil, eachTopLevelElement: body)
    }

    /// Parses a document like ``parse(_:eachTopLevelElement:)``, handing out each top-level
    /// array element that is an object with exactly `shape`'s keys in order packed under it
    /// (see ``JSONObject/packed(in:)``), built from its bytes without a tree in between.
    ///
    /// The document is checked exactly as ``parse(_:eachTopLevelElement:)`` checks it, with the
    /// same errors; elements with other keys, or too large to pack, come as parsed.
    ///
    /// - Parameters:
    ///   - bytes: The document, UTF-8 encoded, optionally with a byte order mark.
    ///   - shape: The keys to pack objects under; `nil` packs nothing.
    ///   - body: Called once per top-level array element, in order.
    /// - Returns: ``JSONTopLevel/array(count:)`` with the number of elements, or
    ///   ``JSONTopLevel/value(_:)`` with a top level that is not an array (never packed).
    /// - Throws: ``JSONParseError`` if the document is not strict RFC 8259 JSON or breaks a
    ///   limit in ``options``; any error thrown by `body`, unchanged, which stops parsing.
    public func parse(
        _ bytes: some Collection<UInt8>,
        packingObjectsIn shape: JSONShape?,
        eachTopLevelElement body: (JSONElement) throws -> Void
    ) throws -> JSONTopLevel {
        try checkSize(bytes.count)
        let maxDepth = options.effectiveMaxDepth
        if let result = try bytes.withContiguousStorageIfAvailable({ buffer in
            try Self.streamDocument(buffer, maxDepth: maxDepth, shape: shape, body: body)
        }) {
            return result
        }
        return try Array(bytes).withUnsafeBufferPointer { buffer in
            try Self.streamDocument(buffer, maxDepth: maxDepth, shape: shape, body: body)
        }
    }

    private static func streamDocument(
        _ buffer: UnsafeBufferPointer<UInt8>,
        maxDepth: Int,
        shape: JSONShape?,
        body: (JSONElement) throws -> Void
    ) throws -> JSONTopLevel {
        guard buffer.count > 0 else {
            throw JSONParseError(.emptyDocument, at: JSONSourcePosition(offset: 0, line: 1, column: 1))
        }
        var scanner = JSONScanner(buffer: buffer, maxDepth: maxDepth)
        return try scanner.parseDocument(packingIn: shape, eachTopLevelElement: body)
    }
}
