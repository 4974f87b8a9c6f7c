public import Foundation
internal import TreatyDialectKit

/// The results of one suite, cases in suite order.
public struct SuiteResult: Sendable, Hashable {
    /// The suite's name.
    public var name: String
    /// The contract or scenario file the suite comes from, relative to the working directory.
    public var file: String?
    /// The case results in suite order (never completion order).
    public var cases: [CaseResult]

    /// Creates a suite result.
    public init(name: String, file: String?, cases: [CaseResult]) {
        self.name = name
        self.file = file
        self.cases = cases
    }
}

/// Everything a verification run found.
public struct VerificationRun: Sendable, Hashable {
    /// The API the contract describes.
    public var api: String
    /// The target's description: `mock` or the live base URL.
    public var target: String
    /// When the run started.
    public var startedAt: Date
    /// The suites in run order.
    public var suites: [SuiteResult]

    /// Creates a run.
    public init(api: String, target: String, startedAt: Date, suites: [SuiteResult]) {
        self.api = api
        self.target = target
        self.startedAt = startedAt
        self.suites = suites
    }

    /// Counts of outcomes.
    public struct Tally: Sendable, Hashable, CustomStringConvertible {
        /// Cases that passed.
        public var passed = 0
        /// Cases that failed.
        public var failed = 0
        /// Cases that errored.
        public var errored = 0
        /// Cases that were skipped.
        public var skipped = 0

        /// Creates a tally of zero cases.
        public init() {}

        /// Adds another tally's counts.
        public mutating func add(_ other: Tally) {
            passed += other.passed
            failed += other.failed
            errored += other.errored
            skipped += other.skipped
        }

        /// `N passed, M failed, K skipped` — errored cases count as failed here (and are
        /// named when there are any).
        public var description: String {
            let failures = errored > 0 ? "\(failed + errored) failed (\(errored) errors)" : "\(failed) failed"
            return "\(passed) passed, \(failures), \(skipped) skipped"
        }
    }

    /// The counts over every case.
    public var tally: Tally {
        var tally = Tally()
        for result in suites.flatMap(\.cases) {
            switch result.outcome {
            case .passed: tally.passed += 1
            case .failed: tally.failed += 1
            case .errored: tally.errored += 1
            case .skipped: tally.skipped += 1
            }
        }
        return tally
    }

    /// Whether nothing failed or errored.
    public var succeeded: Bool {
        let tally = tally
        return tally.failed == 0 && tally.errored == 0
    }

    /// Whether every case that ran errored on the transport: the target was unreachable.
    public var targetUnreachable: Bool {
        let ran = suites.flatMap(\.cases).filter {
            if case .skipped = $0.outcome { return false }
            return true
        }
        return !ran.isEmpty && ran.allSatisfy {
            if case .errored(let finding) = $0.outcome { return finding.category == .transportError }
            return false
        }
    }
}
