internal import TreatyDialectKit
internal import TreatyJSON

/// Pairs a live run with a simulated run of the same suites — same case, same step — and
/// compares each pair of answers with a ``SemanticComparer`` (`treaty diff`).
public struct RunComparison: Sendable {
    /// The comparer of answer bodies.
    public var comparer: SemanticComparer

    /// Creates a comparison.
    ///
    /// - Parameter comparer: The comparer of answer bodies.
    public init(comparer: SemanticComparer) {
        self.comparer = comparer
    }

    /// Every divergence between the runs, in the live run's order.
    ///
    /// A case run on one side only, or with a different number of requests, is a
    /// ``Divergence/Kind/flow`` divergence, as is one the simulator skips; a case skipped on the
    /// live side is left out, as there is no live behaviour to compare (a live run skips what it
    /// may not do to the target, such as changing its settings, which the simulator may). Bodies
    /// are compared when both parse as JSON (an excerpt cut at ``TreatyDialectKit/Exchange/excerptLimit`` does
    /// not); values must agree only for `GET` requests answered 2xx.
    ///
    /// - Parameters:
    ///   - live: The run against the live target.
    ///   - simulated: The run against the simulator.
    /// - Returns: The divergences.
    public func divergences(live: VerificationRun, simulated: VerificationRun) -> [Divergence] {
        var simulatedCases: [String: CaseResult] = [:]
        for result in simulated.suites.flatMap(\.cases) { simulatedCases[result.suite + " / " + result.name] = result }
        var found: [Divergence] = []
        for result in live.suites.flatMap(\.cases) {
            let name = result.suite + " / " + result.name
            guard let other = simulatedCases.removeValue(forKey: name) else {
                found.append(
                    Divergence(
                        testCase: name, step: 0, request: "", kind: .flow, pointer: "", live: "ran",
                        simulated: "no such case"))
                continue
            }
            found += divergences(of: result, other, name: name)
        }
        for name in simulatedCases.keys.sorted() {
            found.append(
                Divergence(testCase: name, step: 0, request: "", kind: .flow, pointer: "", live: "no such case", simulated: "ran"))
        }
        return found
    }

    private func divergences(of live: CaseResult, _ simulated: CaseResult, name: String) -> [Divergence] {
        if case .skipped = live.outcome { return [] }
        if case .skipped(let reason) = simulated.outcome {
            return [
                Divergence(
                    testCase: name, step: 0, request: "", kind: .flow, pointer: "", live: "ran", simulated: "skipped: \(reason)")
            ]
        }
        var found: [Divergence] = []
        var aliases: [String: String] = [:]
        for (index, pair) in zip(live.exchanges, simulated.exchanges).enumerated() {
            let (left, right) = pair
            Self.learn(from: left.request, right.request, into: &aliases)
            if let sent = Self.json(left.requestBody), let other = Self.json(right.requestBody) {
                Self.learn(from: sent, other, into: &aliases)
            }
            func add(_ kind: Divergence.Kind, _ pointer: String, _ liveText: String, _ simulatedText: String) {
                found.append(
                    Divergence(
                        testCase: name, step: index + 1, request: left.request, kind: kind, pointer: pointer,
                        live: liveText, simulated: simulatedText))
            }
            guard left.status == right.status else {
                add(.status, "", left.status.map(String.init) ?? "no answer", right.status.map(String.init) ?? "no answer")
                continue
            }
            guard let leftBody = Self.json(left.responseBody), let rightBody = Self.json(right.responseBody) else { continue }
            let reads = left.request.hasPrefix("GET ") && (200..<300).contains(left.status ?? 0)
            for difference in comparer.compare(
                live: leftBody, simulated: rightBody, comparesValues: reads, aliases: aliases) {
                add(difference.kind, difference.pointer, difference.live, difference.simulated)
            }
        }
        if live.exchanges.count != simulated.exchanges.count {
            found.append(
                Divergence(
                    testCase: name, step: min(live.exchanges.count, simulated.exchanges.count) + 1, request: "", kind: .flow,
                    pointer: "", live: "\(live.exchanges.count) requests", simulated: "\(simulated.exchanges.count) requests"))
        }
        return found
    }

    /// The parts of two request lines that differ where they have the same shape (an id each
    /// side minted for the same step: `/tasks/<live id>` and `/tasks/<simulated id>`).
    static func learn(from live: String, _ simulated: String, into aliases: inout [String: String]) {
        let separators: Set<Character> = ["/", "?", "&", "=", " "]
        let left = live.split(whereSeparator: separators.contains), right = simulated.split(whereSeparator: separators.contains)
        guard left.count == right.count else { return }
        for (one, other) in zip(left, right) where one != other && aliases[String(one)] == nil {
            aliases[String(one)] = String(other)
        }
    }

    /// The strings of two request bodies that differ at the same place.
    static func learn(from live: JSONValue, _ simulated: JSONValue, into aliases: inout [String: String]) {
        switch (live, simulated) {
        case (.string(let one), .string(let other)) where one != other && aliases[one] == nil: aliases[one] = other
        case (.object(let one), .object(let other)):
            for member in one.members {
                if let value = other[member.key] { learn(from: member.value, value, into: &aliases) }
            }
        case (.array(let one), .array(let other)):
            for (item, match) in zip(one, other) { learn(from: item, match, into: &aliases) }
        default: break
        }
    }

    private static func json(_ text: String) -> JSONValue? {
        guard !text.isEmpty else { return nil }
        return try? JSONParser().parse(Array(text.utf8))
    }
}
