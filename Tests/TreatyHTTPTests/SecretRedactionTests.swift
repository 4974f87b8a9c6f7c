import Testing

@testable import TreatyHTTP

@Suite struct SecretRedactionTests {
    @Test(
        "secret header names are recognised in any case",
        arguments: [
            "Authorization", "proxy-authorization", "COOKIE", "Set-Cookie", "X-Auth-Token", "x-csrftoken",
            "X-Client-Secret",
            "X-Password", "X-Api-Key", "apikey", "X-API_KEY",
        ])
    func secretNames(name: String) {
        #expect(SecretRedaction.isSecret(name))
        #expect(SecretRedaction.redacted("v", name: name) == "<redacted>")
    }

    @Test(
        "ordinary header names are not secret",
        arguments: ["Accept", "Content-Type", "X-Request-Id", "Authority", "Cookies-Policy"])
    func ordinaryNames(name: String) {
        #expect(!SecretRedaction.isSecret(name))
        #expect(SecretRedaction.redacted("v", name: name) == "v")
    }

    @Test(
        "URLs lose user-info passwords and secret query values, nothing else",
        arguments: [
            ("http://h/p", "http://h/p"),
            ("https://bob:pw@h:1/p?a=1", "https://bob:<redacted>@h:1/p?a=1"),
            ("https://bob@h/p", "https://bob@h/p"),
            ("http://h/p?token=t&page=2&api_key=k#frag", "http://h/p?token=<redacted>&page=2&api_key=<redacted>#frag"),
            ("http://h/p?access%5Ftoken=t", "http://h/p?access%5Ftoken=<redacted>"),
            ("http://h/a@b?x", "http://h/a@b?x"),
        ])
    func urls(url: String, expected: String) {
        #expect(SecretRedaction.redactedURL(url) == expected)
    }
}
