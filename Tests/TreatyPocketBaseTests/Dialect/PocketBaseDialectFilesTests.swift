import HTTPTypes
import Synchronization
import Testing
import TreatyDialect
import TreatyJSON

@testable import TreatyPocketBase

/// File uploads, validation and serving (`/api/files/…`), in process.
@Suite struct PocketBaseDialectFilesTests {
    let dialect = PocketBaseDialect()
    let store = RecordStore(contract: PocketBaseDialect.emptyContract)
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]

    func send(
        _ method: HTTPRequest.Method, _ target: String, json: JSONValue? = nil,
        form: [(String, String)] = [], files: [(String, String, [UInt8])] = [], token: String? = nil
    ) -> DialectResponse {
        var headers = HTTPFields()
        var body: [UInt8] = []
        if let json {
            headers[.contentType] = "application/json"
            body = json.serializedBytes()
        } else if !form.isEmpty || !files.isEmpty {
            headers[.contentType] = "multipart/form-data; boundary=XyZ"
            for (name, value) in form {
                body += Array("--XyZ\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
            }
            for (name, filename, bytes) in files {
                body += Array(
                    "--XyZ\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\"\r\nContent-Type: application/octet-stream\r\n\r\n"
                        .utf8) + bytes + Array("\r\n".utf8)
            }
            body += Array("--XyZ--\r\n".utf8)
        }
        if let token { headers[.authorization] = token }
        return dialect.respond(to: DialectRequest(method: method, target: target, headers: headers, body: body), store: store)
    }

    func json(_ response: DialectResponse) throws -> JSONValue { try JSONParser().parse(response.body) }

    /// Signs in as the superuser and creates `docs` (a `cover` file field, png/txt up to 64
    /// bytes, view rule `""`) and `secrets` (a protected file field, view rule needing auth).
    func setUp() throws -> String {
        let auth = try json(
            send(
                .post, "/api/collections/_superusers/auth-with-password",
                json: ["identity": "admin@example.com", "password": "admin-password-123"]))
        let token = try #require(auth["token"]?.stringValue)
        let docs = send(
            .post, "/api/collections", json: [
                "name": "docs", "type": "base", "listRule": "", "viewRule": "", "createRule": "", "updateRule": "",
                "fields": [
                    ["name": "title", "type": "text"],
                    ["name": "cover", "type": "file", "maxSelect": 1, "maxSize": 64, "mimeTypes": ["image/png", "text/plain"]],
                ],
            ], token: token)
        #expect(docs.status == .ok)
        let secrets = send(
            .post, "/api/collections", json: [
                "name": "secrets", "type": "base", "viewRule": "@request.auth.id != \"\"", "createRule": "",
                "fields": [["name": "doc", "type": "file", "maxSelect": 1, "protected": true]],
            ], token: token)
        #expect(secrets.status == .ok)
        return token
    }

    @Test("stored names are the snake-cased stem, ten random [a-z0-9] and the extension")
    func storedName() {
        var generator = PocketBaseGenerator(seed: 1)
        let name = PocketBaseUpload.storedName(for: "My Notes (v2).txt", bytes: [], using: &generator)
        #expect(name.hasPrefix("my_notes_v2_"))
        #expect(name.hasSuffix(".txt"))
        let suffix = name.dropFirst("my_notes_v2_".count).dropLast(4)
        #expect(suffix.count == 10 && suffix.allSatisfy { $0.isLowercase || $0.isNumber })
        #expect(PocketBaseUpload.snakeCase("helloWorld-Again") == "hello_world_again")
        #expect(PocketBaseUpload.extractExtension("archive.tar.gz") == ".tar.gz")
    }

    @Test("MIME types are detected from the bytes")
    func detection() {
        #expect(PocketBaseMIME.detect(Self.png, name: "x") == "image/png")
        #expect(PocketBaseMIME.detect(Array("<html><body>hi</body></html>".utf8), name: "x") == "text/html; charset=utf-8")
        #expect(PocketBaseMIME.detect(Array("hello\n".utf8), name: "x") == "text/plain; charset=utf-8")
    }

    @Test("an uploaded text file is stored, named and served as an attachment")
    func uploadAndServe() throws {
        _ = try setUp()
        let created = try json(
            send(.post, "/api/collections/docs/records", form: [("title", "t")], files: [("cover", "Read Me.txt", Array("hi\n".utf8))]))
        let id = try #require(created["id"]?.stringValue)
        let name = try #require(created["cover"]?.stringValue)
        #expect(name.hasPrefix("read_me_") && name.hasSuffix(".txt"))
        for query in ["", "?download=1", "?thumb=100x100"] {
            let file = send(.get, "/api/files/docs/\(id)/\(name)\(query)")
            #expect(file.status == .ok)
            #expect(file.headers[.contentType] == "text/plain; charset=utf-8")
            #expect(file.headers[.contentDisposition] == "attachment; filename=\"\(name)\"")
            #expect(file.body == Array("hi\n".utf8))
        }
        #expect(send(.get, "/api/files/docs/\(id)/other.txt").status == .notFound)
    }

    @Test("images are served inline, and replacing or removing a file makes the old name 404")
    func replaceAndRemove() throws {
        _ = try setUp()
        let created = try json(send(.post, "/api/collections/docs/records", files: [("cover", "pixel.png", Self.png)]))
        let id = try #require(created["id"]?.stringValue)
        let first = try #require(created["cover"]?.stringValue)
        #expect(send(.get, "/api/files/docs/\(id)/\(first)").headers[.contentDisposition] == "inline; filename=\"\(first)\"")
        let replaced = try json(send(.patch, "/api/collections/docs/records/\(id)", files: [("cover", "b.txt", [0x62])]))
        let second = try #require(replaced["cover"]?.stringValue)
        #expect(second != first)
        #expect(send(.get, "/api/files/docs/\(id)/\(first)").status == .notFound)
        let removed = try json(send(.patch, "/api/collections/docs/records/\(id)", json: ["cover": nil]))
        #expect(removed["cover"] == "")
        #expect(send(.get, "/api/files/docs/\(id)/\(second)").status == .notFound)
    }

    @Test("a disallowed type fails with the generated name quoted, and a large file with the size limit")
    func validation() throws {
        _ = try setUp()
        let html = try json(
            send(.post, "/api/collections/docs/records", files: [("cover", "page.html", Array("<html></html>".utf8))]))
        #expect(html["message"] == "Failed to create record.")
        #expect(html["data"]?["cover"]?["code"] == "validation_invalid_mime_type")
        let message = try #require(html["data"]?["cover"]?["message"]?.stringValue)
        #expect(message.hasPrefix("\"page_") && message.hasSuffix(".html\" mime type must be one of: image/png, text/plain."))
        let big = try json(
            send(.post, "/api/collections/docs/records", files: [("cover", "big.txt", Array(repeating: 0x61, count: 65))]))
        #expect(big["data"]?["cover"]?["code"] == "validation_file_size_limit")
        let invented = try json(send(.post, "/api/collections/docs/records", json: ["cover": "made_up.txt"]))
        #expect(invented["data"]?["cover"]?["code"] == "validation_invalid_file")
    }

    @Test("@jsonPayload supplies the fields next to file parts")
    func jsonPayload() throws {
        _ = try setUp()
        let created = try json(
            send(
                .post, "/api/collections/docs/records", form: [("@jsonPayload", #"{"title": "From payload"}"#)],
                files: [("cover", "pixel.png", Self.png)]))
        #expect(created["title"] == "From payload")
        #expect(created["cover"]?.stringValue?.hasPrefix("pixel_") == true)
    }

    @Test("protected files need a file token whose record the view rule admits")
    func protectedFiles() throws {
        let superuser = try setUp()
        let created = try json(send(.post, "/api/collections/secrets/records", files: [("doc", "s.txt", [0x73])]))
        let id = try #require(created["id"]?.stringValue)
        let name = try #require(created["doc"]?.stringValue)
        #expect(send(.get, "/api/files/secrets/\(id)/\(name)").status == .forbidden)
        let fileToken = try #require(try json(send(.post, "/api/files/token", token: superuser))["token"]?.stringValue)
        let claims = try #require(PocketBaseToken.unverifiedClaims(fileToken))
        #expect(claims.keys.sorted() == ["collectionId", "exp", "id", "type"])
        #expect(claims["type"] == "file")
        #expect(send(.get, "/api/files/secrets/\(id)/\(name)?token=\(fileToken)").status == .ok)
        #expect(send(.post, "/api/files/token").status == .unauthorized)
    }

    @Test("a batch upload gets two random suffixes, and a failed batch keeps no files")
    func batchFiles() throws {
        let superuser = try setUp()
        #expect(send(.patch, "/api/settings", json: ["batch": ["enabled": true]], token: superuser).status == .ok)
        let payload = #"{"requests": [{"method": "POST", "url": "/api/collections/docs/records", "body": {"title": "b"}}]}"#
        let result = try json(
            send(.post, "/api/batch", form: [("@jsonPayload", payload)], files: [("requests.0.cover", "batch.txt", [0x62])]))
        let name = try #require(result[0]?["body"]?["cover"]?.stringValue)
        let parts = name.dropLast(4).split(separator: "_")
        #expect(parts.count == 3 && parts[0] == "batch" && parts[1].count == 10 && parts[2].count == 10)
        let failing = #"{"requests": [{"method": "POST", "url": "/api/collections/docs/records", "body": {}}, {"method": "POST", "url": "/api/collections/nope/records", "body": {}}]}"#
        let failed = send(.post, "/api/batch", form: [("@jsonPayload", failing)], files: [("requests.0.cover", "x.txt", [0x78])])
        #expect(failed.status == .badRequest)
        #expect(store.attachments(prefixed: "pocketbase/file/").count == 1)
    }
}
