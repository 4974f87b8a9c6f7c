/// English singular forms for deriving to-many keys (`watchers` → `watcher_ids`).
public enum Inflection {
    private static let irregular: [String: String] = [
        "people": "person", "children": "child", "men": "man", "women": "woman", "data": "datum",
        "indices": "index", "statuses": "status", "addresses": "address", "aliases": "alias",
    ]

    /// The singular of an English plural noun; words that are not plural come back unchanged.
    public static func singular(_ word: String) -> String {
        let lower = word.lowercased()
        if let known = irregular[lower] { return known }
        if lower.hasSuffix("ies"), lower.count > 3 { return String(word.dropLast(3)) + "y" }
        for suffix in ["sses", "shes", "ches", "xes", "zes"] where lower.hasSuffix(suffix) {
            return String(word.dropLast(2))
        }
        if lower.hasSuffix("ss") || lower.hasSuffix("us") || lower.hasSuffix("is") { return word }
        if lower.hasSuffix("s"), lower.count > 1 { return String(word.dropLast()) }
        return word
    }
}
