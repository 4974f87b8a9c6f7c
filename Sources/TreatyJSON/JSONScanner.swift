/// The parsing engine behind ``JSONParser``: one pass over a contiguous UTF-8 buffer.
///
/// Containers are parsed iteratively with an explicit stack of frames, so nesting depth costs
/// heap, never call stack. Elements and members of open containers wait on scratch stacks and
/// are moved into exactly sized arrays when their container closes. Lines are counted while
/// whitespace is skipped, the only place a raw line feed can appear in valid JSON.
struct JSONScanner: ~Copyable {
    /// An open array or object.
    struct Frame {
        /// Whether the container is an object.
        var isObject: Bool
        /// Where the container's values begin on `values` (arrays) or `members` (objects).
        var start: Int
        /// The key whose value is being parsed (objects only).
        var key: String = ""
        /// Each key's member index, built once an object is large enough to need it.
        var keyIndex: [String: Int]? = nil
        /// One bit per plain-ASCII key seen, from its length and first and last bytes.
        var keyBloom: UInt64 = 0
        /// Whether a key had escapes or non-ASCII bytes.
        var hasNonPlainKey = false
    }

    /// Objects with at least this many members check duplicates with a dictionary, not a scan.
    static let linearKeyScanLimit = 32

    /// The input and its length; `index` is the next byte to read.
    let base: UnsafePointer<UInt8>
    let end: Int
    var index = 0
    /// The current line (1-based) and the offset where it starts.
    var line = 1
    var lineStart = 0
    /// The deepest nesting accepted, already clamped to the ceiling.
    let maxDepth: Int
    /// The depth of the containers the engine does not see (1 while streaming a top-level array).
    var outerDepth = 0
    /// While streaming a top-level array: how many elements have been handed out.
    var streamedCount: Int? = nil
    /// The innermost open container, when `depth > 0`.
    var current = Frame(isObject: false, start: 0)
    /// The open containers around `current`, outermost first.
    var frames: [Frame] = []
    /// How many containers are open inside the value being parsed (`current` and `frames`).
    var depth = 0
    /// The elements of open arrays and the members of open objects.
    var values = ScratchStack<JSONValue>()
    var members = ScratchStack<JSONObject.Member>()
    /// Where strings with escapes are unescaped.
    var escapeBuffer: [UInt8] = []
    /// Recently read strings, reused when the same bytes come again.
    var strings: StringInternTable
    /// Whether the last string scanned had neither escapes nor non-ASCII bytes.
    var lastStringWasPlain = false
    /// Where top-level elements are packed (``parseElement(packingIn:)``).
    var packing = PackingScratch()

    /// Creates a scanner over `buffer`, which must not be empty.
    init(buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        base = buffer.baseAddress!
        end = buffer.count
        self.maxDepth = maxDepth
        strings = StringInternTable(inputLength: buffer.count)
        frames.reserveCapacity(16)
    }

    // MARK: Positions and whitespace

    /// The position of `offset`, which must be on the current line.
    @inline(__always)
    func position(_ offset: Int) -> JSONSourcePosition {
        JSONSourcePosition(offset: offset, line: line, column: offset - lineStart + 1)
    }

    /// Skips a UTF-8 byte order mark at the very start of the input.
    mutating func skipByteOrderMark() {
        if end >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF {
            index = 3
            lineStart = 3
        }
    }

    /// Skips JSON whitespace, counting line feeds.
    @inline(__always)
    mutating func skipWhitespace() {
        while index < end {
            let byte = base[index]
            if byte > 0x20 { return }
            if byte == 0x20 || byte == 0x09 || byte == 0x0D {
                index += 1
            } else if byte == 0x0A {
                index += 1
                line += 1
                lineStart = index
            } else {
                return
            }
        }
    }

    // MARK: Documents

