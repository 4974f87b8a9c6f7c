import Foundation

extension TextFold {
    /// `text` folded: ASCII letters lower-cased, or Unicode case and diacritics removed.
    func apply(_ text: String) -> String {
        switch self {
        case .ascii: TextFold.asciiLowercased(text)
        case .unicode: text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        }
    }

    /// `text` with `A`–`Z` lower-cased and every other character unchanged (SQLite `LOWER`).
    static func asciiLowercased(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return text }
        return String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }, as: UTF8.self)
    }
}

/// The words of a text, for `tokensAll` and `tokensAny`: runs of letters and digits, folded.
enum Tokens {
    static func words(_ text: String, fold: TextFold?) -> Set<String> {
        let folded = fold?.apply(text) ?? text
        var words = Set<String>()
        var current = ""
        for character in folded {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.insert(current)
                current = ""
            }
        }
        if !current.isEmpty { words.insert(current) }
        return words
    }
}

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
