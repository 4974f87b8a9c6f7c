extension HTTPClientRequest {
    /// Whether ``url`` is an absolute `http://` or `https://` URL with a host and no spaces or
    /// control characters — what every transport requires before sending.
    var hasAbsoluteHTTPURL: Bool {
        let lowered = url.prefix(8).lowercased()
        let rest: Substring
        if lowered.hasPrefix("https://") {
            rest = url.dropFirst(8)
        } else if lowered.hasPrefix("http://") {
            rest = url.dropFirst(7)
        } else {
            return false
        }
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = authority.split(separator: "@").last ?? ""
        return !host.isEmpty && !host.hasPrefix(":")
            && !url.utf8.contains { $0 <= 0x20 || $0 == 0x7F }
    }
}
