import Testing
import TreatyCore
import TreatyJSON

@testable import TreatyPocketBase

@Suite struct SchemaLoaderTests {
    @Test("a real 0.40 export of a blog schema loads without findings")
    func loadsRealExport() throws {
        let result = PocketBaseSchemaLoader().load(fileAt: Fixtures.path("blog-pb_schema.json"))
        #expect(result.diagnostics.isEmpty, "\(DiagnosticRenderer().render(result.diagnostics))")
        let collections = try result.get()
        #expect(
            collections.map(\.name) == [
                "_superusers", "users", "members", "_mfas", "_otps", "_externalAuths", "_authOrigins", "tags", "posts",
                "comments", "post_stats",
            ])
        let posts = try #require(collections.first { $0.name == "posts" })
        #expect(posts.id == "pbc_1125843985")
        #expect(posts.rules.delete == nil)
        #expect(posts.rules.list == "published = true || author = @request.auth.id")
        #expect(
            posts.fields.map(\.type.rawValue) == [
                "text", "text", "text", "editor", "text", "number", "number", "bool", "date", "select", "select",
                "relation", "relation", "file", "file", "json", "url", "email", "text", "geoPoint", "autodate",
                "autodate",
            ])
        #expect(posts.field(named: "tags")?.options == .relation(.init(collectionId: "pbc_1219621782", maxSelect: 5)))
        #expect(posts.field(named: "views")?.options == .number(.init(min: 0, onlyInt: true)))
        #expect(posts.field(named: "secretNote")?.hidden == true)
        let publishedAt = try #require(posts.field(named: "publishedAt"))
        #expect(
            publishedAt.options
                == .date(.init(min: .init(year: 2020, month: 1, day: 1), max: .init(year: 2100, month: 1, day: 1))))
        let members = try #require(collections.first { $0.name == "members" })
        #expect(members.auth?.otp.enabled == true)
        #expect(members.auth?.otp.length == 6)
        #expect(members.auth?.passwordAuth.identityFields == ["email", "nickname"])
        #expect(members.auth?.authTokenDuration == 3600)
        #expect(members.auth?.oauth2.providers == nil)
        #expect(collections.last?.viewQuery?.hasPrefix("SELECT p.id") == true)
    }

    @Test("loading then encoding an export gives back the same JSON")
    func roundTrips() throws {
        let text = try Fixtures.text("blog-pb_schema.json")
        let original = try JSONParser().parse(text)
        let collections = try PocketBaseSchemaLoader().load(text: text, file: "blog.json").get()
        #expect(JSONValue.array(collections.map(\.json)) == original)
    }

    @Test("the built-in collections are exactly a fresh 0.40 server's")
    func freshServerDefaults() throws {
        let text = try Fixtures.text("fresh-server-collections.json")
        guard case .array(let dumped) = try JSONParser().parse(text) else {
            Issue.record("fixture is not an array")
            return
        }
        let stripped = dumped.map { value -> JSONValue in
            guard case .object(var object) = value else { return value }
            object["created"] = nil
            object["updated"] = nil
            return .object(object)
        }
        #expect(PocketBaseCollection.freshServer.map(\.json) == stripped)
        #expect(PocketBaseCollection.users.json.serialized() == stripped[5].serialized())
        #expect(PocketBaseCollection.superusers.id == "pbc_3142635823")
        #expect(PocketBaseCollection.superusers.auth?.authTokenDuration == 86_400)
        #expect(PocketBaseCollection.users.auth?.authTokenDuration == 432_000)
    }
}
