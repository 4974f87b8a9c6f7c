extension JSONScanner {
    /// Parses one top-level array element, packing it under `shape` straight from its bytes
    /// when it is an object with exactly `shape`'s keys in order (see ``JSONObject/packed(in:)``);
    /// any other element is parsed as usual.
    ///
    /// Every value is still parsed, so the element is checked exactly as ``parseValue()`` checks
    /// it and an error is the same error at the same place. Numbers, literals and strings without
    /// escapes or non-ASCII bytes are copied as they are (their bytes are what the writer would
    /// write); containers and other strings are written again from their parsed value.
    mutating func parseElement(packingIn shape: JSONShape) throws(JSONParseError) -> JSONValue {
        let start = (index: index, line: line, lineStart: lineStart)
        if let packed = try pack(shape) { return .object(JSONObject(packed: packed)) }
        (index, line, lineStart) = start
        return try parseValue()
    }

    /// The packed values of the object at `index`, or `nil` when it is not an object with exactly
    /// `shape`'s keys in order, or is too large or deep to pack; `index` is then anywhere.
    private mutating func pack(_ shape: JSONShape) throws(JSONParseError) -> PackedValues? {
        guard base[index] == UInt8(ascii: "{"), outerDepth < maxDepth else { return nil }
        index += 1
        outerDepth += 1
        defer { outerDepth -= 1 }
        packing.bytes.removeAll(keepingCapacity: true)
        packing.ends.removeAll(keepingCapacity: true)
        var deepest = 0
        for (position, key) in shape.keys.enumerated() {
            skipWhitespace()
            if position > 0 {
                guard index < end, base[index] == UInt8(ascii: ",") else { return nil }
                index += 1
                skipWhitespace()
            }
            guard index < end, base[index] == UInt8(ascii: "\""), try scanString() == key else { return nil }
            skipWhitespace()
            guard index < end, base[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            skipWhitespace()
            guard index < end else { return nil }
            let valueStart = index
            let first = base[index]
            let value = try parseValue()
            if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") || (first == UInt8(ascii: "\"") && !lastStringWasPlain) {
                var writer = JSONWriter(options: JSONWriteOptions())
                writer.write(value)
                packing.bytes.append(contentsOf: writer.output)
                deepest = max(deepest, writer.deepest)
            } else {
                packing.bytes.append(contentsOf: UnsafeBufferPointer(start: base + valueStart, count: index - valueStart))
            }
            guard packing.bytes.count <= PackedValues.maximumByteCount else { return nil }
            packing.ends.append(UInt16(packing.bytes.count))
        }
        skipWhitespace()
        guard index < end, base[index] == UInt8(ascii: "}"), outerDepth + deepest <= JSONParser.Options.depthCeiling else {
            return nil
        }
        index += 1
        return packing.bytes.withUnsafeBufferPointer {
            PackedValues.make(shape: shape, ends: packing.ends, bytes: $0, depth: deepest + 1)
        }
    }
}

/// The packing scratch of a ``JSONScanner``, reused from one packed element to the next.
struct PackingScratch {
    var bytes: [UInt8] = []
    var ends: [UInt16] = []
}
