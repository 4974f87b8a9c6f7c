import Testing

import TreatyDialect

/// `multipart/form-data` bodies of container uploads (RFC 7578 over RFC 2046's syntax).
@Suite struct MultipartFormTests {
    static let twoParts = Array(
        """
        --XyZ\r
        Content-Disposition: form-data; name="upload"; filename="cover.png"\r
        Content-Type: image/png\r
        \r
        PNG\r
        DATA\r
        --XyZ\r
        content-disposition: form-data; name=note\r
        \r
        a note\r
        --XyZ--\r

        """.utf8)

    @Test("a well-formed body splits into its parts with names, filenames, types and bytes")
    func twoParts() throws {
        let form = try MultipartForm(body: Self.twoParts, contentType: "multipart/form-data; boundary=XyZ")
        #expect(form.parts.count == 2)
        let upload = try #require(form.part(named: "upload"))
        #expect(upload.filename == "cover.png")
        #expect(upload.contentType == "image/png")
        #expect(
            upload.body == Array("PNG\r\nDATA".utf8),
            "a CRLF inside the data is kept; the one before the delimiter is not")
        let note = try #require(form.part(named: "note"))
        #expect(note.filename == nil)
        #expect(note.contentType == nil)
        #expect(note.body == Array("a note".utf8))
        #expect(form.part(named: "other") == nil)
    }

    @Test(
        "the boundary may be quoted or not, and the media type's case does not matter",
        arguments: [
            "multipart/form-data; boundary=XyZ", #"multipart/form-data; boundary="XyZ""#,
            "Multipart/Form-Data;boundary=XyZ", #"multipart/form-data; charset=utf-8; BOUNDARY="XyZ""#,
        ])
    func boundary(_ contentType: String) throws {
        let form = try MultipartForm(body: Self.twoParts, contentType: contentType)
        #expect(form.parts.map(\.name) == ["upload", "note"])
    }

    @Test(
        "a header without a boundary, or not multipart, gives nil",
        arguments: [
            "multipart/form-data", "multipart/form-data; boundary=", #"multipart/form-data; boundary="""#,
            "application/json; boundary=XyZ", "",
        ])
    func noBoundary(_ contentType: String) {
        #expect((try? MultipartForm(body: Self.twoParts, contentType: contentType)) == nil)
    }

    @Test("a boundary the body does not use gives nil")
    func otherBoundary() {
        #expect((try? MultipartForm(body: Self.twoParts, contentType: "multipart/form-data; boundary=Other")) == nil)
    }

    @Test(
        "a body truncated before the end of its first part gives nil",
        arguments: [
            "--XyZ\r\nContent-Disposition: form-data; name=\"upload\"\r\n\r\nPNG",
            "--XyZ\r\nContent-Disposition: form-data; name=\"upload\"",
            "--XyZ\r\nContent-Disposition: form-data; name=\"upload\"\r\n--XyZ--\r\n",
            "--XyZ",
            "",
        ])
    func truncated(_ text: String) {
        #expect((try? MultipartForm(body: Array(text.utf8), contentType: "multipart/form-data; boundary=XyZ")) == nil)
    }

    @Test("a body cut off inside its second part, before the close delimiter, gives nil (RFC 2046 §5.1.1)")
    func truncatedAfterAPart() {
        // RFC 2046's multipart-body ends with a close-delimiter (`--XyZ--`); this body stops in the
        // middle of its second part, and the type promises nil for a body that is not well-formed.
        let cut = Array(
            "--XyZ\r\nContent-Disposition: form-data; name=\"upload\"\r\n\r\nPNG\r\n--XyZ\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\na no"
                .utf8)
        #expect((try? MultipartForm(body: cut, contentType: "multipart/form-data; boundary=XyZ")) == nil)
    }

    @Test("a part without a Content-Disposition has no name, so it is never the 'upload' part")
    func partWithoutDisposition() throws {
        let body = Array("--B\r\nContent-Type: text/plain\r\n\r\nhello\r\n--B--\r\n".utf8)
        let form = try MultipartForm(body: body, contentType: "multipart/form-data; boundary=B")
        #expect(form.parts.map(\.name) == [""])
        #expect(form.parts.first?.contentType == "text/plain")
        #expect(form.parts.first?.body == Array("hello".utf8))
        #expect(form.part(named: "upload") == nil)
    }

    @Test("a part without any header lines, and a header line without a colon, are parsed without trapping")
    func partWithoutHeaders() {
        let headerless = Array("--B\r\n\r\nhello\r\n--B--\r\n".utf8)
        let parsed = try? MultipartForm(body: headerless, contentType: "multipart/form-data; boundary=B")
        #expect(parsed.map { $0.parts.allSatisfy { $0.name.isEmpty } } ?? true)
        #expect(parsed?.part(named: "upload") == nil)

        let noColon = Array("--B\r\nnot a header\r\nContent-Disposition: form-data; name=upload\r\n\r\nx\r\n--B--".utf8)
        let form = try? MultipartForm(body: noColon, contentType: "multipart/form-data; boundary=B")
        #expect(form?.part(named: "upload")?.body == Array("x".utf8))
    }

    @Test("an empty part body is allowed")
    func emptyPart() throws {
        let body = Array("--B\r\nContent-Disposition: form-data; name=upload\r\n\r\n\r\n--B--\r\n".utf8)
        let form = try MultipartForm(body: body, contentType: "multipart/form-data; boundary=B")
        #expect(form.part(named: "upload")?.body == [])
    }

    @Test(
        "errors say what is wrong and where",
        arguments: [
            ("application/json", "--B--\r\n", "Content-Type 'application/json' is not multipart/form-data"),
            ("multipart/form-data", "--B--\r\n", "the multipart/form-data Content-Type has no boundary parameter"),
            ("multipart/form-data; boundary=B", "hello", "the body never uses the boundary of its Content-Type"),
            (
                "multipart/form-data; boundary=B", "--B\r\n\r\nx\r\n--B",
                "the body ends without its close delimiter (--boundary--); it was cut off"
            ),
            (
                "multipart/form-data; boundary=B", "--B\r\nname: x\r\n--B\r\n\r\ny\r\n--B--",
                "part 1, starting at byte 0, has no blank line ending its headers"
            ),
            (
                "multipart/form-data; boundary=B", "--Bx\r\n--B--",
                "the delimiter at byte 0 is not followed by a line break"
            ),
        ] as [(String, String, String)])
    func errors(contentType: String, body: String, message: String) {
        #expect(throws: MultipartFormError.self) {
            try MultipartForm(body: Array(body.utf8), contentType: contentType)
        }
        do {
            _ = try MultipartForm(body: Array(body.utf8), contentType: contentType)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("limits bound the parts, the boundary and the header bytes")
    func limits() {
        let three = Array("--B\r\n\r\na\r\n--B\r\n\r\nb\r\n--B\r\n\r\nc\r\n--B--\r\n".utf8)
        let type = "multipart/form-data; boundary=B"
        #expect((try? MultipartForm(body: three, contentType: type, limits: .init(parts: 3)))?.parts.count == 3)
        do {
            _ = try MultipartForm(body: three, contentType: type, limits: .init(parts: 2))
            Issue.record("three parts passed a limit of two")
        } catch {
            #expect(error.description == "the body has more than 2 parts")
        }
        do {
            _ = try MultipartForm(
                body: three, contentType: "multipart/form-data; boundary=BBBB", limits: .init(boundaryLength: 3))
            Issue.record("a long boundary passed")
        } catch {
            #expect(error.description == "the multipart boundary is longer than 3 bytes")
            #expect(error.isContentTypeProblem)
        }
        let header = Array("--B\r\nContent-Disposition: form-data; name=upload\r\n\r\nx\r\n--B--".utf8)
        do {
            _ = try MultipartForm(body: header, contentType: type, limits: .init(headerBytes: 10))
            Issue.record("long headers passed")
        } catch {
            #expect(error.description == "the headers of part 1 are longer than 10 bytes")
            #expect(!error.isContentTypeProblem)
        }
    }
}
