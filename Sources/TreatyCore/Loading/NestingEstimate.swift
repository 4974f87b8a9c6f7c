/// A conservative estimate of a YAML document's nesting depth, computed without parsing.
///
/// The YAML composer recurses once per nesting level, so a hostile document (100,000 nested
/// `[`, or `- - - - …` on one line) would overflow the stack before any limit inside the parser
/// applies. This scan runs first, in linear time and constant stack: it counts indentation
/// levels, block sequence and complex-key indicators, and flow brackets outside quotes,
/// comments and block scalars. It may overestimate, never underestimate.
struct NestingEstimate {
    /// The deepest nesting seen, and the 1-based line where it was first reached.
    private(set) var maxDepth = 0
    private(set) var line = 1

    init(scanning text: String, stopAbove limit: Int) {
        var indentStack: [Int] = []
        var flowDepth = 0
        var blockScalarIndent: Int?
        var lineNumber = 0
        for rawLine in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            let bytes = Array(rawLine)
            let indent = bytes.prefix { $0 == UInt8(ascii: " ") }.count
            let content = bytes[indent...]
            let isBlank = content.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == 13 }
            if let scalarIndent = blockScalarIndent {
                if isBlank || indent > scalarIndent { continue }
                blockScalarIndent = nil
            }
            if isBlank || content.first == UInt8(ascii: "#") { continue }
            if flowDepth == 0 {
                while let top = indentStack.last, top > indent { indentStack.removeLast() }
                if indentStack.last != indent { indentStack.append(indent) }
            }
            let scan = Self.scanLine(content, flowDepth: &flowDepth)
            let depth = indentStack.count + scan.indicators + scan.maxFlowDepth
            if depth > maxDepth {
                maxDepth = depth
                line = lineNumber
                if depth > limit { return }
            }
            if scan.opensBlockScalar { blockScalarIndent = indent }
        }
    }

    private struct LineScan {
        var indicators = 0
        var maxFlowDepth = 0
        var opensBlockScalar = false
    }

    private static func scanLine(_ content: ArraySlice<UInt8>, flowDepth: inout Int) -> LineScan {
        var scan = LineScan(maxFlowDepth: flowDepth)
        var quote: UInt8?
        var atValueStart = true
        var previous = UInt8(ascii: " ")
        var end = content.endIndex
        var index = content.startIndex
        while index < end {
            let byte = content[index]
            defer {
                previous = byte
                index += 1
            }
            if let open = quote {
                if byte == open { quote = nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                if atValueStart || flowDepth > 0 { quote = byte }
                atValueStart = false
            case UInt8(ascii: "#") where isBlank(previous):
                end = index
            case UInt8(ascii: "-"), UInt8(ascii: "?"):
                let next = index + 1 < end ? content[index + 1] : UInt8(ascii: " ")
                if atValueStart, flowDepth == 0, isBlank(next) {
                    scan.indicators += 1
                } else {
                    atValueStart = false
                }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                if atValueStart || flowDepth > 0 {
                    flowDepth += 1
                    scan.maxFlowDepth = max(scan.maxFlowDepth, flowDepth)
                    atValueStart = true
                }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if flowDepth > 0 { flowDepth -= 1 }
            case UInt8(ascii: ":"):
                atValueStart = true
            case UInt8(ascii: ","):
                if flowDepth > 0 { atValueStart = true }
            case UInt8(ascii: " "), UInt8(ascii: "\t"), 13:
                break
            default:
                atValueStart = false
            }
        }
        scan.opensBlockScalar = flowDepth == 0 && Self.endsWithBlockScalarHeader(content[content.startIndex..<end])
        return scan
    }

    /// Whether the line's last token is a block scalar header such as `|`, `>-` or `|2+`.
    private static func endsWithBlockScalarHeader(_ content: ArraySlice<UInt8>) -> Bool {
        let trimmed = content.reversed().drop(while: isBlank)
        let header = Array(trimmed.prefix { !isBlank($0) }.reversed())
        guard let first = header.first, first == UInt8(ascii: "|") || first == UInt8(ascii: ">") else { return false }
        let indicatorsOnly = header.dropFirst().allSatisfy {
            $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") || ($0 >= 0x30 && $0 <= 0x39)
        }
        let before = trimmed.dropFirst(header.count).drop(while: isBlank).first
        let startsValue = before.map { [UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "?")].contains($0) } ?? true
        return indicatorsOnly && startsValue
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == 13
    }
}
