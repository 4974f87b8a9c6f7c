extension HTMLReport {
    /// A suite of cases, or a payload file's records.
    public struct Group: Sendable {
        /// The group's name (a suite name, or a payload file).
        public var name: String
        /// The file the group comes from, when it has one.
        public var file: String?
        /// The items in order.
        public var items: [Item]
        /// A line saying what the group could not show, e.g. violations left out by a limit, or
        /// why a payload could not be checked.
        public var note: String?

        /// Creates a group.
        public init(name: String, file: String? = nil, items: [Item], note: String? = nil) {
            self.name = name
            self.file = file
            self.items = items
            self.note = note
        }
    }

    /// One case, or one record of a payload, with what it found.
    public struct Item: Sendable {
        /// How an item ended.
        public enum Outcome: Sendable, Hashable {
            /// Nothing wrong.
            case passed
            /// Something broke a rule or an expectation.
            case failed
            /// The item could not judge anything (transport or harness error).
            case errored
            /// The item did not run, and why.
            case skipped(String)
            /// Only warnings were found.
            case warned

            /// The word shown for the outcome.
            public var word: String {
                switch self {
                case .passed: "passed"
                case .failed: "failed"
                case .errored: "error"
                case .skipped: "skipped"
                case .warned: "warning"
                }
            }
        }

        /// The item's name.
        public var name: String
        /// How it ended.
        public var outcome: Outcome
        /// The rules it proves (a case) or concerns (a record).
        public var rules: [String]
        /// Where it is written or found, e.g. `Contracts/demo/contract.yaml:42:5`.
        public var location: String?
        /// The endpoint it exercised, e.g. `GET /projects/{project_id}/tasks`.
        public var endpoint: String?
        /// How long it took, when it was timed.
        public var durationMilliseconds: Int?
        /// What it found.
        public var findings: [Finding]
        /// The requests it sent and their answers.
        public var exchanges: [Exchange]
        /// The payload the findings are about, when it is not an exchange's answer (a record of
        /// a checked file).
        public var payload: Payload?
        /// How many cases or records the item stands for (one, unless it sums up several
        /// that passed alike, such as a payload's records without findings).
        public var count: Int

        /// Creates an item.
        public init(
            name: String, outcome: Outcome, rules: [String] = [], location: String? = nil, endpoint: String? = nil,
            durationMilliseconds: Int? = nil, findings: [Finding] = [], exchanges: [Exchange] = [],
            payload: Payload? = nil, count: Int = 1
        ) {
            self.name = name
            self.outcome = outcome
            self.rules = rules
            self.location = location
            self.endpoint = endpoint
            self.durationMilliseconds = durationMilliseconds
            self.findings = findings
            self.exchanges = exchanges
            self.payload = payload
            self.count = count
        }
    }
}
