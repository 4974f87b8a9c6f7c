import HTTPTypes
import Synchronization
import TreatyDialect

/// What the fault rules decided for one request.
struct FaultDecision: Sendable, Equatable {
    /// The total delay before answering, in milliseconds.
    var delayMilliseconds: Int = 0
    /// The action that replaces the response, if one fired.
    var terminal: FaultAction?

    static let none = FaultDecision()
}

/// The live fault rules of a running simulator and the seeded generator that decides whether
/// each fires; safe to use from every event loop.
final class FaultInjector: Sendable {
    private struct State {
        var rules: [FaultRule]
        var generator: SeededGenerator
        /// The positions of the rules switched off (from the dashboard).
        var off: Set<Int> = []
    }

    private let seed: UInt64
    private let state: Mutex<State>

    init(rules: [FaultRule], seed: UInt64) {
        self.seed = seed
        state = Mutex(State(rules: rules, generator: SeededGenerator(seed: seed)))
    }

    var rules: [FaultRule] {
        state.withLock { $0.rules }
    }

    /// Every rule with whether it is switched on.
    var states: [(rule: FaultRule, on: Bool)] {
        state.withLock { current in current.rules.enumerated().map { ($0.element, !current.off.contains($0.offset)) } }
    }

    /// Switches rule `index` off when it is on and on when it is off; returns whether it is on
    /// now, or `nil` when there is no such rule.
    func toggle(_ index: Int) -> Bool? {
        state.withLock { current in
            guard current.rules.indices.contains(index) else { return nil }
            if current.off.remove(index) != nil { return true }
            current.off.insert(index)
            return false
        }
    }

    func add(_ rule: FaultRule) {
        state.withLock { $0.rules.append(rule) }
    }

    /// Removes every rule and restarts the generator from the seed, so the same rules added
    /// again fire on the same requests again. Returns how many rules there were.
    @discardableResult
    func clear() -> Int {
        state.withLock { current in
            let count = current.rules.count
            current = State(rules: [], generator: SeededGenerator(seed: seed))
            return count
        }
    }

    /// Rolls every rule that applies to the request, in order.
    func decide(method: HTTPRequest.Method, path: String) -> FaultDecision {
        state.withLock { current in
            guard !current.rules.isEmpty else { return .none }
            var decision = FaultDecision()
            for (index, rule) in current.rules.enumerated() where rule.applies(method: method, path: path) {
                if !current.off.isEmpty, current.off.contains(index) { continue }
                guard Self.fires(rule.probability, using: &current.generator) else { continue }
                switch rule.action {
                case .latency(let range):
                    let delay = range.count > 1 ? Int.random(in: range, using: &current.generator) : range.lowerBound
                    decision.delayMilliseconds += delay
                case .status, .reset, .rateLimit:
                    decision.terminal = rule.action
                    return decision
                }
            }
            return decision
        }
    }

    private static func fires(_ probability: Double, using generator: inout SeededGenerator) -> Bool {
        if probability >= 1 { return true }
        if probability <= 0 { return false }
        return Double.random(in: 0..<1, using: &generator) < probability
    }
}
