public import TreatyCore
public import TreatyJSON

/// Checks payloads (raw JSON bytes) against one contract target, streaming list items so a
/// recorded dump of any size is checked in bounded memory.
///
/// Use one `PayloadCheck` for a sequence of payloads so the rules that span payloads (the id's
/// JSON type, one shape per relation) see them all.
public struct PayloadCheck {
    /// The most violations kept per payload; further ones are only counted.
    public var maxViolationsPerPayload: Int
    /// How many threads may check one large list payload (default: one per core). The results
    /// are the same for any number; 1 leaves the other cores alone.
    public var threads = PartitionedCheck.defaultThreads
    /// How list payloads are read (default ``Engine/scan``); the findings are the same.
    public var engine = Engine.scan
    private var checker: ConformanceChecker
    private let parser: JSONParser
    private let scanPlan: ScanPlan?

    /// How a ``PayloadCheck`` reads list payloads.
    public enum Engine: Sendable, Hashable {
        /// Items are checked while their bytes are scanned, with tests compiled from the plan;
        /// only items that may break a rule are parsed and judged by the rules.
        case scan
        /// Every item is parsed into a value tree and judged by the rules.
        case tree
    }

    /// Creates a check.
    ///
    /// - Parameters:
    ///   - plan: The compiled target.
    ///   - parserOptions: Limits for parsing payloads.
    ///   - maxViolationsPerPayload: The most violations kept per payload (default 1,000).
    public init(plan: CheckPlan, parserOptions: JSONParser.Options = .init(), maxViolationsPerPayload: Int = 1000) {
        checker = ConformanceChecker(plan: plan)
        parser = JSONParser(options: parserOptions)
        scanPlan = ScanPlan(plan: plan, maxDepth: min(max(parserOptions.maxDepth, 0), JSONParser.Options.depthCeiling))
        self.maxViolationsPerPayload = maxViolationsPerPayload
    }

    /// One thread per core (at most 8): the default for ``threads``.
    public static var defaultThreads: Int { PartitionedCheck.defaultThreads }

    /// The plan the payloads are checked under.
    public var plan: CheckPlan { checker.plan }

    /// Checks one payload.
    ///
    /// - Parameters:
    ///   - bytes: The payload's UTF-8 JSON text.
    ///   - name: The file name (or `<stdin>`) used in findings.
    /// - Returns: The payload's violations, or the reason it could not be checked.
    public mutating func check(_ bytes: some Collection<UInt8>, name: String) -> PayloadResult {
        var collector = ViolationCollector(limit: maxViolationsPerPayload)
        var records = 0
        var sawArray = false
        var checker = self.checker
        defer { self.checker = checker }
        if engine == .scan, let scanPlan {
            let scan = ScanCheck(
                plan: scanPlan, checkPlan: checker.plan, parser: parser, limit: maxViolationsPerPayload,
                threads: threads)
            let result = bytes.withContiguousStorageIfAvailable { buffer in
                scan.run(buffer, name: name, checker: &checker)
            }
            if let result, let result { return result }
        }
        do {
            if let partitioned = checkPartitioned(bytes, checker: &checker) {
                return PayloadResult(
                    name: name, records: partitioned.records, violations: partitioned.violations,
                    omitted: partitioned.counts.errors + partitioned.counts.warnings - partitioned.violations.count,
                    counts: partitioned.counts)
            }
            let topLevel = try parser.parse(bytes) { element in
                if !sawArray {
                    sawArray = true
                    if let violation = checker.bodyViolation(isArray: true) { collector.append(violation) }
                }
                records += 1
                var found: [RuleViolation] = []
                checker.check(element: element.value, index: element.index, position: element.position, into: &found)
                collector.append(contentsOf: found)
            }
            switch topLevel {
            case .array:
                if !sawArray, let violation = checker.bodyViolation(isArray: true) { collector.append(violation) }
            case .value(let value):
                guard value.objectValue != nil || value.arrayValue != nil else {
                    return PayloadResult(
                        name: name, records: 0, violations: [], omitted: 0,
                        failure: .error(
                            "unusable-payload",
                            "the payload is a JSON \(value.kind), not a record object or a list of records",
                            at: SourceLocation(file: name, line: 1, column: 1),
                            fix: "pass a response body: a JSON object or an array of objects"))
                }
                if let violation = checker.bodyViolation(isArray: false, found: value) { collector.append(violation) }
                records = 1
                var found: [RuleViolation] = []
                checker.check(
                    element: value, index: nil, position: JSONSourcePosition(offset: 0, line: 1, column: 1), into: &found)
                collector.append(contentsOf: found)
            }
        } catch let error as JSONParseError {
            // The records before the error must not count as earlier items of the next payload.
            var discarded: [RuleViolation] = []
            checker.finishPayload(into: &discarded)
            return PayloadResult(
                name: name, records: records, violations: [], omitted: 0,
                failure: Diagnostic.error(
                    RuleID(rawValue: error.code), "invalid JSON: \(error.message)",
                    at: SourceLocation(file: name, line: error.position.line, column: error.position.column),
                    details: ["at byte \(error.position.offset)"],
                    fix: "send a valid JSON document (RFC 8259)"))
        } catch {
            var discarded: [RuleViolation] = []
            checker.finishPayload(into: &discarded)
            return PayloadResult(
                name: name, records: records, violations: [], omitted: 0,
                failure: .error("unusable-payload", "cannot check the payload: \(error)", at: SourceLocation(file: name)))
        }
        var tail: [RuleViolation] = []
        checker.finishPayload(into: &tail)
        collector.append(contentsOf: tail)
        return PayloadResult(
            name: name, records: records, violations: collector.kept, omitted: collector.omitted,
            counts: collector.counts)
    }
}

