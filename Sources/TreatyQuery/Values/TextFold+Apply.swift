import Foundation

extension TextFold {
    /// `text` folded: ASCII letters lower-cased, or Unicode case and diacritics removed.
    func apply(_ text: String) -> String {
        switch self {
        case .ascii: TextFold.asciiLowercased(text)
        case .unicode: text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        }
    }

    /// `text` with `A`–`Z` lower-cased and every other character unchanged (SQL `LOWER`).
    package static func asciiLowercased(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return text }
        return String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }, as: UTF8.self)
    }
}
