/// Makes arbitrary text safe for an XML 1.0 document before it is escaped.
///
/// - ANSI escape sequences (CSI such as colours `ESC[31m`, and OSC such as hyperlinks) are removed.
/// - Characters XML 1.0 forbids (control characters other than tab, LF and CR, U+FFFE, U+FFFF) are
///   replaced by a visible escape, `\u{1B}`, because one of them makes a whole file unreadable.
enum TextSanitizer {
    /// `text` without ANSI sequences and with forbidden characters made visible.
    static func clean(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !isAllowed($0) }) else { return text }
        var result = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\u{1B}", let end = endOfEscapeSequence(in: scalars, at: index) {
                index = end
                continue
            }
            if isAllowed(scalar) {
                result.append(scalar)
            } else {
                result.append(contentsOf: visibleEscape(scalar).unicodeScalars)
            }
            index += 1
        }
        return String(result)
    }

    /// `text` cleaned and on one line: every CR LF, CR or LF becomes one space.
    ///
    /// Parsers turn line breaks in attributes into spaces anyway; doing it here keeps what CI tools
    /// show identical to what was written.
    static func oneLine(_ text: String) -> String {
        let cleaned = clean(text)
        guard cleaned.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) else { return cleaned }
        var result = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in cleaned.unicodeScalars {
            switch scalar {
            case "\r":
                result.append(" ")
                previousWasCR = true
            case "\n":
                if !previousWasCR { result.append(" ") }
                previousWasCR = false
            default:
                result.append(scalar)
                previousWasCR = false
            }
        }
        return String(result)
    }

    /// Whether a one-line value has at least one character other than space and tab, as the
    /// schema's `OneLine` type requires.
    static func hasContent(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 != " " && $0 != "\t" && $0 != "\n" && $0 != "\r" }
    }

    /// `text` cut to at most `limit` UTF-8 bytes (on a character boundary), plus a note saying how
    /// much was dropped.
    static func truncated(_ text: String, toUTF8Bytes limit: Int) -> String {
        let total = text.utf8.count
        guard total > limit else { return text }
        var end = text.utf8.index(text.utf8.startIndex, offsetBy: max(0, limit))
        while end > text.startIndex, String.Index(end, within: text.unicodeScalars) == nil {
            end = text.utf8.index(before: end)
        }
        let kept = text[..<end]
        return kept + "\n[truncated: \(total - kept.utf8.count) more bytes not shown]"
    }

    /// Whether XML 1.0 allows `scalar` (Swift strings hold no lone surrogates).
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0x00...0x1F: false
        case 0xFFFE, 0xFFFF: false
        default: true
        }
    }

    /// `\u{1B}`: how a forbidden character is shown.
    static func visibleEscape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// The index just past the ANSI sequence starting at `start` (an ESC), or `nil` when no complete
    /// CSI (`ESC [ params intermediates final`) or OSC (`ESC ] … BEL` or `ESC ] … ESC \`) starts there.
    private static func endOfEscapeSequence(in scalars: [Unicode.Scalar], at start: Int) -> Int? {
        let introducer = start + 1
        guard introducer < scalars.count else { return nil }
        switch scalars[introducer] {
        case "[":
            var index = introducer + 1
            while index < scalars.count, (0x30...0x3F).contains(scalars[index].value) { index += 1 }
            while index < scalars.count, (0x20...0x2F).contains(scalars[index].value) { index += 1 }
            guard index < scalars.count, (0x40...0x7E).contains(scalars[index].value) else { return nil }
            return index + 1
        case "]":
            var index = introducer + 1
            while index < scalars.count {
                if scalars[index] == "\u{07}" { return index + 1 }
                if scalars[index] == "\u{1B}" {
                    guard index + 1 < scalars.count, scalars[index + 1] == "\\" else { return nil }
                    return index + 2
                }
                index += 1
            }
            return nil
        default:
            return nil
        }
    }
}
