/// Approximations of the format checks PocketBase borrows from govalidator (via
/// ozzo-validation's `is` package): email addresses, URLs and domains.
enum TextFormats {
    private static let localSpecials = Set("!#$%&'*+-/=?^_`{|}~")

    /// `local@domain` with a dot-atom local part and a domain of at least two labels, the last
    /// starting and ending with a letter (`a@b.c` passes, `a@b` does not).
    static func isEmail(_ text: String) -> Bool {
        guard text.utf8.count <= 254, let at = text.lastIndex(of: "@") else { return false }
        let local = text[..<at]
        let domain = text[text.index(after: at)...]
        let atoms = local.split(separator: ".", omittingEmptySubsequences: false)
        guard !local.isEmpty, local.count <= 64,
            atoms.allSatisfy({
                !$0.isEmpty
                    && $0.allSatisfy {
                        ($0.isASCII && ($0.isLetter || $0.isNumber)) || localSpecials.contains($0) || !$0.isASCII
                    }
            })
        else { return false }
        return isHost(domain.hasSuffix(".") ? String(domain.dropLast()) : String(domain), requireDot: true)
    }

    /// A domain name: labels of letters, digits and hyphens (not at the ends), at least two
    /// labels, a top-level label of letters.
    static func isDomain(_ text: String) -> Bool {
        guard !text.isEmpty, text.count <= 255 else { return false }
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let top = labels.last, top.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return false
        }
        return labels.allSatisfy(isLabel)
    }

    /// A URL as govalidator's `IsURL` accepts it: an optional `scheme://`, a host that is
    /// `localhost`, an IPv4 address or a name with a dot, an optional port, then anything
    /// without spaces.
    static func isURL(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count < 2_083, !text.contains(" "), !text.hasPrefix(".") else { return false }
        var rest = Substring(text)
        if let range = rest.firstRange(of: "://") {
            let scheme = rest[..<range.lowerBound]
            guard !scheme.isEmpty,
                scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
            else {
                return false
            }
            rest = rest[range.upperBound...]
        }
        let authorityEnd = rest.firstIndex(where: { "/?#".contains($0) }) ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if let colon = authority.lastIndex(of: ":") {
            let port = authority[authority.index(after: colon)...]
            guard !port.isEmpty, port.allSatisfy(\.isWholeNumber), let number = Int(port), number <= 65_535 else {
                return false
            }
            authority = authority[..<colon]
        }
        return isHost(String(authority), requireDot: true) || authority == "localhost"
    }

    /// The host part of a URL (`u.Host` in Go, with the port).
    static func host(ofURL text: String) -> String {
        guard let range = text.firstRange(of: "://") else { return "" }
        let rest = text[range.upperBound...]
        let end = rest.firstIndex(where: { "/?#".contains($0) }) ?? rest.endIndex
        var authority = rest[..<end]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        return String(authority)
    }

    private static func isHost(_ host: String, requireDot: Bool) -> Bool {
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        if labels.count == 4, labels.allSatisfy({ Int($0).map { (0...255).contains($0) } ?? false }) { return true }
        guard labels.count >= (requireDot ? 2 : 1), let top = labels.last, let first = top.first, let last = top.last,
            first.isLetter, last.isLetter || last.isNumber
        else { return false }
        return labels.allSatisfy(isLabel)
    }

    private static func isLabel(_ label: Substring) -> Bool {
        guard let first = label.first, let last = label.last, label.count <= 63 else { return false }
        let allowed = label.allSatisfy { ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
        return allowed && first != "-" && last != "-"
    }
}
