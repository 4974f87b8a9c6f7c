extension TestReport {
    /// The suites in the order every writer uses: by package (the consumer), then name (the
    /// provider), then file (the contract path); equal keys keep their given order.
    var orderedSuites: [TestSuiteReport] {
        suites.enumerated()
            .sorted { lhs, rhs in
                let left = lhs.element.sortKey
                let right = rhs.element.sortKey
                if left != right { return left.lexicographicallyPrecedes(right) }
                return lhs.offset < rhs.offset
            }
            .map(\.element)
    }
}

extension TestSuiteReport {
    /// `[package, name, file]`, with absent values as empty strings.
    var sortKey: [String] { [package ?? "", name, file ?? ""] }
}

extension Array where Element == TestProperty {
    /// The properties sorted by name; equal names keep their given order.
    var sortedByName: [TestProperty] {
        enumerated()
            .sorted { lhs, rhs in
                if lhs.element.name != rhs.element.name { return lhs.element.name < rhs.element.name }
                return lhs.offset < rhs.offset
            }
            .map(\.element)
    }
}
