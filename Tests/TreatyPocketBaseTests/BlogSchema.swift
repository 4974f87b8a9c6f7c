
@testable import TreatyPocketBase

/// The `posts`, `tags` and `members` collections of the real blog export, loaded once.
enum BlogSchema {
    static let collections: [PocketBaseCollection] =
        (try? PocketBaseSchemaLoader().load(
            fileAt: Fixtures.path("blog-pb_schema.json")
        ).get()) ?? []

    static func collection(_ name: String) -> PocketBaseCollection {
        collections.first { $0.name == name } ?? PocketBaseCollection(name: name)
    }

    static var posts: PocketBaseCollection { collection("posts") }

    static func postsField(_ name: String) -> PocketBaseField {
        posts.field(named: name) ?? PocketBaseField(name: name, options: .bool)
    }
}
