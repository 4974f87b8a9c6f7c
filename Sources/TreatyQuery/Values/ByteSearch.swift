/// Substring tests on UTF-8 bytes, so equal means byte-equal as everywhere else.
enum ByteSearch {
    static func hasPrefix(_ text: String, _ prefix: String) -> Bool {
        text.utf8.starts(with: prefix.utf8)
    }

    static func hasSuffix(_ text: String, _ suffix: String) -> Bool {
        text.utf8.reversed().starts(with: suffix.utf8.reversed())
    }

    static func contains(_ text: String, _ needle: String) -> Bool {
        let haystack = Array(text.utf8)
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty else { return true }
        guard haystack.count >= pattern.count else { return false }
        for start in 0...(haystack.count - pattern.count)
        where haystack[start] == pattern[0] && haystack[start..<(start + pattern.count)].elementsEqual(pattern) {
            return true
        }
        return false
    }
}
