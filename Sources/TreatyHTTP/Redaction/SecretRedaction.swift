/// Which header values and URL parts must never reach a log line or an error message.
///
/// Secret headers are `Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie`, and every
/// header whose name contains `token`, `secret`, `password`, `api-key`, `apikey` or `api_key`
/// (any case). Their values become ``placeholder``. In URLs, the password of the user info and
/// the values of query parameters with secret names are redacted the same way.
enum SecretRedaction {
    static let placeholder = "<redacted>"

    private static let secretNames: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie",
    ]
    private static let secretFragments = ["token", "secret", "password", "api-key", "apikey", "api_key"]

    /// Whether a header or query parameter of this name carries a secret.
    static func isSecret(_ name: some StringProtocol) -> Bool {
        let folded = name.lowercased()
        return secretNames.contains(folded) || secretFragments.contains { folded.contains($0) }
    }

    /// `value`, or ``placeholder`` when `name` is secret.
    static func redacted(_ value: String, name: some StringProtocol) -> String {
        isSecret(name) ? placeholder : value
    }

    /// `url` with the user-info password and secret query values replaced.
    ///
    /// `https://bob:hunter2@host/p?access_token=abc&page=2` becomes
    /// `https://bob:<redacted>@host/p?access_token=<redacted>&page=2`.
    static func redactedURL(_ url: String) -> String {
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
        var result = redactedUserInfo(head)
        if let query {
            result += "?" + redactedQuery(query)
        }
        return result + fragment
    }

    private static func redactedUserInfo(_ head: Substring) -> String {
        guard let schemeEnd = head.firstRange(of: "://") else { return String(head) }
        let authorityStart = schemeEnd.upperBound
        let authorityEnd = head[authorityStart...].firstIndex(of: "/") ?? head.endIndex
        let authority = head[authorityStart..<authorityEnd]
        guard let at = authority.lastIndex(of: "@"),
            let colon = authority[..<at].firstIndex(of: ":")
        else { return String(head) }
        return String(head[..<authority.index(after: colon)]) + placeholder + String(head[at...])
    }

    private static func redactedQuery(_ query: Substring) -> String {
        query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, isSecret(parts[0].removingPercentEncodingLeniently) else { return String(pair) }
            return "\(parts[0])=\(placeholder)"
        }.joined(separator: "&")
    }
}

extension Substring {
    /// The text with `%XX` escapes decoded where valid and `+` left alone; good enough to
    /// recognise a parameter name such as `access%5Ftoken`.
    fileprivate var removingPercentEncodingLeniently: String {
        var bytes: [UInt8] = []
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            let high = iterator.next()
            let low = iterator.next()
            if let high, let low, let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) {
                bytes.append(value)
            } else {
                bytes.append(byte)
                high.map { bytes.append($0) }
                low.map { bytes.append($0) }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
