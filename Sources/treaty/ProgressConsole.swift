import Synchronization
import TreatyCore
import TreatyDialectKit
import TreatyVerifier

/// What `treaty verify` prints: a progress line per suite (a live bar on a terminal), then
/// every failure compiler-style, then `N passed, M failed, K skipped`.
final class ProgressConsole: Sendable {
    let isTerminal: Bool
    private let progress = Mutex<(suite: String, total: Int, done: Int, failed: Int)>(("", 0, 0, 0))

    init(isTerminal: Bool) {
        self.isTerminal = isTerminal
    }

    func show(_ event: VerificationEvent) {
        switch event {
        case .suiteStarted(let name, let cases):
            progress.withLock { $0 = (name, cases, 0, 0) }
            if isTerminal { Console.standardOutput.write("\r\u{1B}[2K\(bar(done: 0, total: cases)) \(name)") }
        case .caseFinished(let result):
            let state = progress.withLock { current in
                current.done += 1
                if !result.passed, !isSkipped(result) { current.failed += 1 }
                return current
            }
            if isTerminal { Console.standardOutput.write("\r\u{1B}[2K\(bar(done: state.done, total: state.total)) \(state.suite)") }
        case .suiteFinished(let suite):
            let failed = suite.cases.filter { !$0.passed && !isSkipped($0) }.count
            let skipped = suite.cases.filter(isSkipped).count
            let milliseconds = suite.cases.reduce(0) { $0 + $1.durationMilliseconds }
            let mark = failed == 0 ? "✓" : "✗"
            var line = "\(mark) \(suite.name): \(suite.cases.count - failed - skipped) passed, \(failed) failed"
            if skipped > 0 { line += ", \(skipped) skipped" }
            line += " (\(milliseconds) ms)"
            Console.standardOutput.write((isTerminal ? "\r\u{1B}[2K" : "") + line + "\n")
        }
    }

    func finish(_ runs: [VerificationRun]) {
        var failures: [String] = []
        for run in runs {
            for result in run.suites.flatMap(\.cases) {
                for finding in result.findings { failures.append(render(finding, of: result)) }
            }
        }
        if !failures.isEmpty { Console.standardOutput.write("\n" + failures.joined(separator: "\n") + "\n") }
        var total = VerificationRun.Tally()
        for run in runs { total.add(run.tally) }
        Console.standardOutput.write("\(total)\n")
    }

    private func render(_ finding: Finding, of result: CaseResult) -> String {
        let place = result.location.map { "\($0): " } ?? ""
        let severity = finding.category == .transportError || finding.category == .harnessError ? "error" : "failure"
        var lines = ["\(place)\(severity): \(finding.headline)", "  in \(result.suite) › \(result.name)"]
        lines += finding.detail.split(separator: "\n").map { "  \($0)" }
        return lines.joined(separator: "\n")
    }

    private func bar(done: Int, total: Int) -> String {
        let width = 20
        let filled = total == 0 ? width : done * width / total
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] \(done)/\(total)"
    }

    private func isSkipped(_ result: CaseResult) -> Bool {
        if case .skipped = result.outcome { return true }
        return false
    }
}
