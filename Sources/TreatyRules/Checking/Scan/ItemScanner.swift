internal import Foundation
import TreatyCalendar
import TreatyJSON

/// Reads list items straight from the payload's bytes and certifies those that break no record
/// rule, without building values.
///
/// The scan is strict but never final: whatever it does not certify (a value that may break a
/// rule, a key it does not know, an escape it does not follow, malformed JSON) it leaves to the
/// rules and the parser, which then judge the item exactly as before. So it may be stricter than
/// the parser, never more lenient.
struct ItemScanner {
    let base: UnsafePointer<UInt8>
    let end: Int
    /// The next byte to read, and the current line (1-based) and the offset it starts at.
    var index: Int
    var line: Int
    var lineStart: Int
    /// The key index found at each member position of the previous item: items list their keys
    /// in the same order, so one comparison usually finds the key.
    private var predicted: [Int] = []

    init(base: UnsafePointer<UInt8>, end: Int, index: Int, line: Int, lineStart: Int) {
        self.base = base
        self.end = end
        self.index = index
        self.line = line
        self.lineStart = lineStart
    }

    /// The position of `index`.
    var position: JSONSourcePosition {
        JSONSourcePosition(offset: index, line: line, column: index - lineStart + 1)
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

    // MARK: Items

    /// Scans the object at `index` and returns whether it passes every test of `plan`, filling
    /// `facts`. On `false` the scanner's position is meaningless; the caller rewinds.
    mutating func scanItem(_ plan: ScanPlan, into facts: inout ScannedFacts) -> Bool {
        guard index < end, base[index] == UInt8(ascii: "{") else { return false }
        index += 1
        var record = ItemState()
        skipWhitespace()
        if index < end, base[index] == UInt8(ascii: "}") {
            index += 1
        } else {
            var member = 0
            while true {
                guard let key = scanKey(plan, member: member) else { return false }
                let bit: UInt64 = 1 << UInt64(key)
                guard record.present & bit == 0 else { return false }
                record.present |= bit
                skipWhitespace()
                guard index < end, base[index] == UInt8(ascii: ":") else { return false }
                index += 1
                skipWhitespace()
                guard scanValue(plan, key: key, record: &record, facts: &facts) else { return false }
                skipWhitespace()
                guard index < end else { return false }
                let byte = base[index]
                index += 1
                if byte == UInt8(ascii: ",") {
                    skipWhitespace()
                    member += 1
                } else if byte == UInt8(ascii: "}") {
                    break
                } else {
                    return false
                }
            }
        }
        guard record.present & plan.required == plan.required else { return false }
        if record.createdAt >= 0, record.updatedAt >= 0,
            memcmp(base + record.updatedAt, base + record.createdAt, 24) < 0
        {
            return false
        }
        var shapes: UInt64 = 0
        for (bit, key) in plan.relationForeignKeys.enumerated() where record.nonNull & (1 << UInt64(key)) != 0 {
            shapes |= 1 << UInt64(bit)
        }
        facts.foreignKeyShapes = shapes
        return true
    }

    /// What the scan of one item has seen so far.
    private struct ItemState {
        var present: UInt64 = 0
        var nonNull: UInt64 = 0
        var createdAt = -1
        var updatedAt = -1
    }

    /// Reads a key and returns its index in the plan, or `nil` when it is undeclared or not plain.
    private mutating func scanKey(_ plan: ScanPlan, member: Int) -> Int? {
        guard index < end, base[index] == UInt8(ascii: "\"") else { return nil }
        let start = index + 1
        var i = start
        while i < end {
            let byte = base[i]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return nil }
            i += 1
        }
        guard i < end else { return nil }
        index = i + 1
        let length = i - start
        if member < predicted.count, matches(plan, predicted[member], start, length) {
            return predicted[member]
        }
        guard let found = plan.keyStarts.indices.first(where: { matches(plan, $0, start, length) }) else { return nil }
        if member < predicted.count {
            predicted[member] = found
        } else if member == predicted.count {
            predicted.append(found)
        }
        return found
    }

    @inline(__always)
    private func matches(_ plan: ScanPlan, _ key: Int, _ start: Int, _ length: Int) -> Bool {
        let keyStart = plan.keyStarts[key]
        guard plan.keyEnds[key] - keyStart == length else { return false }
        return plan.keyBytes.withUnsafeBufferPointer { bytes in
            guard let address = bytes.baseAddress else { return length == 0 }
            return memcmp(address + keyStart, base + start, length) == 0
        }
    }

    // MARK: Values

    /// Reads the value of key `key` and returns whether it passes the key's test.
    private mutating func scanValue(
        _ plan: ScanPlan, key: Int, record: inout ItemState, facts: inout ScannedFacts
    ) -> Bool {
        guard index < end else { return false }
        let test = plan.tests[key]
        if case .judgedByRules = test.kind { return false }
        let bit: UInt64 = 1 << UInt64(key)
        switch base[index] {
        case UInt8(ascii: "\""):
            guard let text = scanString(), passes(text, test) else { return false }
            if test.checksAllowed, !isAllowed(text, plan.allowed[key]) { return false }
            if key == plan.identity {
                facts.idStart = Int32(truncatingIfNeeded: text.start)
                facts.idLength = Int32(truncatingIfNeeded: text.length)
            } else if key == plan.scope, plan.scopeIsString {
                facts.scopeStart = Int32(truncatingIfNeeded: text.start)
                facts.scopeLength = Int32(truncatingIfNeeded: text.length)
            }
            if key == plan.createdAt { record.createdAt = text.start }
            if key == plan.updatedAt { record.updatedAt = text.start }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = index
            guard let number = scanNumber(), passes(number, test) else { return false }
            if key == plan.identity {
                facts.idStart = Int32(truncatingIfNeeded: start)
                facts.idLength = Int32(truncatingIfNeeded: index - start)
            }
            if key == plan.order {
                guard let value = number.integer else { return false }
                facts.order = value
                facts.hasOrder = true
            }
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            switch test.kind {
            case .bool, .scalar: break
            default: return false
            }
            guard scanLiteral() else { return false }
        case UInt8(ascii: "n"):
            guard test.nullable, scanLiteral() else { return false }
            return true
        case UInt8(ascii: "["):
            switch test.kind {
            case .stringList: guard scanStringList() else { return false }
            case .idSet(let element): guard scanIDSet(element) else { return false }
            default: return false
            }
        default:
            return false
        }
        record.nonNull |= bit
        return true
    }

    /// Skips `true`, `false` or `null` at `index`; `false` for anything else.
    private mutating func scanLiteral() -> Bool {
        let words: [StaticString] = ["true", "false", "null"]
        for word in words {
            let count = word.utf8CodeUnitCount
            guard end - index >= count, memcmp(base + index, word.utf8Start, count) == 0 else { continue }
            index += count
            return true
        }
        return false
    }
}