    /// Parses the whole input as one value followed only by whitespace.
    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        try startDocument()
        let value = try parseValue()
        try finishDocument()
        return value
    }

    /// Parses the whole input, handing each element of a top-level array to `body`, packed
    /// under `shape` when it has exactly its keys (see ``parseElement(packingIn:)``).
    mutating func parseDocument(
        packingIn shape: JSONShape? = nil, eachTopLevelElement body: (JSONElement) throws -> Void
    ) throws -> JSONTopLevel {
        try startDocument()
        guard base[index] == UInt8(ascii: "[") else {
            let value = try parseValue()
            try finishDocument()
            return .value(value)
        }
        guard maxDepth >= 1 else { throw JSONParseError(.tooDeep(limit: maxDepth), at: position(index)) }
        outerDepth = 1
        streamedCount = 0
        index += 1
        skipWhitespace()
        var count = 0
        if index < end, base[index] == UInt8(ascii: "]") {
            index += 1
        } else {
            while true {
                let elementPosition = position(index)
                let value: JSONValue
                if let shape { value = try parseElement(packingIn: shape) } else { value = try parseValue() }
                try body(JSONElement(index: count, value: value, position: elementPosition))
                count += 1
                streamedCount = count
                skipWhitespace()
                guard index < end else { throw unexpectedEnd("expected ',' or ']' after an array element") }
                let byte = base[index]
                index += 1
                if byte == UInt8(ascii: ",") {
                    skipWhitespace()
                } else if byte == UInt8(ascii: "]") {
                    break
                } else {
                    throw unexpected(at: index - 1, "expected ',' or ']' after an array element")
                }
            }
        }
        outerDepth = 0
        streamedCount = nil
        try finishDocument()
        return .array(count: count)
    }

    private mutating func startDocument() throws(JSONParseError) {
        skipByteOrderMark()
        skipWhitespace()
        guard index < end else { throw JSONParseError(.emptyDocument, at: position(index)) }
    }

    private mutating func finishDocument() throws(JSONParseError) {
        skipWhitespace()
        guard index < end else { return }
        throw JSONParseError(.trailingData(try describeByte(at: index)), at: position(index))
    }

    // MARK: Values

    /// Parses one value at `index` (whitespace already skipped), with everything it contains.
    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        // Optional so that `take()` can move the value into its container without a copy.
        var value: JSONValue?
        parsing: while true {
            guard index < end else { throw unexpectedEnd(expectedValue()) }
            switch base[index] {
            case UInt8(ascii: "\""):
                value = .string(try scanString())
            case UInt8(ascii: "{"):
                try checkDepth()
                index += 1
                skipWhitespace()
                if index < end, base[index] == UInt8(ascii: "}") {
                    index += 1
                    value = .object(JSONObject())
                } else {
                    openContainer(Frame(isObject: true, start: members.count))
                    try scanKey(afterComma: false)
                    continue parsing
                }
            case UInt8(ascii: "["):
                try checkDepth()
                index += 1
                skipWhitespace()
                if index < end, base[index] == UInt8(ascii: "]") {
                    index += 1
                    value = .array([])
                } else {
                    openContainer(Frame(isObject: false, start: values.count))
                    continue parsing
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = .number(try scanNumber())
            case UInt8(ascii: "t"):
                try scanLiteral(0x6575_7274, "true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try scanFalse()
                value = .bool(false)
            case UInt8(ascii: "n"):
                try scanLiteral(0x6C6C_756E, "null")
                value = .null
            default:
                throw notAValue()
            }

            // A value is complete: add it to its container, closing containers as they end.
            while depth > 0 {
                skipWhitespace()
                if current.isObject {
                    members.push(JSONObject.Member(key: current.key, value: value.take()!))
                    guard index < end else { throw unexpectedEnd("expected ',' or '}' after an object member") }
                    let byte = base[index]
                    index += 1
                    if byte == UInt8(ascii: ",") {
                        skipWhitespace()
                        try scanKey(afterComma: true)
                        continue parsing
                    } else if byte == UInt8(ascii: "}") {
                        value = .object(JSONObject(uniqueMembers: members.popArray(from: current.start), keyIndex: current.keyIndex))
                        closeContainer()
                    } else {
                        throw unexpected(at: index - 1, "expected ',' or '}' after an object member")
                    }
                } else {
                    values.push(value.take()!)
                    guard index < end else { throw unexpectedEnd("expected ',' or ']' after an array element") }
                    let byte = base[index]
                    index += 1
                    if byte == UInt8(ascii: ",") {
                        skipWhitespace()
                        continue parsing
                    } else if byte == UInt8(ascii: "]") {
                        value = .array(values.popArray(from: current.start))
                        closeContainer()
                    } else {
                        throw unexpected(at: index - 1, "expected ',' or ']' after an array element")
                    }
                }
            }
            return value.take()!
        }
    }

    /// Makes `frame` the innermost open container.
    @inline(__always)
    private mutating func openContainer(_ frame: Frame) {
        if depth > 0 { frames.append(current) }
        current = frame
        depth += 1
    }

    /// Closes the innermost open container.
    @inline(__always)
    private mutating func closeContainer() {
        depth -= 1
        if depth > 0 { current = frames.removeLast() }
    }

    /// Throws if opening one more container would nest deeper than the limit.
    @inline(__always)
    private func checkDepth() throws(JSONParseError) {
        if outerDepth + depth >= maxDepth {
            throw JSONParseError(.tooDeep(limit: maxDepth), at: position(index))
        }
    }

    /// Parses an object key and the `:` after it; leaves `index` at the value.
    private mutating func scanKey(afterComma: Bool) throws(JSONParseError) {
        let expected = afterComma ? "expected a string key after ','" : "expected a string key or '}'"
        guard index < end else { throw unexpectedEnd(expected) }
        guard base[index] == UInt8(ascii: "\"") else { throw unexpected(at: index, expected) }
        let keyOffset = index
        let key = try scanString()
        let start = current.start
        let existing = members.count - start
        if existing > 0 {
            if existing < Self.linearKeyScanLimit {
                // Keys whose raw text is plain ASCII get a bit from (length, first, last byte);
                // only a key whose bit is already taken, or any key when a key had escapes or
                // non-ASCII bytes (canonical equivalence), needs the scan.
                let bit = plainKeyBit(from: keyOffset + 1, to: index - 1)
                let mask: UInt64 = bit.map { 1 << $0 } ?? 0
                if mask == 0 || current.keyBloom & mask != 0 || current.hasNonPlainKey {
                    for i in start..<members.count where members.pointer(at: i).pointee.key == key {
                        throw duplicateKey(key, at: keyOffset)
                    }
                }
                current.keyBloom |= mask
                if mask == 0 { current.hasNonPlainKey = true }
            } else {
                if current.keyIndex == nil {
                    var keys = [String: Int](minimumCapacity: existing * 2)
                    for i in start..<members.count { keys[members.pointer(at: i).pointee.key] = i - start }
                    current.keyIndex = keys
                }
                if current.keyIndex!.updateValue(existing, forKey: key) != nil {
                    throw duplicateKey(key, at: keyOffset)
                }
            }
        } else {
            let bit = plainKeyBit(from: keyOffset + 1, to: index - 1)
            current.keyBloom = bit.map { 1 << $0 } ?? 0
            current.hasNonPlainKey = bit == nil
        }
        current.key = key
        skipWhitespace()
        guard index < end else { throw unexpectedEnd("expected ':' after an object key") }
        guard base[index] == UInt8(ascii: ":") else { throw unexpected(at: index, "expected ':' after an object key") }
        index += 1
        skipWhitespace()
    }

    /// The bloom bit of the key just scanned, whose raw text is `start..<stop`, or `nil` if it
    /// had an escape or a non-ASCII byte (so that only canonically equivalent text compares equal).
    @inline(__always)
    private func plainKeyBit(from start: Int, to stop: Int) -> Int? {
        guard lastStringWasPlain else { return nil }
        let length = stop - start
        guard length > 0 else { return 0 }
        return (length &* 31 &+ Int(base[start]) &* 7 &+ Int(base[stop - 1])) & 63
    }

    /// Consumes the four-byte literal whose little-endian bytes are `word`.
    @inline(__always)
    private mutating func scanLiteral(_ word: UInt32, _ text: StaticString) throws(JSONParseError) {
        if end - index >= 4, UInt32(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt32.self)) == word {
            index += 4
            return
        }
        try literalMismatch(text)
    }

    /// Consumes `false`.
    @inline(__always)
    private mutating func scanFalse() throws(JSONParseError) {
        if end - index >= 5, UInt32(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt32.self)) == 0x736C_6166,
           base[index + 4] == UInt8(ascii: "e") {
            index += 5
            return
        }
        try literalMismatch("false")
    }
}