extension PayloadCheck {
    /// Checks a large list payload on every core (see ``PartitionedCheck``), or returns `nil`
    /// when the payload is small, not a list, or does not parse, for the sequential path.
    fileprivate func checkPartitioned(
        _ bytes: some Collection<UInt8>,
        checker: inout ConformanceChecker
    ) -> PartitionedCheck.Outcome? {
        let count = PartitionedCheck.partitionCount(byteCount: bytes.count, threads: threads)
        guard count > 1, checker.plan.isList || checker.plan.endpoint == nil else { return nil }
        let check = PartitionedCheck(parser: parser, limit: maxViolationsPerPayload)
        let outcome = bytes.withContiguousStorageIfAvailable { buffer in
            check.run(buffer, partitions: count, checker: &checker)
        }
        guard let outcome, let outcome else { return nil }
        var tail: [RuleViolation] = []
        checker.finishPayload(into: &tail)
        var result = outcome
        for violation in tail {
            result.counts.add(violation)
            if result.violations.count < maxViolationsPerPayload { result.violations.append(violation) }
        }
        return result
    }
}

/// What checking one payload found.
public struct PayloadResult: Sendable {
    /// The payload's file name, or `<stdin>`.
    public var name: String
    /// How many records were checked.
    public var records: Int
    /// The violations kept, in payload order.
    public var violations: [RuleViolation]
    /// How many further violations were found but not kept.
    public var omitted: Int
    /// Errors and warnings found, kept or not.
    public var counts: ViolationCounts
    /// Why the payload could not be checked, if it could not.
    public var failure: Diagnostic?

    /// Creates a result.
    public init(
        name: String,
        records: Int,
        violations: [RuleViolation],
        omitted: Int,
        counts: ViolationCounts? = nil,
        failure: Diagnostic? = nil
    ) {
        self.name = name
        self.records = records
        self.violations = violations
        self.omitted = omitted
        self.counts = counts ?? ViolationCounts(violations)
        self.failure = failure
    }

    /// Whether the payload was checked and has no error-severity violation.
    public var conforms: Bool { failure == nil && counts.errors == 0 }
}

/// Numbers of violations by severity.
public struct ViolationCounts: Sendable, Hashable {
    /// Error-severity violations.
    public var errors = 0
    /// Warning-severity violations.
    public var warnings = 0

    /// Counts `violations`.
    public init(_ violations: [RuleViolation] = []) {
        for violation in violations { add(violation) }
    }

    mutating func add(_ violation: RuleViolation) {
        if violation.severity == .error { errors += 1 } else { warnings += 1 }
    }
}

/// Keeps the first violations up to a limit and counts the rest.
struct ViolationCollector {
    let limit: Int
    var kept: [RuleViolation] = []
    var omitted = 0
    var counts = ViolationCounts()

    mutating func append(_ violation: RuleViolation) {
        counts.add(violation)
        if kept.count < limit { kept.append(violation) } else { omitted += 1 }
    }

    mutating func append(contentsOf violations: [RuleViolation]) {
        for violation in violations { append(violation) }
    }
}
