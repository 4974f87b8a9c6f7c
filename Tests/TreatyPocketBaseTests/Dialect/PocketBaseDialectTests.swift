import HTTPTypes
import Testing
import TreatyDialect
import TreatyJSON

@testable import TreatyPocketBase

@Suite struct PocketBaseDialectTests: InProcessPocketBase {
    let dialect = PocketBaseDialect()
    let store = RecordStore(contract: PocketBaseDialect.emptyContract)

    @Test("health answers like PocketBase")
    func health() throws {
        let (status, body) = try send(.get, "/api/health")
        #expect(status == 200)
        #expect(body == ["message": "API is healthy.", "code": 200, "data": [:]])
    }

    @Test("unknown routes and collections use PocketBase's 404 messages")
    func notFound() throws {
        #expect(try send(.get, "/api/nothing-here").1["message"] == "File not found.")
        #expect(try send(.get, "/api/collections/nope/records").1["message"] == "Missing collection context.")
    }

    @Test("the superuser signs in and sees the users collection")
    func superuserSignIn() throws {
        let (status, body) = try send(
            .post, "/api/collections/_superusers/auth-with-password",
            json: ["identity": "admin@example.com", "password": "admin-password-123"])
        #expect(status == 200)
        let token = try #require(body["token"]?.stringValue)
        let claims = try #require(PocketBaseToken.unverifiedClaims(token))
        #expect(claims.keys == ["collectionId", "exp", "id", "refreshable", "type"])
        let (listStatus, list) = try send(.get, "/api/collections/users/records", token: "Bearer " + token)
        #expect(listStatus == 200)
        #expect(list["totalItems"] == 0)
    }

    @Test("a wrong password fails to authenticate")
    func wrongPassword() throws {
        let (status, body) = try send(
            .post, "/api/collections/_superusers/auth-with-password",
            json: ["identity": "admin@example.com", "password": "nope"])
        #expect(status == 400)
        #expect(body["message"] == "Failed to authenticate.")
    }

    @Test("excerpts drop inline tags and space block edges")
    func excerpt() {
        let html = "<p>Hello <b>world</b>,</p><p>this is   the second paragraph.</p>"
        #expect(PocketBaseExcerpt.make(html, max: 20, ellipsis: false) == "Hello world, this is")
    }

    @Test("HMAC-SHA-256 matches RFC 4231 case 2")
    func hmac() {
        let mac = PocketBaseDigest.hmacSHA256(key: "Jefe", message: "what do ya want for nothing?")
        #expect(PocketBaseDigest.hex(mac) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test("HMAC-SHA-256 hashes a key longer than a block first, as the hand-written one did")
    func hmacLongKey() {
        let mac = PocketBaseDigest.hmacSHA256(key: String(repeating: "k", count: 100), message: "header.payload")
        #expect(PocketBaseDigest.hex(mac) == "0ce9039e96a6cc1e584c329460b934fe7abb68e1e52f8dc21b60089456d6b246")
    }

    @Test("the stored password form is the salted SHA-256 it always was")
    func passwordHash() {
        #expect(
            PocketBaseDialect.passwordHash("admin-password-123")
                == "sha256$a57c03e3d839994acbc7e6c6be18141ba376d5418d426593b513a9f5b708914f")
    }
}
