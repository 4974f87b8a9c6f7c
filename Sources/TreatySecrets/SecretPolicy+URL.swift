extension SecretPolicy {
    /// `url` with the user-info password, secret path segments and secret query values masked.
    ///
    /// `https://bob:hunter2@host/p?access_token=abc&page=2` becomes
    /// `https://bob:<redacted>@host/p?access_token=<redacted>&page=2`. A request target without
    /// scheme and host (`/p?token=t`) is redacted the same way.
    ///
    /// - Parameter url: An absolute URL or a request target.
    /// - Returns: The URL to show.
    public static func redactedURL(_ url: String) -> String {
        var head = Substring(url)
        var fragment: Substring = ""
        if let hash = head.firstIndex(of: "#") {
            fragment = head[hash...]
            head = head[..<hash]
        }
        var query: Substring?
        if let question = head.firstIndex(of: "?") {
            query = head[head.index(after: question)...]
            head = head[..<question]
        }
        var result = redactedPath(redactedUserInfo(head))
        if let query {
            result += "?" + redactedQuery(query)
        }
        return result + fragment
    }

    /// A path with each segment that follows a `sessions` segment masked: the token of a
    /// session resource (`/databases/Music/sessions/<redacted>`).
    ///
    /// - Parameter path: A path, or a URL without query.
    /// - Returns: The path to show.
    public static func redactedPath(_ path: String) -> String {
        guard mayHoldSessionSegment(path.utf8) else { return path }
        var segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for index in segments.indices.dropFirst() where segments[index - 1].lowercased() == "sessions" {
            if !segments[index].isEmpty { segments[index] = mask }
        }
        return segments.joined(separator: "/")
    }

    /// `/sessions/` in any ASCII case, as bytes: every request's path passes here on its way to
    /// the journal and the log, so the common answer ("no") allocates nothing.
    private static func mayHoldSessionSegment(_ path: String.UTF8View) -> Bool {
        let needle = sessionSegment
        var matched = 0
        for byte in path {
            let folded = byte | 0x20
            if folded == needle[matched] {
                matched += 1
                if matched == needle.count { return true }
            } else {
                matched = folded == needle[0] ? 1 : 0
            }
        }
        return false
    }

    /// `/sessions/`, the bytes ``mayHoldSessionSegment(_:)`` looks for (letters in lower case;
    /// `/` is unchanged by folding).
    private static let sessionSegment = Array("/sessions/".utf8)

    /// A raw query string (without `?`) or form body with the values of secret parameters
    /// masked, and everything else as received.
    ///
    /// - Parameter query: The query, e.g. `ckAPIToken=abc&page=2`.
    /// - Returns: The query to show, e.g. `ckAPIToken=<redacted>&page=2`.
    public static func redactedQuery(_ query: some StringProtocol) -> String {
        String(decoding: redactedForm(Array(query.utf8)), as: UTF8.self)
    }

    /// Form-encoded bytes (`a=1&password=x`) with the values of secret fields masked.
    static func redactedForm(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "=")) else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for (index, pair) in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false).enumerated() {
            if index > 0 { result.append(UInt8(ascii: "&")) }
            guard let equals = pair.firstIndex(of: UInt8(ascii: "=")),
                isSecretKey(FormDecoding.decode(pair[..<equals]))
            else {
                result += pair
                continue
            }
            result += pair[...equals]
            result += mask.utf8
        }
        return result
    }

    private static func redactedUserInfo(_ head: Substring) -> String {
        guard let schemeEnd = head.firstRange(of: "://") else { return String(head) }
        let authorityStart = schemeEnd.upperBound
        let authorityEnd = head[authorityStart...].firstIndex(of: "/") ?? head.endIndex
        let authority = head[authorityStart..<authorityEnd]
        guard let at = authority.lastIndex(of: "@"),
            let colon = authority[..<at].firstIndex(of: ":")
        else { return String(head) }
        return String(head[..<authority.index(after: colon)]) + mask + String(head[at...])
    }
}
