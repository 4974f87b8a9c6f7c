import Testing

@testable import TreatySecrets

@Suite struct SecretPolicyTests {
    @Test(
        "secret header names are recognised in any case",
        arguments: [
            "Authorization", "proxy-authorization", "COOKIE", "Set-Cookie", "X-Auth-Token", "x-csrftoken",
            "X-Client-Secret",
            "X-Password", "X-Api-Key", "apikey", "X-API_KEY",
            "X-FM-Data-Access-Token", "X-Apple-CloudKit-Request-SignatureV1", "X-Apple-CloudKit-Request-KeyID",
            "X-Treaty-Admin-Token",
        ])
    func secretNames(name: String) {
        #expect(SecretPolicy.isSecretHeader(name))
        #expect(SecretPolicy.redactedHeaderValue("v", name: name) == "<redacted>")
    }

    @Test(
        "ordinary header names are not secret",
        arguments: [
            "Accept", "Content-Type", "X-Request-Id", "Authority", "Cookies-Policy",
            "X-Apple-CloudKit-Request-ISO8601Date",
        ])
    func ordinaryNames(name: String) {
        #expect(!SecretPolicy.isSecretHeader(name))
        #expect(SecretPolicy.redactedHeaderValue("v", name: name) == "v")
    }

    @Test(
        "every dialect's credential keys are secret in any case",
        arguments: [
            "password", "passwordConfirm", "oldPassword", "newPassword", "token", "tokenKey", "ckAPIToken",
            "ckWebAuthToken", "ckSession", "access_token", "refresh_token", "api_key", "client_secret", "PASSWORD",
            "codeVerifier",
        ])
    func secretKeys(key: String) {
        #expect(SecretPolicy.isSecretKey(key))
    }

    @Test(
        "cursors, flags and ordinary fields are not secret keys",
        arguments: ["syncToken", "isSessionInUse", "identity", "username", "email", "code", "otpId", "title"])
    func ordinaryKeys(key: String) {
        #expect(!SecretPolicy.isSecretKey(key))
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
        #expect(SecretPolicy.redactedURL(url) == expected)
    }

    @Test(
        "request targets lose session tokens in the path and API tokens in the query",
        arguments: [
            (
                "/fmi/data/vLatest/databases/Music/sessions/abc123",
                "/fmi/data/vLatest/databases/Music/sessions/<redacted>"
            ),
            ("/fmi/data/vLatest/databases/Music/sessions", "/fmi/data/vLatest/databases/Music/sessions"),
            (
                "/database/1/c/development/public/records/query?ckAPIToken=a%2Fb&ckWebAuthToken=w&ckSession=s",
                "/database/1/c/development/public/records/query?ckAPIToken=<redacted>&ckWebAuthToken=<redacted>&ckSession=<redacted>"
            ),
            ("/x?syncToken=keep&page=2", "/x?syncToken=keep&page=2"),
        ])
    func targets(target: String, expected: String) {
        #expect(SecretPolicy.redactedURL(target) == expected)
    }

    @Test(
        "a path's session tokens are masked after a sessions segment in any case, and other paths are kept as they are",
        arguments: [
            ("/fmi/data/vLatest/databases/Music/sessions/abc123", "/fmi/data/vLatest/databases/Music/sessions/<redacted>"),
            ("/fmi/data/v1/databases/Music/SESSIONS/abc123", "/fmi/data/v1/databases/Music/SESSIONS/<redacted>"),
            ("//Sessions/abc/records", "//Sessions/<redacted>/records"),
            ("/databases/Music/sessions/", "/databases/Music/sessions/"),
            ("/databases/Music/sessionsx/abc", "/databases/Music/sessionsx/abc"),
            ("/ssessions/abc", "/ssessions/abc"),
            ("/projects/P1/tasks/T1", "/projects/P1/tasks/T1"),
        ])
    func paths(path: String, expected: String) {
        #expect(SecretPolicy.redactedPath(path) == expected)
    }
}
