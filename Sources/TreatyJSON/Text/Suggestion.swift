/// "Did you mean …?" suggestions by edit distance, for every module's diagnostics.
public enum Suggestion {
    /// The candidate closest to `word`, if one is close enough to be a likely typo: at most a
    /// third of the word's length in edits (at least one), case-insensitive; ties go to the
    /// candidate that sorts first, so any collection (a set, a dictionary's keys) gives one answer.
    public static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        let limit = max(1, word.count / 3)
        let folded = word.lowercased()
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(folded, candidate.lowercased())
            guard distance <= limit else { continue }
            if let kept = best, distance > kept.distance || (distance == kept.distance && candidate >= kept.candidate) {
                continue
            }
            best = (candidate, distance)
        }
        return best?.candidate
    }

    /// `; did you mean 'title'?` for the closest candidate, or `""` when none is close.
    public static func didYouMean(_ word: String, among candidates: some Sequence<String>) -> String {
        closest(to: word, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The Damerau–Levenshtein (optimal string alignment) distance between two strings.
    public static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs)
        let b = Array(rhs)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
