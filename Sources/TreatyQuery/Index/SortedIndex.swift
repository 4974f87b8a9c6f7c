import TreatyJSON

/// What an index covers: one field of one resource, read as one kind.
struct IndexSpec: Sendable, Hashable {
    let resource: String
    let field: String
    let kind: ScalarKind
    /// Whether each record contributes every element of a list (or every id of a to-many
    /// relation).
    let multi: Bool
}

/// The non-null values of one field, sorted, each with the position of its record in
/// ``QueryDataSource/records(of:)``.
struct SortedIndex: Sendable {
    let version: UInt64
    let recordCount: Int
    /// The positions of the records with at least one value in the index.
    let present: PositionSet
    private let keys: [Scalar]
    private let positions: [Int]

    init(_ spec: IndexSpec, version: UInt64, records: [JSONObject]) {
        var entries: [(key: Scalar, position: Int)] = []
        for (position, record) in records.enumerated() {
            for key in Self.keys(of: record, spec) { entries.append((key, position)) }
        }
        entries.sort { lhs, rhs in
            let order = Scalar.compare(lhs.key, rhs.key) ?? 0
            return order != 0 ? order < 0 : lhs.position < rhs.position
        }
        self.version = version
        recordCount = records.count
        keys = entries.map(\.key)
        positions = entries.map(\.position)
        var present = PositionSet(capacity: records.count)
        for entry in entries { present.insert(entry.position) }
        self.present = present
    }

    /// Calls `body` with each run of equal keys and their positions, from the smallest key up
    /// (or, `descending`, from the largest down), until `body` returns `false`.
    func forEachGroup<Failure: Error>(
        descending: Bool, _ body: (Scalar, ArraySlice<Int>) throws(Failure) -> Bool
    ) throws(Failure) {
        var start = descending ? keys.count - 1 : 0
        while descending ? start >= 0 : start < keys.count {
            var end = start
            while true {
                let next = descending ? end - 1 : end + 1
                guard next >= 0, next < keys.count, Scalar.compare(keys[next], keys[start]) == 0 else { break }
                end = next
            }
            let range = descending ? end...start : start...end
            guard try body(keys[start], positions[range]) else { return }
            start = descending ? end - 1 : end + 1
        }
    }

    /// The values `record` contributes to an index of `spec`.
    static func keys(of record: JSONObject, _ spec: IndexSpec) -> [Scalar] {
        let raw = record[spec.field] ?? .null
        if spec.multi {
            let elements = raw.arrayValue ?? (raw.isNull ? [] : [raw])
            return elements.compactMap { Scalar.stored($0, as: spec.kind) }
        }
        return Scalar.stored(raw, as: spec.kind).map { [$0] } ?? []
    }

    /// The first entry whose key is not below `probe` (with `inclusive`), or above it (without).
    private func boundary(_ probe: Scalar, after inclusive: Bool) -> Int {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            let order = Scalar.compare(keys[middle], probe) ?? 0
            if order < 0 || (!inclusive && order == 0) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }

    /// Whether `probe` compares with the keys at all (a text probe in a number index does not).
    private func comparable(_ probe: Scalar) -> Bool {
        keys.first.map { Scalar.compare($0, probe) != nil } ?? false
    }

    /// Positions of the records with a value equal to `probe`, ascending, without repeats.
    func positions(equalTo probe: Scalar) -> [Int] {
        positions(from: (probe, true), to: (probe, true))
    }

    /// Positions of the records with a value in the range, ascending, without repeats; a missing
    /// bound is open.
    func positions(from lower: (Scalar, inclusive: Bool)?, to upper: (Scalar, inclusive: Bool)?) -> [Int] {
        positionSet(from: lower, to: upper).sorted
    }

    /// ``positions(from:to:)`` as a set.
    func positionSet(from lower: (Scalar, inclusive: Bool)?, to upper: (Scalar, inclusive: Bool)?) -> PositionSet {
        var set = PositionSet(capacity: recordCount)
        if let lower, !comparable(lower.0) { return set }
        if let upper, !comparable(upper.0) { return set }
        let start = lower.map { boundary($0.0, after: $0.inclusive) } ?? 0
        let end = upper.map { boundary($0.0, after: !$0.inclusive) } ?? keys.count
        guard start < end else { return set }
        for position in positions[start..<end] { set.insert(position) }
        return set
    }

    /// ``positions(equalTo:)`` as a set.
    func positionSet(equalTo probe: Scalar) -> PositionSet {
        positionSet(from: (probe, true), to: (probe, true))
    }
}
