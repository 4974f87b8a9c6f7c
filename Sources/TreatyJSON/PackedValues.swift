/// A packed object's values: their compact JSON bytes one after another in its shape's key
/// order, in one allocation with the offset where each value ends.
///
/// The bytes are exactly what ``JSONWriter`` writes for each value in compact form, so writing
/// a packed object copies them, and reading a value decodes only that value. Immutable once
/// made, so it is shared freely between threads.
final class PackedValues: ManagedBuffer<PackedValues.Header, UInt8> {
    struct Header {
        let shape: JSONShape
        /// How many value bytes follow the offsets.
        let byteCount: UInt32
        /// The deepest nesting of the object written whole (the object itself is level 1).
        let depth: UInt32
    }

    /// The most value bytes one packed object holds (offsets are 16 bits).
    static let maximumByteCount = Int(UInt16.max)

    /// Packs `values`, one per key of `shape` in its order, or returns `nil` when their bytes
    /// exceed ``maximumByteCount`` or a value nests deeper than the parser reads back.
    static func make(shape: JSONShape, values: some Sequence<JSONValue>) -> PackedValues? {
        var writer = JSONWriter(options: JSONWriteOptions())
        var ends: [UInt16] = []
        ends.reserveCapacity(shape.keys.count)
        for value in values {
            writer.write(value)
            guard writer.output.count <= maximumByteCount, writer.deepest < JSONParser.Options.depthCeiling else {
                return nil
            }
            ends.append(UInt16(writer.output.count))
        }
        guard ends.count == shape.keys.count else { return nil }
        return writer.output.withUnsafeBufferPointer { make(shape: shape, ends: ends, bytes: $0, depth: writer.deepest + 1) }
    }

    /// Packs values already written in compact form: `bytes` holds them in `shape`'s key order,
    /// `ends[i]` is where value `i` ends, and `depth` is the object's nesting written whole.
    static func make(shape: JSONShape, ends: [UInt16], bytes: UnsafeBufferPointer<UInt8>, depth: Int) -> PackedValues {
        let offsetBytes = ends.count * MemoryLayout<UInt16>.size
        let buffer = create(minimumCapacity: offsetBytes + bytes.count) { _ in
            Header(shape: shape, byteCount: UInt32(bytes.count), depth: UInt32(depth))
        }
        let packed = unsafeDowncast(buffer, to: PackedValues.self)
        packed.withUnsafeMutablePointerToElements { base in
            ends.withUnsafeBytes { UnsafeMutableRawPointer(base).copyMemory(from: $0.baseAddress!, byteCount: offsetBytes) }
            if let source = bytes.baseAddress { (base + offsetBytes).update(from: source, count: bytes.count) }
        }
        return packed
    }

    var shape: JSONShape { header.shape }

    var count: Int { header.shape.keys.count }

    /// The deepest nesting of the object written whole (the object itself is level 1).
    var depth: Int { Int(header.depth) }

    /// Calls `body` with the compact JSON bytes of value `position`.
    @inline(__always)
    func withValueBytes<R>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withUnsafeMutablePointerToElements { base in
            let ends = UnsafeRawPointer(base)
            let start = position == 0 ? 0 : Int(ends.loadUnaligned(fromByteOffset: (position - 1) * 2, as: UInt16.self))
            let end = Int(ends.loadUnaligned(fromByteOffset: position * 2, as: UInt16.self))
            let values = UnsafePointer(base) + count * 2
            return body(UnsafeBufferPointer(start: values + start, count: end - start))
        }
    }

    /// Calls `body` with all value bytes, in key order.
    func withAllValueBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withUnsafeMutablePointerToElements { base in
            body(UnsafeBufferPointer(start: UnsafePointer(base) + count * 2, count: Int(header.byteCount)))
        }
    }

    /// The value at `position`.
    func value(at position: Int) -> JSONValue {
        withValueBytes(at: position, Self.decode)
    }

    /// The members, keys from the shape.
    var members: [JSONObject.Member] {
        let keys = shape.keys
        return keys.indices.map { JSONObject.Member(key: keys[$0], value: value(at: $0)) }
    }

    /// Appends the object in compact form: `{"key":value,…}`.
    func write(into output: inout [UInt8]) {
        let prefixes = shape.keyPrefixes
        output.append(UInt8(ascii: "{"))
        for position in prefixes.indices {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            output.append(contentsOf: prefixes[position])
            withValueBytes(at: position) { output.append(contentsOf: $0) }
        }
        output.append(UInt8(ascii: "}"))
    }

    /// Whether both hold the same value bytes under the same shape.
    func hasSameBytes(as other: PackedValues) -> Bool {
        guard shape.hasKeys(of: other.shape), header.byteCount == other.header.byteCount else { return false }
        return withUnsafeMutablePointerToElements { lhs in
            other.withUnsafeMutablePointerToElements { rhs in
                let length = count * 2 + Int(header.byteCount)
                return UnsafeBufferPointer(start: lhs, count: length).elementsEqual(UnsafeBufferPointer(start: rhs, count: length))
            }
        }
    }

    /// Decodes one value written by ``JSONWriter`` in compact form: scalars directly, containers
    /// and strings with escapes through the parser.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONValue {
        switch bytes[0] {
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "t"): return .bool(true)
        case UInt8(ascii: "f"): return .bool(false)
        case UInt8(ascii: "\""):
            let text = UnsafeBufferPointer(rebasing: bytes[1..<(bytes.count - 1)])
            if !text.contains(UInt8(ascii: "\\")) { return .string(String(decoding: text, as: UTF8.self)) }
        case UInt8(ascii: "["):
            if bytes.count == 2 { return .array([]) }
        case UInt8(ascii: "{"):
            if bytes.count == 2 { return .object(JSONObject()) }
        default:
            return .number(decodeNumber(bytes))
        }
        return reparse(bytes)
    }

    /// A number's text as ``JSONNumber`` stores it: small canonical integers directly.
    private static func decodeNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONNumber {
        let negative = bytes[0] == UInt8(ascii: "-")
        let digits = UnsafeBufferPointer(rebasing: bytes[(negative ? 1 : 0)...])
        if digits.count <= 18, digits.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }),
            digits.count == 1 ? !(negative && digits[0] == UInt8(ascii: "0")) : digits[0] != UInt8(ascii: "0")
        {
            let magnitude = digits.reduce(Int64(0)) { $0 &* 10 &+ Int64($1 &- UInt8(ascii: "0")) }
            return JSONNumber(negative ? -magnitude : magnitude)
        }
        let isInteger = !bytes.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        return JSONNumber(validatedText: String(decoding: bytes, as: UTF8.self), isInteger: isInteger)
    }

    /// Parses bytes the writer wrote: they are valid JSON no deeper than the parser's ceiling
    /// (``make(shape:values:)`` refuses deeper values), so parsing cannot fail.
    private static func reparse(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONValue {
        let parser = JSONParser(options: .init(maxDepth: JSONParser.Options.depthCeiling, maxDocumentSize: maximumByteCount))
        do {
            return try parser.parse(bytes)
        } catch {
            preconditionFailure("packed JSON bytes failed to parse: \(error)")
        }
    }
}
