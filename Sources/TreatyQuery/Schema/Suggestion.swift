/// "Did you mean …?" for misspelt names.
package enum Suggestion {
    /// `; did you mean 'title'?` for the closest candidate within a small edit distance, or `""`.
    static func didYouMean(_ name: String, among candidates: some Sequence<String>) -> String {
        closest(to: name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The candidate closest to `name` when it is close enough to be a typo.
    package static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        let limit = max(1, name.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates.sorted() {
            let distance = editDistance(name.lowercased(), candidate.lowercased())
            if distance <= limit, distance < best?.distance ?? .max { best = (candidate, distance) }
        }
        return best?.name
    }

    /// The Levenshtein distance, counting an adjacent swap as one edit.
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs)
        let b = Array(rhs)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
