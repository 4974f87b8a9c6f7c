public import Foundation

/// One command's run as the HTML report shows it: what ran, against what, and every item with
/// its outcome, findings and evidence.
///
/// The CLI fills it from a verify run (groups are suites, items are cases) or a check run
/// (groups are payload files, items are the records that hold violations), and
/// ``HTMLReportWriter`` renders it as one self-contained page.
public struct HTMLReport: Sendable {
    /// The page title, e.g. `treaty verify: 2 contracts`.
    public var title: String
    /// The command that produced the run, e.g. `treaty verify`.
    public var command: String
    /// When the run started.
    public var startedAt: Date
    /// Facts shown under the title, in order (contract, target, dialect, …).
    public var facts: [Fact]
    /// The groups in run order.
    public var groups: [Group]
    /// What each rule means, for the links from findings and the per-rule table.
    public var rules: [Rule]
    /// What the items of this run are called (`case`, `record`); the plural adds an `s`.
    public var itemNoun: String

    /// Creates a report.
    public init(
        title: String, command: String, startedAt: Date, facts: [Fact] = [], groups: [Group],
        rules: [Rule] = [], itemNoun: String = "case"
    ) {
        self.title = title
        self.command = command
        self.startedAt = startedAt
        self.facts = facts
        self.groups = groups
        self.rules = rules
        self.itemNoun = itemNoun
    }

    /// A label and its value, e.g. `target` and `http://127.0.0.1:8080`.
    public struct Fact: Sendable, Hashable {
        /// The label.
        public var label: String
        /// The value.
        public var value: String

        /// Creates a fact.
        public init(_ label: String, _ value: String) {
            self.label = label
            self.value = value
        }
    }

    /// What a rule requires, as `treaty rules` lists it.
    public struct Rule: Sendable, Hashable {
        /// The rule id, e.g. `RS-NL-3`.
        public var id: String
        /// One line saying what the rule requires.
        public var meaning: String

        /// Creates a rule entry.
        public init(id: String, meaning: String) {
            self.id = id
            self.meaning = meaning
        }
    }
}
