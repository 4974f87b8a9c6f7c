internal import Foundation
import TreatyJSON

/// The scanning engine: checks a list payload by reading its items' bytes with the tests of a
/// ``ScanPlan``, building no values for the items it certifies.
///
/// Items the scan does not certify are parsed on their own and judged by the record rules, so
/// they are reported exactly as before; the sequence rules then see every item in order. A
/// payload the engine cannot read to the end (malformed JSON, a limit broken) returns `nil`, and
/// the caller checks it with the rules alone, which locate the error exactly. Large payloads are
/// cut into ranges of items by ``TreatyJSON/JSONParser/partitionTopLevelArray(_:into:)`` and
/// scanned on several threads; the sequence rules then run in payload order.
struct ScanCheck {
    let plan: ScanPlan
    let checkPlan: CheckPlan
    /// The parser of the payload (for its limits), and one for single items, one level less deep.
    let parser: JSONParser
    let itemParser: JSONParser
    let limit: Int
    let threads: Int

    init(plan: ScanPlan, checkPlan: CheckPlan, parser: JSONParser, limit: Int, threads: Int) {
        self.plan = plan
        self.checkPlan = checkPlan
        self.parser = parser
        let depth = min(max(parser.options.maxDepth, 0), JSONParser.Options.depthCeiling)
        itemParser = JSONParser(
            options: JSONParser.Options(maxDepth: depth - 1, maxDocumentSize: parser.options.maxDocumentSize))
        self.limit = limit
        self.threads = threads
    }

    /// A range of items: the bytes after `[` or after a separating comma, up to the next range.
    struct ItemRange: Sendable {
        let range: Range<Int>
        let firstIndex: Int
        let isLast: Bool
        let line: Int
        let lineStart: Int
    }

    /// What scanning one range found.
    struct RangeScan {
        var items: [ScannedFacts] = []
        var slow: [SlowItem] = []
    }

    /// Checks `buffer`, or returns `nil` when the engine does not take it (not a list, malformed,
    /// too large); `checker` is then left as it was.
    func run(_ buffer: UnsafeBufferPointer<UInt8>, name: String, checker: inout ConformanceChecker) -> PayloadResult? {
        guard let base = buffer.baseAddress, buffer.count <= parser.options.maxDocumentSize,
            buffer.count < Int(Int32.max), let ranges = ranges(of: buffer)
        else { return nil }
        var working = checker
        var scans: [RangeScan?]
        if ranges.count == 1 {
            scans = [scan(ranges[0], buffer: buffer, checker: &working)]
        } else {
            let input = BorrowedBytes(buffer: buffer)
            let workers = ranges.dropFirst().map { range in
                ScanWorker { [self] in
                    var own = ConformanceChecker(plan: checkPlan.copyForAnotherThread())
                    return scan(range, buffer: input.buffer, checker: &own)
                }
            }
            let first = scan(ranges[0], buffer: buffer, checker: &working)
            scans = [first] + workers.map { $0.wait() }
        }
        var collector = ViolationCollector(limit: limit)
        if let violation = working.bodyViolation(isArray: true) { collector.append(violation) }
        var records = 0
        for scan in scans {
            guard let scan else { return nil }
            records += scan.items.count
        }
        var sequence = ScanSequence(plan: plan, checkPlan: checkPlan, base: base, expectedItems: records)
        var found: [RuleViolation] = []
        for case let scan? in scans {
            for item in scan.items {
                found.removeAll(keepingCapacity: true)
                sequence.add(
                    item, slow: item.slow < 0 ? nil : scan.slow[Int(item.slow)], checker: &working, into: &found)
                collector.append(contentsOf: found)
            }
        }
        found.removeAll()
        working.finishPayload(into: &found)
        collector.append(contentsOf: found)
        checker = working
        return PayloadResult(
            name: name, records: records, violations: collector.kept, omitted: collector.omitted,
            counts: collector.counts)
    }

    /// The payload's item ranges: one, or one per thread for a large payload; `nil` when the top
    /// level is not an array.
    private func ranges(of buffer: UnsafeBufferPointer<UInt8>) -> [ItemRange]? {
        guard let base = buffer.baseAddress else { return nil }
        let count = PartitionedCheck.partitionCount(byteCount: buffer.count, threads: threads)
        if count > 1, let partitions = parser.partitionTopLevelArray(buffer, into: count) {
            return partitions.map {
                ItemRange(
                    range: $0.range, firstIndex: $0.firstIndex, isLast: $0.isLast, line: $0.line,
                    lineStart: $0.lineStart)
            }
        }
        let start = buffer.count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF ? 3 : 0
        var scanner = ItemScanner(base: base, end: buffer.count, index: start, line: 1, lineStart: start)
        scanner.skipWhitespace()
        guard scanner.index < buffer.count, base[scanner.index] == UInt8(ascii: "[") else { return nil }
        return [
            ItemRange(
                range: scanner.index + 1..<buffer.count, firstIndex: 0, isLast: true, line: scanner.line,
                lineStart: scanner.lineStart)
        ]
    }

