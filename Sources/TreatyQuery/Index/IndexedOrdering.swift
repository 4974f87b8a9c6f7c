import TreatyJSON

extension RecordOrdering {
    /// The first `prefix` of `positions` in order, read off the sorted index of the first order
    /// key instead of reading and comparing every position: the index is walked from the first
    /// key's first value on, each run of equal values (with the records that have no value, where
    /// they belong) is put in full order, and the walk stops once `prefix` positions are
    /// collected. The result is the prefix of ``sorted(_:of:prefix:)``'s; `nil` when the first
    /// key is no plain indexable field, or when too few positions match for the walk to pay.
    func indexedPrefix(
        _ positions: [Int], of records: [JSONObject], prefix: Int, resource: String, version: UInt64,
        cache: QueryIndexCache
    ) throws(QueryError) -> [Int]? {
        guard positions.count > max(64, 4 * prefix), let first = keys.first, !first.key.unsigned,
            case .value(let steps, .field(let name, _, nil), let kind) = first.source, steps.isEmpty
        else { return nil }
        switch kind {
        case .integer, .float, .date, .reference: break
        case .text: guard first.key.caseSensitive else { return nil }
        default: return nil
        }
        let index = cache.index(
            IndexSpec(resource: resource, field: name, kind: kind, multi: false), version: version, records: records)
        var matching = PositionSet(capacity: records.count)
        for position in positions { matching.insert(position) }
        // Records without a value read as the kind's zero, or sort before or after every value.
        let missing = positions.filter { !index.present.contains($0) }
        let missingValue = first.key.nulls == .zero ? kind.zero : nil
        let descending = first.key.descending
        var result: [Int] = []
        var missingPlaced = missing.isEmpty
        func place(_ group: [Int]) throws(QueryError) {
            guard !group.isEmpty else { return }
            result += try sorted(group, of: records)
        }
        if !missingPlaced, missingValue == nil, first.key.nulls != .last {
            try place(missing)
            missingPlaced = true
        }
        try index.forEachGroup(descending: descending) { (key, group) throws(QueryError) -> Bool in
            var members = group.filter { matching.contains($0) }
            if !missingPlaced, let missingValue, let order = Scalar.compare(missingValue, key) {
                if order == 0 {
                    members += missing
                    missingPlaced = true
                } else if descending ? order > 0 : order < 0 {
                    try place(missing)
                    missingPlaced = true
                }
            }
            try place(members)
            return result.count < prefix
        }
        if !missingPlaced, result.count < prefix { try place(missing) }
        return Array(result.prefix(prefix))
    }
}
