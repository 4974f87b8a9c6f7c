extension JSONParser {
    /// Splits a document whose top level is an array into at most `count` partitions of about
    /// equal size, cut after whole elements.
    ///
    /// One pass over the bytes follows only strings, escapes and brackets, so it is much cheaper
    /// than parsing. The partitions are then parsed independently with
    /// ``parse(_:partition:eachElement:)``, on as many threads, and together hand out exactly the
    /// elements ``parse(_:eachTopLevelElement:)`` would, with the same indices and positions.
    ///
    /// - Parameters:
    ///   - buffer: The whole document.
    ///   - count: How many partitions to aim for (at least 2).
    /// - Returns: Two or more partitions in document order, or `nil` when the top level is not an
    ///   array, the array is too short to split, or the document is malformed in a way the scan
    ///   notices; parse it sequentially then, which reports any error precisely.
    public func partitionTopLevelArray(_ buffer: UnsafeBufferPointer<UInt8>, into count: Int) -> [JSONArrayPartition]? {
        guard count >= 2, let base = buffer.baseAddress, buffer.count <= options.maxDocumentSize else { return nil }
        let end = buffer.count
        var index = end >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF ? 3 : 0
        var line = 1
        var lineStart = index
        while index < end, base[index] == 0x20 || base[index] == 0x09 || base[index] == 0x0D || base[index] == 0x0A {
            if base[index] == 0x0A {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        guard index < end, base[index] == UInt8(ascii: "[") else { return nil }
        index += 1
        var partitions: [JSONArrayPartition] = []
        var start = (offset: index, line: line, lineStart: lineStart, firstIndex: 0)
        var depth = 1
        var commas = 0
        let step = max(1, (end - index) / count)
        var nextCut = index + step
        while index < end {
            let byte = base[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                while index < end, base[index] != UInt8(ascii: "\"") {
                    if base[index] == UInt8(ascii: "\\") { index += 1 }
                    if index < end, base[index] < 0x20 { return nil }
                    index += 1
                }
                guard index < end else { return nil }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 {
                    index = end
                    continue
                }
            case UInt8(ascii: ","):
                guard depth == 1 else { break }
                commas += 1
                if index >= nextCut, partitions.count < count - 1 {
                    partitions.append(
                        JSONArrayPartition(
                            range: start.offset..<index, firstIndex: start.firstIndex, isLast: false, line: start.line,
                            lineStart: start.lineStart))
                    start = (index + 1, line, lineStart, commas)
                    nextCut = index + step
                }
            case 0x0A:
                line += 1
                lineStart = index + 1
            default:
                break
            }
            index += 1
        }
        guard !partitions.isEmpty else { return nil }
        partitions.append(
            JSONArrayPartition(
                range: start.offset..<end, firstIndex: start.firstIndex, isLast: true, line: start.line,
                lineStart: start.lineStart))
        return partitions
    }

    /// Parses the elements of one partition of a top-level array, handing each to `body`.
    ///
    /// - Parameters:
    ///   - buffer: The whole document the partition was found in.
    ///   - partition: One of the partitions ``partitionTopLevelArray(_:into:)`` returned.
    ///   - body: Called once per element, in order, with its index in the whole array.
    /// - Returns: The number of elements in the partition.
    /// - Throws: ``JSONParseError`` for malformed JSON or a broken limit inside the partition
    ///   (the last partition also checks the closing `]` and trailing data); errors from `body`.
    public func parse(
        _ buffer: UnsafeBufferPointer<UInt8>,
        partition: JSONArrayPartition,
        eachElement body: (JSONElement) throws -> Void
    ) throws -> Int {
        try checkSize(buffer.count)
        var scanner = JSONScanner(buffer: buffer, maxDepth: options.effectiveMaxDepth)
        return try scanner.parsePartition(partition, eachElement: body)
    }
}

extension JSONScanner {
    /// Parses the elements of `partition`, as ``parseDocument(eachTopLevelElement:)`` parses
    /// the elements of the whole array.
    mutating func parsePartition(
        _ partition: JSONArrayPartition,
        eachElement body: (JSONElement) throws -> Void
    ) throws -> Int {
        guard maxDepth >= 1 else { throw JSONParseError(.tooDeep(limit: maxDepth), at: position(0)) }
        let stop = partition.range.upperBound
        index = partition.range.lowerBound
        line = partition.line
        lineStart = partition.lineStart
        outerDepth = 1
        var count = 0
        streamedCount = partition.firstIndex
        skipWhitespace()
        if partition.firstIndex == 0, partition.isLast, index < stop, base[index] == UInt8(ascii: "]") {
            index += 1
            outerDepth = 0
            streamedCount = nil
            skipWhitespace()
            guard index >= stop else { throw JSONParseError(.trailingData(try describeByte(at: index)), at: position(index)) }
            return 0
        }
        while true {
            let elementPosition = position(index)
            let value = try parseValue()
            try body(JSONElement(index: partition.firstIndex + count, value: value, position: elementPosition))
            count += 1
            streamedCount = partition.firstIndex + count
            skipWhitespace()
            if !partition.isLast, index >= stop {
                guard index == stop else { throw unexpected(at: stop, "expected ',' after an array element") }
                return count
            }
            guard index < end else { throw unexpectedEnd("expected ',' or ']' after an array element") }
            let byte = base[index]
            index += 1
            if byte == UInt8(ascii: ",") {
                skipWhitespace()
            } else if byte == UInt8(ascii: "]"), partition.isLast {
                break
            } else {
                throw unexpected(at: index - 1, "expected ',' or ']' after an array element")
            }
        }
        outerDepth = 0
        streamedCount = nil
        skipWhitespace()
        guard index < end else { return count }
        throw JSONParseError(.trailingData(try describeByte(at: index)), at: position(index))
    }
}