    /// Scans the items of `range`, judging the ones the scan does not certify with `checker`'s
    /// record rules; `nil` when the range is malformed.
    func scan(_ range: ItemRange, buffer: UnsafeBufferPointer<UInt8>, checker: inout ConformanceChecker) -> RangeScan? {
        guard let base = buffer.baseAddress else { return nil }
        var scanner = ItemScanner(
            base: base, end: buffer.count, index: range.range.lowerBound, line: range.line, lineStart: range.lineStart)
        let stop = range.range.upperBound
        var result = RangeScan()
        result.items.reserveCapacity(min(range.range.count / 256 + 16, 1 << 22))
        scanner.skipWhitespace()
        if range.firstIndex == 0, range.isLast, scanner.index < stop, base[scanner.index] == UInt8(ascii: "]") {
            scanner.index += 1
            scanner.skipWhitespace()
            return scanner.index == buffer.count ? result : nil
        }
        var index = range.firstIndex
        while true {
            let start = (scanner.index, scanner.line, scanner.lineStart)
            let position = scanner.position
            var facts = ScannedFacts(index: index, position: position)
            if !scanner.scanItem(plan, into: &facts) {
                (scanner.index, scanner.line, scanner.lineStart) = start
                guard let end = scanner.skipItem(),
                    let value = try? itemParser.parse(UnsafeBufferPointer(rebasing: buffer[start.0..<end]))
                else { return nil }
                var found: [RuleViolation] = []
                let record = checker.checkRecord(element: value, index: index, position: position, into: &found)
                facts = ScannedFacts(index: index, position: position)
                facts.slow = Int32(truncatingIfNeeded: result.slow.count)
                result.slow.append(SlowItem(violations: found, facts: record))
            }
            result.items.append(facts)
            index += 1
            scanner.skipWhitespace()
            if !range.isLast, scanner.index >= stop { return scanner.index == stop ? result : nil }
            guard scanner.index < buffer.count else { return nil }
            let byte = base[scanner.index]
            scanner.index += 1
            if byte == UInt8(ascii: ",") {
                scanner.skipWhitespace()
            } else if byte == UInt8(ascii: "]"), range.isLast {
                break
            } else {
                return nil
            }
        }
        scanner.skipWhitespace()
        return scanner.index == buffer.count ? result : nil
    }
}

extension ItemScanner {
    /// Skips the value at `index` by its brackets and strings alone, counting line feeds, and
    /// returns the offset after it; `nil` when its end cannot be found. The parser checks the rest.
    mutating func skipItem() -> Int? {
        guard index < end else { return nil }
        let first = base[index]
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") || first == UInt8(ascii: "\"") else {
            while index < end {
                let byte = base[index]
                if byte <= 0x20 || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                    break
                }
                index += 1
            }
            return index
        }
        var depth = 0
        while index < end {
            switch base[index] {
            case UInt8(ascii: "\""):
                index += 1
                while index < end, base[index] != UInt8(ascii: "\"") {
                    if base[index] < 0x20 { return nil }
                    index += base[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard index < end else { return nil }
                if depth == 0 {
                    index += 1
                    return index
                }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 {
                    index += 1
                    return index
                }
            case 0x0A:
                line += 1
                lineStart = index + 1
            default:
                break
            }
            index += 1
        }
        return nil
    }
}

/// Runs one range's scan on a thread of its own.
private final class ScanWorker: @unchecked Sendable {
    // @unchecked Sendable: `result` is written by the worker thread before it signals
    // `finished`, and read only after `wait()` has seen that signal.
    private let finished = DispatchSemaphore(value: 0)
    private var result: ScanCheck.RangeScan?

    init(_ body: @escaping @Sendable () -> ScanCheck.RangeScan?) {
        let thread = Thread { [self] in
            result = body()
            finished.signal()
        }
        thread.stackSize = 8 * 1024 * 1024
        thread.start()
    }

    /// Waits for the worker thread and returns what it found.
    func wait() -> ScanCheck.RangeScan? {
        finished.wait()
        return result
    }
}
