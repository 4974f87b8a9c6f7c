extension HTMLReport {
    /// Items counted by outcome.
    struct Tally {
        var passed = 0
        var failed = 0
        var errored = 0
        var skipped = 0
        var warned = 0
        var milliseconds = 0

        var total: Int { passed + failed + errored + skipped + warned }
        var bad: Int { failed + errored }

        mutating func add(_ item: Item) {
            switch item.outcome {
            case .passed: passed += item.count
            case .failed: failed += item.count
            case .errored: errored += item.count
            case .skipped: skipped += item.count
            case .warned: warned += item.count
            }
            milliseconds += item.durationMilliseconds ?? 0
        }

        init() {}

        init(_ items: some Sequence<Item>) {
            for item in items { add(item) }
        }
    }

    /// Every item, with its group's name.
    var allItems: [(group: String, item: Item)] {
        groups.flatMap { group in group.items.map { (group.name, $0) } }
    }

    /// The outcome of each rule: the items that prove or concern it, and the items whose
    /// findings name it, counted by outcome; in order of rule id.
    func tallyByRule() -> [(rule: String, tally: Tally)] {
        var tallies: [String: Tally] = [:]
        for group in groups {
            for item in group.items {
                var named = Set(item.rules)
                for finding in item.findings { if let rule = finding.rule { named.insert(rule) } }
                for rule in named { tallies[rule, default: Tally()].add(item) }
            }
        }
        return tallies.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The outcome of each endpoint the items exercised, in order of endpoint.
    func tallyByEndpoint() -> [(endpoint: String, tally: Tally)] {
        var tallies: [String: Tally] = [:]
        for group in groups {
            for item in group.items {
                if let endpoint = item.endpoint { tallies[endpoint, default: Tally()].add(item) }
            }
        }
        return tallies.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
