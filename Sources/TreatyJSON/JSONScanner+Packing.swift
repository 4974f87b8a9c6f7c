extension JSONScanner {
    /// Parses one top-level array element, packing it under `shape` straight from its bytes
    /// when it is an object with exactly `shape`'s keys in order (see ``JSONObject/packed(in:)``);
    /// any other element is parsed as usual.
    ///
    /// Every value is still checked exactly as ``parseValue()`` checks it, so an error is the same
    /// error at the same place. Numbers, literals and strings without escapes or non-ASCII bytes
    /// are copied as they are (their bytes are what the writer would write; strings are checked
    /// without being built); containers and other strings are written again from their parsed
    /// value.
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
            if try skipValueWrittenAsIs() {
                packing.bytes.append(contentsOf: UnsafeBufferPointer(start: base + valueStart, count: index - valueStart))
            } else {
                index = valueStart
                var writer = JSONWriter(options: JSONWriteOptions())
                writer.write(try parseValue())
                packing.bytes.append(contentsOf: writer.output)
                deepest = max(deepest, writer.deepest)
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

    /// Checks the value at `index` and moves past it, returning whether its bytes are exactly
    /// what the writer writes for it: a number, a literal, a string without escapes or non-ASCII
    /// bytes (checked, not built). A container returns `false` unread.
    private mutating func skipValueWrittenAsIs() throws(JSONParseError) -> Bool {
        switch base[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return false
        case UInt8(ascii: "\""):
            try skipString()
            return lastStringWasPlain
        default:
            _ = try parseValue()
            return true
        }
    }
}

/// The packing scratch of a ``JSONScanner``, reused from one packed element to the next.
struct PackingScratch {
    var bytes: [UInt8] = []
    var ends: [UInt16] = []
}
