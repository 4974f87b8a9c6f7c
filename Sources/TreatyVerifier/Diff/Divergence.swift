/// One way the live target's answer differs from the simulator's, for the same step of the
/// same case (`treaty diff`).
public struct Divergence: Sendable, Hashable {
    /// What differs.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The statuses differ.
        case status
        /// A key one side has and the other lacks.
        case key
        /// `null` on one side, the key missing on the other.
        case nullVersusMissing = "null-vs-missing"
        /// `null` on one side, a value on the other.
        case nullness
        /// The JSON types differ (a string and an object: a relation expanded, say).
        case type
        /// Both are strings or numbers, of different formats (a timestamp and a date, an
        /// integer and a fraction).
        case format
        /// A value that is neither volatile nor an identity differs.
        case value
        /// The lists hold different records (by identity) or a different number of them.
        case identity
        /// The same records in another order.
        case order
        /// A case made a different number of requests, or ran on one side only.
        case flow
    }

    /// The suite and case, e.g. `demo.shapes / GET /users`.
    public var testCase: String
    /// The step (request) of the case, from 1.
    public var step: Int
    /// The live request line, e.g. `GET /users`.
    public var request: String
    /// What differs.
    public var kind: Kind
    /// Where in the body, as a JSON pointer (empty for the whole answer).
    public var pointer: String
    /// What the live target answered there.
    public var live: String
    /// What the simulator answered there.
    public var simulated: String

    /// Creates a divergence.
    public init(
        testCase: String, step: Int, request: String, kind: Kind, pointer: String, live: String, simulated: String
    ) {
        self.testCase = testCase
        self.step = step
        self.request = request
        self.kind = kind
        self.pointer = pointer
        self.live = live
        self.simulated = simulated
    }

    /// One line: the case, the step, what differs and each side's answer.
    public var summary: String {
        let place = pointer.isEmpty ? "" : " at \(pointer)"
        return "\(testCase), step \(step) (\(request)): \(kind.rawValue)\(place): live \(live), simulated \(simulated)"
    }
}
