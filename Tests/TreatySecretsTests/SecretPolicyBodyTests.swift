import Testing

@testable import TreatySecrets

@Suite struct SecretPolicyBodyTests {
    @Test(
        "JSON bodies lose the values of secret members at any depth, and keep everything else byte for byte",
        arguments: [
            (
                #"{"identity":"ann@example.com","password":"s3cret!"}"#,
                #"{"identity":"ann@example.com","password":"<redacted>"}"#
            ),
            (
                #"{ "fmDataSource" : [ { "database": "Other", "username": "u", "password" : "p\"q" } ] }"#,
                #"{ "fmDataSource" : [ { "database": "Other", "username": "u", "password" : "<redacted>" } ] }"#
            ),
            (
                #"{"token":"eyJ.x.y","record":{"id":"r1","tokenKey":"k"}}"#,
                #"{"token":"<redacted>","record":{"id":"r1","tokenKey":"<redacted>"}}"#
            ),
            (#"{"pass\u0077ord":12345,"n":1.50}"#, #"{"pass\u0077ord":"<redacted>","n":1.50}"#),
            (#"{"token":{"value":"x"},"syncToken":"keep"}"#, #"{"token":"<redacted>","syncToken":"keep"}"#),
            (#"["password","x"]"#, #"["password","x"]"#),
            (#"{"password":"cut off"#, #"{"password":"<redacted>""#),
        ])
    func json(body: String, expected: String) {
        #expect(SecretPolicy.redactedBody(body, contentType: "application/json") == expected)
        #expect(SecretPolicy.redactedBody(body, contentType: nil) == expected, "sniffed as JSON")
    }

    @Test("form bodies lose the values of secret fields, also when their names are escaped")
    func form() {
        let body = "identity=ann%40example.com&password=p%26ss&pass%77ord=x&passwordConfirm=y&title=a+b"
        #expect(
            SecretPolicy.redactedBody(body, contentType: "application/x-www-form-urlencoded; charset=utf-8")
                == "identity=ann%40example.com&password=<redacted>&pass%77ord=<redacted>&passwordConfirm=<redacted>&title=a+b"
        )
        #expect(SecretPolicy.redactedBody("password=x", contentType: nil) == "password=<redacted>")
    }

    @Test("multipart bodies lose secret fields and the secret members of JSON parts; files keep their bytes")
    func multipart() {
        let body = [
            "--XyZ", #"Content-Disposition: form-data; name="email""#, "", "ann@example.com",
            "--XyZ", #"Content-Disposition: form-data; name="password""#, "", "hunter22",
            "--XyZ", #"Content-Disposition: form-data; name="@jsonPayload""#, "",
            #"{"passwordConfirm":"hunter22","n":1}"#,
            "--XyZ", #"Content-Disposition: form-data; name="avatar"; filename="a.txt""#, "Content-Type: text/plain",
            "",
            "password=plain",
            "--XyZ--", "",
        ].joined(separator: "\r\n")
        let shown = SecretPolicy.redactedBody(body, contentType: #"multipart/form-data; boundary="XyZ""#)
        #expect(!shown.contains("hunter22"), "\(shown)")
        #expect(shown.contains("ann@example.com"))
        #expect(shown.contains("name=\"password\"\r\n\r\n<redacted>\r\n--XyZ"))
        #expect(shown.contains(#"{"passwordConfirm":"<redacted>","n":1}"#))
        #expect(shown.contains("password=plain"), "a file part keeps its bytes")
        #expect(shown.hasSuffix("--XyZ--\r\n"))
    }

    @Test("binary bodies are left alone")
    func binary() {
        let bytes: [UInt8] = Array("password=x".utf8)
        #expect(SecretPolicy.redactedBody(bytes, contentType: "image/png") == bytes)
    }

    @Test("messages lose quoted secret members")
    func message() {
        #expect(
            SecretPolicy.redactedMessage(#"expected 200, got 400: {"password":"hunter22"}"#)
                == #"expected 200, got 400: {"password":"<redacted>"}"#)
    }
}
