internal import Foundation
import TreatyJSON

/// The sequence rules over the items of one scanned list, in payload order: RS-ID-1's unique
/// ids, RS-PS-1's one parent and RS-OR-1's order, on bytes; RS-SH-2 through the checker's own
/// state, which spans payloads.
///
/// When an item breaks one of them, the rule itself is replayed on the few facts it needs, so
/// the violation reads exactly as the rule words it.
struct ScanSequence {
    let plan: ScanPlan
    let checkPlan: CheckPlan
    let base: UnsafePointer<UInt8>
    private var ids: IDTable
    private var parent: (bytes: [UInt8], index: Int)?
    private var previousID: [UInt8] = []
    private var previousOrder: (order: Int64, index: Int)?

    init(plan: ScanPlan, checkPlan: CheckPlan, base: UnsafePointer<UInt8>, expectedItems: Int) {
        self.plan = plan
        self.checkPlan = checkPlan
        self.base = base
        ids = IDTable(expected: expectedItems)
    }

    /// Runs the sequence rules on the next item; `slow` holds the rules' findings when the scan
    /// did not certify it.
    mutating func add(
        _ facts: ScannedFacts, slow: SlowItem?, checker: inout ConformanceChecker,
        into violations: inout [RuleViolation]
    ) {
        guard let slow else {
            let id = facts.idLength < 0 ? nil : bytes(facts.idStart, facts.idLength)
            let scope = facts.scopeLength < 0 ? nil : bytes(facts.scopeStart, facts.scopeLength)
            check(
                index: facts.index, position: facts.position, id: id, scope: scope,
                order: facts.hasOrder ? facts.order : nil, foreign: facts.foreignKeyShapes, nested: 0,
                checker: &checker, into: &violations)
            return
        }
        violations += slow.violations
        guard let record = slow.facts else { return }
        Self.withBytes(record.idText) { id in
            Self.withBytes(record.scope) { scope in
                check(
                    index: record.index ?? facts.index, position: record.position, id: id, scope: scope,
                    order: record.order, foreign: record.foreignKeyShapes, nested: record.nestedShapes,
                    checker: &checker, into: &violations)
            }
        }
    }

    private func bytes(_ start: Int32, _ length: Int32) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + Int(start), count: Int(length))
    }

    private static func withBytes<Result>(
        _ text: String?, _ body: (UnsafeBufferPointer<UInt8>?) -> Result
    ) -> Result {
        guard let text else { return body(nil) }
        return ValueFormats.withBytes(text) { body($0) }
    }

    // The rules, in the order ConformanceRule.recordRules lists them.
    private mutating func check(
        index: Int, position: JSONSourcePosition?, id: UnsafeBufferPointer<UInt8>?,
        scope: UnsafeBufferPointer<UInt8>?, order: Int64?, foreign: UInt64, nested: UInt64,
        checker: inout ConformanceChecker, into violations: inout [RuleViolation]
    ) {
        if let id, let first = ids.insert(id, index: index) {
            let text = String(decoding: id, as: UTF8.self)
            replay(
                ConformanceRule.identityStable,
                RecordFacts(index: first, position: nil, idText: text),
                RecordFacts(index: index, position: position, idText: text), into: &violations)
        }
        if plan.checksShapes {
            checker.checkSequence(
                RecordFacts(index: index, position: position, foreignKeyShapes: foreign, nestedShapes: nested),
                into: &violations)
        }
        if plan.checksParent, let scope {
            if let requested = plan.requestedParent {
                if !Self.equal(scope, requested) {
                    replay(
                        ConformanceRule.parentScope, nil,
                        RecordFacts(index: index, position: position, scope: String(decoding: scope, as: UTF8.self)),
                        into: &violations)
                }
            } else if let parent {
                if !Self.equal(scope, parent.bytes) {
                    replay(
                        ConformanceRule.parentScope,
                        RecordFacts(
                            index: parent.index, position: nil, scope: String(decoding: parent.bytes, as: UTF8.self)),
                        RecordFacts(index: index, position: position, scope: String(decoding: scope, as: UTF8.self)),
                        into: &violations)
                }
            } else {
                parent = (Array(scope), index)
            }
        }
        if plan.checksOrder, let order, let id {
            if let previous = previousOrder,
                !(previous.order < order || (previous.order == order && !Self.precedes(id, previousID)))
            {
                replay(
                    ConformanceRule.orderField,
                    RecordFacts(
                        index: previous.index, position: nil, idText: String(decoding: previousID, as: UTF8.self),
                        order: previous.order),
                    RecordFacts(
                        index: index, position: position, idText: String(decoding: id, as: UTF8.self), order: order),
                    into: &violations)
            }
            previousOrder = (order, index)
            previousID.removeAll(keepingCapacity: true)
            previousID.append(contentsOf: id)
        }
    }

    /// Runs `rule`'s sequence checker, fresh, on `earlier` then `current`, keeping what it finds
    /// on `current`.
    private func replay(
        _ rule: ConformanceRule, _ earlier: RecordFacts?, _ current: RecordFacts,
        into violations: inout [RuleViolation]
    ) {
        guard var replayed = rule.makeSequenceChecker(for: checkPlan) else { return }
        var ignored: [RuleViolation] = []
        if let earlier { replayed.check(earlier, into: &ignored) }
        replayed.check(current, into: &violations)
    }

    /// Whether `lhs` and `rhs` hold the same bytes.
    private static func equal(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard let left = lhs.baseAddress else { return true }
        return rhs.withUnsafeBufferPointer { right in
            right.baseAddress.map { memcmp(left, $0, lhs.count) == 0 } ?? false
        }
    }

    /// Whether `lhs` sorts before `rhs` byte-wise.
    private static func precedes(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: [UInt8]) -> Bool {
        let common = min(lhs.count, rhs.count)
        if common > 0, let left = lhs.baseAddress {
            let order = rhs.withUnsafeBufferPointer { right in right.baseAddress.map { memcmp(left, $0, common) } ?? 0 }
            if order != 0 { return order < 0 }
        }
        return lhs.count < rhs.count
    }
}
