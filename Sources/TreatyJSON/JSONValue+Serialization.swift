extension JSONValue {
    /// The value written as JSON text.
    ///
    /// Numbers are written exactly as their text; strings escape `"`, `\` and control
    /// characters (as `\b \f \n \r \t` or `\u00xx`) and keep everything else as raw UTF-8.
    ///
    /// - Parameter options: Compact or pretty, stored or sorted key order.
    /// - Returns: The JSON text.
    public func serialized(options: JSONWriteOptions = .init()) -> String {
        String(decoding: serializedBytes(options: options), as: UTF8.self)
    }

    /// The value written as UTF-8 JSON bytes, exactly the bytes of ``serialized(options:)``.
    ///
    /// - Parameter options: Compact or pretty, stored or sorted key order.
    /// - Returns: The UTF-8 encoded JSON text.
    public func serializedBytes(options: JSONWriteOptions = .init()) -> [UInt8] {
        var writer = JSONWriter(options: options)
        writer.write(self)
        return writer.output
    }
}

extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON text.
    public var description: String { serialized() }
}

/// Writes ``JSONValue`` trees into a byte buffer.
struct JSONWriter {
    let options: JSONWriteOptions
    var output: [UInt8] = []
    /// The deepest nesting written so far (a top-level container is level 1).
    private(set) var deepest = 0

    init(options: JSONWriteOptions) {
        self.options = options
        output.reserveCapacity(256)
    }

    /// A container being written and the position of its next element or member.
    private enum Open {
        case array([JSONValue], next: Int)
        case object([JSONObject.Member], next: Int)
    }

    /// Writes `root` with an explicit stack, so deep values cannot overflow the call stack.
    mutating func write(_ root: JSONValue) {
        var stack: [Open] = []
        var pending: JSONValue? = root
        while true {
            if let value = pending {
                pending = nil
                switch value {
                case .null: output.append(contentsOf: "null".utf8)
                case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
                case .number(let number): writeNumber(number)
                case .string(let string): writeString(string)
                case .array(let elements):
                    if elements.isEmpty {
                        output.append(contentsOf: "[]".utf8)
                    } else {
                        output.append(UInt8(ascii: "["))
                        stack.append(.array(elements, next: 0))
                        deepest = max(deepest, stack.count)
                    }
                case .object(let object):
                    if object.isEmpty {
                        output.append(contentsOf: "{}".utf8)
                    } else if !options.pretty, !options.sortedKeys, let packed = object.packedValues {
                        packed.write(into: &output)
                        deepest = max(deepest, stack.count + packed.depth)
                    } else {
                        var members = object.members
                        if options.sortedKeys {
                            members.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
                        }
                        output.append(UInt8(ascii: "{"))
                        stack.append(.object(members, next: 0))
                        deepest = max(deepest, stack.count)
                    }
                }
            }
            guard let top = stack.last else { return }
            switch top {
            case .array(let elements, let next):
                if next == elements.count {
                    stack.removeLast()
                    newline(stack.count)
                    output.append(UInt8(ascii: "]"))
                    continue
                }
                if next > 0 { output.append(UInt8(ascii: ",")) }
                newline(stack.count)
                stack[stack.count - 1] = .array(elements, next: next + 1)
                pending = elements[next]
            case .object(let members, let next):
                if next == members.count {
                    stack.removeLast()
                    newline(stack.count)
                    output.append(UInt8(ascii: "}"))
                    continue
                }
                if next > 0 { output.append(UInt8(ascii: ",")) }
                newline(stack.count)
                writeString(members[next].key)
                output.append(UInt8(ascii: ":"))
                if options.pretty { output.append(UInt8(ascii: " ")) }
                stack[stack.count - 1] = .object(members, next: next + 1)
                pending = members[next].value
            }
        }
    }

    private mutating func writeNumber(_ number: JSONNumber) {
        switch number.storage {
        case .integer(let value): output.append(contentsOf: String(value).utf8)
        case .text(let text, _): output.append(contentsOf: text.utf8)
        }
    }

    private mutating func newline(_ indent: Int) {
        guard options.pretty else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    mutating func writeString(_ string: String) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            var runStart = 0
            for (i, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
                runStart = i + 1
                output.append(UInt8(ascii: "\\"))
                switch byte {
                case 0x22: output.append(UInt8(ascii: "\""))
                case 0x5C: output.append(UInt8(ascii: "\\"))
                case 0x08: output.append(UInt8(ascii: "b"))
                case 0x0C: output.append(UInt8(ascii: "f"))
                case 0x0A: output.append(UInt8(ascii: "n"))
                case 0x0D: output.append(UInt8(ascii: "r"))
                case 0x09: output.append(UInt8(ascii: "t"))
                default:
                    output.append(contentsOf: "u00".utf8)
                    output.append(Self.hexDigits[Int(byte >> 4)])
                    output.append(Self.hexDigits[Int(byte & 0xF)])
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        output.append(UInt8(ascii: "\""))
    }
}
