import TreatyJSON

/// Sorts matching records by a query's order keys, then by id ascending.
struct RecordOrdering<Source: QueryDataSource> {
    let keys: [CompiledOrderKey]
    let idField: String
    let source: Source
    let environment: QueryEnvironment
    /// The joins' first satisfying choice for a record, for keys read through a join.
    var firstChoice: ((JSONObject) throws(QueryError) -> [JoinChoice]?)?

    /// One record with its precomputed sort values.
    private struct Row {
        let position: Int
        let values: [Scalar?]
        let id: Scalar?
    }

    /// `positions` (into `records`) in order; with `prefix`, only the first `prefix` of them
    /// (a partial sort whose result is the full sort's prefix).
    func sorted(_ positions: [Int], of records: [JSONObject], prefix: Int? = nil) throws(QueryError) -> [Int] {
        var rows: [Row] = []
        rows.reserveCapacity(positions.count)
        for position in positions {
            let record = records[position]
            var values: [Scalar?] = []
            for key in keys { values.append(try value(of: key, record: record, position: position)) }
            rows.append(Row(position: position, values: values, id: Self.id(of: record, idField)))
        }
        // Only the direction of each key matters while comparing; copying the keys themselves
        // (paths, sources) in every comparison cost more than the comparisons.
        let directions = keys.map { Direction(nullsLast: $0.key.nulls == .last, descending: $0.key.descending) }
        let precedes = { (lhs: Row, rhs: Row) -> Bool in
            for index in directions.indices {
                let order = Self.compare(lhs.values[index], rhs.values[index], directions[index])
                if order != 0 { return order < 0 }
            }
            let order = Self.compareIDs(lhs.id, rhs.id)
            return order != 0 ? order < 0 : lhs.position < rhs.position
        }
        if let prefix, prefix < rows.count {
            return Self.smallest(prefix, of: rows, by: precedes).map(\.position)
        }
        rows.sort(by: precedes)
        return rows.map(\.position)
    }

    /// The `count` first of `rows` under the strict total order `precedes`, in order: a bounded
    /// max-heap of the best so far, then a sort of the heap.
    private static func smallest(_ count: Int, of rows: [Row], by precedes: (Row, Row) -> Bool) -> [Row] {
        guard count > 0 else { return [] }
        var heap: [Row] = []
        heap.reserveCapacity(count)
        func siftUp(_ start: Int) {
            var child = start
            while child > 0 {
                let parent = (child - 1) / 2
                guard precedes(heap[parent], heap[child]) else { return }
                heap.swapAt(parent, child)
                child = parent
            }
        }
        func siftDown() {
            var parent = 0
            while true {
                let left = 2 * parent + 1
                guard left < heap.count else { return }
                var largest = left
                if left + 1 < heap.count, precedes(heap[left], heap[left + 1]) { largest = left + 1 }
                guard precedes(heap[parent], heap[largest]) else { return }
                heap.swapAt(parent, largest)
                parent = largest
            }
        }
        for row in rows {
            if heap.count < count {
                heap.append(row)
                siftUp(heap.count - 1)
            } else if precedes(row, heap[0]) {
                heap[0] = row
                siftDown()
            }
        }
        heap.sort(by: precedes)
        return heap
    }

    private func value(of key: CompiledOrderKey, record: JSONObject, position: Int) throws(QueryError) -> Scalar? {
        var value: Scalar?
        switch key.source {
        case .insertion: return .integer(Int64(position))
        case .random(let seed):
            return .integer(Int64(bitPattern: Self.mix(seed ^ Self.fnv1a((record[idField] ?? .null).serialized()))))
        case .value(let steps, let access, let kind):
            var current: JSONObject? = record
            if let join = key.join, let firstChoice, let choices = try firstChoice(record) {
                let chosen = choices[join].record
                current = chosen.isEmpty ? nil : chosen
            } else {
                for step in steps {
                    current = current.flatMap { source.relatedRecords(of: $0, through: step).first }
                }
            }
            guard let current else { return key.key.nulls == .zero ? kind.zero : nil }
            value = try ValueReader(environment: environment).scalar(access, kind: kind, in: current)
            if value == nil, key.key.nulls == .zero { value = kind.zero }
        }
        if !key.key.caseSensitive, case .text(let text)? = value { value = .text(TextFold.asciiLowercased(text)) }
        if key.key.unsigned, case .integer(let integer)? = value { value = .integer(integer ^ .min) }
        return value
    }

    /// Where nulls go and which way a key orders.
    struct Direction {
        var nullsLast: Bool
        var descending: Bool
    }

    private static func compare(_ lhs: Scalar?, _ rhs: Scalar?, _ direction: Direction) -> Int {
        switch (lhs, rhs) {
        case (nil, nil): return 0
        case (nil, _): return direction.nullsLast ? 1 : -1
        case (_, nil): return direction.nullsLast ? -1 : 1
        case (let a?, let b?):
            let order = Scalar.compare(a, b) ?? kindRank(a) - kindRank(b)
            return direction.descending ? -order : order
        }
    }

    /// The id of a record as a scalar (integers before text when both occur).
    static func id(of record: JSONObject, _ idField: String) -> Scalar? {
        record[idField].flatMap { Scalar.stored($0, as: .reference(integerIDs: false, idField: idField)) }
    }

    static func compareIDs(_ lhs: Scalar?, _ rhs: Scalar?) -> Int {
        switch (lhs, rhs) {
        case (nil, nil): return 0
        case (nil, _): return -1
        case (_, nil): return 1
        case (let a?, let b?): return Scalar.compare(a, b) ?? kindRank(a) - kindRank(b)
        }
    }

    private static func kindRank(_ value: Scalar) -> Int {
        switch value {
        case .bool: 0
        case .integer, .float: 1
        case .date: 2
        case .text: 3
        case .bytes: 4
        case .json: 5
        }
    }

    /// SplitMix64's finaliser.
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// FNV-1a over the UTF-8 bytes of `text`.
    private static func fnv1a(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}
