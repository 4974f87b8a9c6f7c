internal import Foundation
import TreatyJSON

/// Checks a large list payload on every core: the list is cut into partitions at element
/// boundaries, each partition is parsed and its records judged by the record rules on its own
/// thread, and the sequence rules then replay the records' facts in payload order.
///
/// The result is exactly the sequential one — the same violations in the same order, the same
/// counts — because record rules keep no state and sequence rules see every record in order.
/// Each thread frees the records it parsed, so no memory crosses threads but small facts.
struct PartitionedCheck {
    /// Payloads at least this large are partitioned; smaller ones are not worth a thread.
    static let threshold = 4 * 1024 * 1024

    let parser: JSONParser
    let limit: Int

    /// One thread per core, at most 8.
    static var defaultThreads: Int { min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 8) }

    /// How many partitions to cut `byteCount` bytes into with `threads` threads (1: do not).
    static func partitionCount(byteCount: Int, threads: Int) -> Int {
        byteCount >= threshold ? max(threads, 1) : 1
    }

    /// What checking the partitions found.
    struct Outcome {
        var records = 0
        var violations: [RuleViolation] = []
        var counts = ViolationCounts()
    }

    /// Checks `buffer`'s records with `checker`, or returns `nil` — leaving `checker` as it was —
    /// when the payload cannot be partitioned or a partition does not parse; the caller then
    /// checks sequentially, which reports any parse error exactly.
    func run(_ buffer: UnsafeBufferPointer<UInt8>, partitions count: Int, checker: inout ConformanceChecker) -> Outcome? {
        guard let partitions = parser.partitionTopLevelArray(buffer, into: count) else { return nil }
        let input = BorrowedBytes(buffer: buffer)
        let workers = partitions.dropFirst().map { partition in
            PartitionWorker(partition: partition, input: input, parser: parser, plan: checker.plan, limit: limit)
        }
        for worker in workers { worker.start() }
        var main = checker
        var first = IndexedViolations(limit: limit)
        let firstCount = try? parser.parse(buffer, partition: partitions[0]) { element in
            var found: [RuleViolation] = []
            main.check(element: element.value, index: element.index, position: element.position, into: &found)
            first.append(found, index: element.index)
        }
        let results = workers.map { $0.wait() }
        guard let firstCount, results.allSatisfy({ $0.parsed }) else { return nil }
        var outcome = Outcome(records: firstCount, counts: first.counts)
        outcome.violations = first.kept.map(\.violation)
        for result in results {
            var sequence = IndexedViolations(limit: limit)
            for facts in result.facts {
                var found: [RuleViolation] = []
                main.checkSequence(facts, into: &found)
                sequence.append(found, index: facts.index ?? 0)
            }
            outcome.records += result.records
            outcome.counts.errors += result.violations.counts.errors + sequence.counts.errors
            outcome.counts.warnings += result.violations.counts.warnings + sequence.counts.warnings
            outcome.violations += IndexedViolations.merge(
                result.violations.kept, sequence.kept, limit: limit - outcome.violations.count)
        }
        checker = main
        return outcome
    }
}

/// Violations tagged with their record's index, the first `limit` kept and all counted.
struct IndexedViolations: Sendable {
    let limit: Int
    private(set) var kept: [(index: Int, violation: RuleViolation)] = []
    private(set) var counts = ViolationCounts()

    init(limit: Int) {
        self.limit = limit
    }

    mutating func append(_ violations: [RuleViolation], index: Int) {
        for violation in violations {
            counts.add(violation)
            if kept.count < limit { kept.append((index, violation)) }
        }
    }

    /// A partition's record and sequence violations in sequential order: by record, record
    /// rules first; at most `limit` of them.
    static func merge(
        _ records: [(index: Int, violation: RuleViolation)],
        _ sequence: [(index: Int, violation: RuleViolation)],
        limit: Int
    ) -> [RuleViolation] {
        var merged: [RuleViolation] = []
        var left = records[...]
        var right = sequence[...]
        while merged.count < limit, let next = left.first ?? right.first {
            if let l = left.first, let r = right.first, r.index < l.index {
                merged.append(r.violation)
                right = right.dropFirst()
            } else if left.first != nil {
                merged.append(next.violation)
                left = left.dropFirst()
            } else {
                merged.append(next.violation)
                right = right.dropFirst()
            }
        }
        return merged
    }
}

/// Parses one partition on its own thread, running the record rules and keeping the facts.
private final class PartitionWorker: @unchecked Sendable {
    // @unchecked Sendable: `result` is written by the worker thread before it signals
    // `finished`, and read only after `wait()` has seen that signal.
    struct Result {
        var parsed = false
        var records = 0
        var violations: IndexedViolations
        var facts: [RecordFacts] = []
    }

    private let partition: JSONArrayPartition
    private let input: BorrowedBytes
    private let parser: JSONParser
    private let plan: CheckPlan
    private let finished = DispatchSemaphore(value: 0)
    private var result: Result

    init(partition: JSONArrayPartition, input: BorrowedBytes, parser: JSONParser, plan: CheckPlan, limit: Int) {
        self.partition = partition
        self.input = input
        self.parser = parser
        self.plan = plan
        result = Result(violations: IndexedViolations(limit: limit))
    }

    func start() {
        let thread = Thread { [self] in
            var checker = ConformanceChecker(plan: plan.copyForAnotherThread())
            var result = self.result
            let count = try? parser.parse(input.buffer, partition: partition) { element in
                var found: [RuleViolation] = []
                let facts = checker.checkRecord(
                    element: element.value, index: element.index, position: element.position, into: &found)
                result.violations.append(found, index: element.index)
                if let facts { result.facts.append(facts) }
            }
            result.parsed = count != nil
            result.records = count ?? 0
            self.result = result
            finished.signal()
        }
        thread.stackSize = 8 * 1024 * 1024
        thread.start()
    }

    /// Waits for the worker thread and returns what it found.
    func wait() -> Result {
        finished.wait()
        return result
    }
}

/// The payload's bytes, lent to worker threads while ``PartitionedCheck/run(_:partitions:checker:)``
/// runs.
///
/// `@unchecked Sendable`: the buffer is only read, and `run` waits for every worker before it
/// returns to the owner of the buffer.
struct BorrowedBytes: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<UInt8>
}
