import Testing

@testable import TreatyPocketBase

@Suite struct IdentifierTests {
    @Test(
        "a new collection's id is pbc_ and the CRC-32 of its type and name",
        arguments: [
            (PocketBaseCollectionType.base, "articles", "pbc_4287850865"),
            (.auth, "_superusers", "pbc_3142635823"),
            (.base, "_mfas", "pbc_2279338944"),
            (.base, "tags", "pbc_1219621782"),
            (.base, "posts", "pbc_1125843985"),
            (.auth, "members", "pbc_2620428958"),
            (.view, "post_stats", "pbc_240029401"),
        ])
    func collectionID(type: PocketBaseCollectionType, name: String, expected: String) {
        #expect(PocketBaseCollection.defaultID(type: type, name: name) == expected)
        #expect(PocketBaseCollection(name: name, type: type).id == expected)
    }

    @Test(
        "a new field's id is its type and the CRC-32 of its name",
        arguments: [
            (PocketBaseFieldType.text, "id", "text3208210256"),
            (.text, "title", "text724990059"),
            (.password, "password", "password901924565"),
            (.email, "email", "email3885137012"),
            (.autodate, "created", "autodate2990389176"),
            (.relation, "author", "relation3182418120"),
            (.geoPoint, "location", "geoPoint1587448267"),
        ])
    func fieldID(type: PocketBaseFieldType, name: String, expected: String) {
        #expect(PocketBaseField.defaultID(type: type, name: name) == expected)
    }
}
