import Testing

@testable import TreatySecrets

@Suite struct RedactorTests {
    @Test("known secret values are masked anywhere, longest first; short ones are ignored")
    func literalValues() {
        let redactor = Redactor(secrets: ["abc", "tok-123", "tok-123-long"])
        #expect(redactor.redact("a tok-123-long and tok-123 and abc") == "a <redacted> and <redacted> and abc")
    }

    @Test("header lines mask secret headers by name and known values in the others")
    func headerLines() {
        let redactor = Redactor(secrets: ["s3cr3t-value"])
        #expect(
            redactor.headerLine(name: "X-FM-Data-Access-Token", value: "abc") == "X-FM-Data-Access-Token: <redacted>")
        #expect(redactor.headerLine(name: "X-Echo", value: "is s3cr3t-value") == "X-Echo: is <redacted>")
        #expect(redactor.headerLine(name: "Accept", value: "application/json") == "Accept: application/json")
    }

    @Test("URLs and bodies go through the policy and the known values")
    func urlsAndBodies() {
        let redactor = Redactor(secrets: ["known-value"])
        #expect(redactor.redactURL("/p?ckAPIToken=x&q=known-value") == "/p?ckAPIToken=<redacted>&q=<redacted>")
        #expect(
            redactor.redactBody(#"{"password":"p","note":"known-value"}"#, contentType: "application/json")
                == #"{"password":"<redacted>","note":"<redacted>"}"#)
    }
}
