import Testing
import TreatyJSON

@testable import TreatyPocketBase

@Suite struct CollectionCreationTests {
    /// The blog collections as the real server exported them, by name.
    private static func exported() throws -> [String: JSONValue] {
        guard case .array(let collections) = try JSONParser().parse(try Fixtures.text("blog-pb_schema.json")) else {
            return [:]
        }
        var byName: [String: JSONValue] = [:]
        for collection in collections {
            if case .string(let name)? = collection["name"] { byName[name] = collection }
        }
        return byName
    }

    @Test("the bodies that built the blog schema create exactly what the real server created")
    func createsWhatTheServerCreated() throws {
        guard case .array(let bodies) = try JSONParser().parse(try Fixtures.text("blog-create-bodies.json")) else {
            Issue.record("fixture is not an array")
            return
        }
        let exported = try Self.exported()
        var existing = PocketBaseCollection.freshServer
        for body in bodies {
            let created = try PocketBaseCollection.create(from: body, existing: existing)
            existing.append(created)
            guard case .object(var object) = created.json, case .object(var oauth2)? = object["oauth2"] else {
                #expect(created.json == exported[created.name])
                continue
            }
            #expect(oauth2["providers"] == [])
            oauth2["providers"] = nil
            object["oauth2"] = .object(oauth2)
            #expect(JSONValue.object(object) == exported[created.name])
        }
    }

    @Test("a new base collection gets a pbc_ id, an id field and CRC-32 field ids")
    func newBaseCollection() throws {
        let body = #"{"name":"articles","type":"base","fields":[{"name":"title","type":"text"}]}"#
        let created = try PocketBaseCollection.create(
            fromBody: Array(body.utf8), existing: PocketBaseCollection.freshServer)
        #expect(created.id == "pbc_4287850865")
        #expect(created.fields.map(\.id) == ["text3208210256", "text724990059"])
        #expect(created.rules == .locked)
    }

    @Test("a field without an id replaces an earlier field of the same name and keeps its id")
    func sameNameReplaces() throws {
        let body = #"{"name":"x2","fields":[{"name":"a","type":"text"},{"name":"a","type":"number"}]}"#
        let created = try PocketBaseCollection.create(fromBody: Array(body.utf8), existing: [])
        #expect(created.fields.map(\.name) == ["id", "a"])
        #expect(created.fields[1].type == .number)
        #expect(created.fields[1].id == "text3904355907")
    }

    @Test(
        "invalid bodies get the real server's error reply",
        arguments: [
            (
                #"{"name":"old2","type":"base","fields":[{"name":"st","type":"select","options":{"values":["a"]}}]}"#,
                #"{"data":{"fields":{"1":{"values":{"code":"validation_required","message":"Cannot be blank."}}}},"message":"Failed to create collection.","status":400}"#
            ),
            (
                #"{"name":"bad","type":"base","fields":[{"name":"x","type":"nope"}]}"#,
                #"{"data":{},"message":"Failed to load the submitted data due to invalid formatting.","status":400}"#
            ),
            (
                #"{"name":"","type":"base"}"#,
                #"{"data":{"name":{"code":"validation_required","message":"Cannot be blank."}},"message":"Failed to create collection.","status":400}"#
            ),
            (
                #"{"name":"Tags","type":"base"}"#,
                #"{"data":{"name":{"code":"validation_collection_name_exists","message":"Collection name must be unique (case insensitive)."}},"message":"Failed to create collection.","status":400}"#
            ),
            (
                #"{"name":"_pb_users_auth_"}"#,
                #"{"data":{"name":{"code":"validation_collection_name_id_duplicate","message":"The name must not match an existing collection id."}},"message":"Failed to create collection.","status":400}"#
            ),
            (
                #"{"name":"x1","type":"weird"}"#,
                #"{"data":{"type":{"code":"validation_in_invalid","message":"Must be a valid value."}},"message":"Failed to create collection.","status":400}"#
            ),
            (
                #"{"name":"x5 bad"}"#,
                #"{"data":{"name":{"code":"validation_match_invalid","message":"Must be in a valid format."}},"message":"Failed to create collection.","status":400}"#
            ),
            (
                #"{"name":"a_via_b"}"#,
                #"{"data":{"name":{"code":"validation_found_via","message":"The value cannot contain \"_via_\"."}},"message":"Failed to create collection.","status":400}"#
            ),
            (
                #"{"name":"zz","id":"bad id!"}"#,
                #"{"data":{"id":{"code":"validation_match_invalid","message":"Must be in a valid format."}},"message":"Failed to create collection.","status":400}"#
            ),
            (
                #"{"name":"zz","id":"pbc_1219621782"}"#,
                #"{"data":{"id":{"code":"validation_invalid_or_existing_id","message":"The model id is invalid or already exists."}},"message":"Failed to create collection.","status":400}"#
            ),
            (
                #"{"name":"x3","fields":[{"name":"r","type":"relation"}]}"#,
                #"{"data":{"fields":{"1":{"collectionId":{"code":"validation_required","message":"Cannot be blank."}}}},"message":"Failed to create collection.","status":400}"#
            ),
            (
                #"{"name":"zz","fields":[{"name":"r","type":"relation","collectionId":"tags"}]}"#,
                #"{"data":{"fields":{"1":{"collectionId":{"code":"validation_field_relation_missing_collection","message":"The relation collection doesn't exist."}}}},"message":"Failed to create collection.","status":400}"#
            ),
            (
                #"{"name":"zz","fields":[{"name":"r","type":"relation","collectionId":"pbc_1219621782","minSelect":2}]}"#,
                #"{"data":{"fields":{"1":{"maxSelect":{"code":"validation_required","message":"Cannot be blank."}}}},"message":"Failed to create collection.","status":400}"#
            ),
            (
                #"{"name":"zz","fields":[{"name":"r","type":"relation","collectionId":"pbc_1219621782","minSelect":3,"maxSelect":2}]}"#,
                #"{"data":{"fields":{"1":{"maxSelect":{"code":"validation_min_greater_equal_than_required","message":"Must be no less than 3.","params":{"threshold":3}}}}},"message":"Failed to create collection.","status":400}"#
            ),
            (
                #"{"name":"x4","fields":[{"name":"n","type":"number","min":5,"max":1}]}"#,
                #"{"data":{"fields":{"1":{"max":{"code":"validation_min_number_constraint","message":"Must be greater or equal than 5.","params":{"min":5}}}}},"message":"Failed to create collection.","status":400}"#
            ),
            (
                #"{"name":"zz","fields":[{"name":"n","type":"number","onlyInt":true,"min":1.5}]}"#,
                #"{"data":{"fields":{"1":{"min":{"code":"validation_only_int_constraint","message":"Decimal numbers are not allowed."}}}},"message":"Failed to create collection.","status":400}"#
            ),
            (
                #"{"name":"zz","fields":[{"name":"t","type":"text","min":-1}]}"#,
                #"{"data":{"fields":{"1":{"min":{"code":"validation_min_greater_equal_than_required","message":"Must be no less than 0.","params":{"threshold":0}}}}},"message":"Failed to create collection.","status":400}"#
            ),
            (
                #"{"name":"zz","fields":[{"name":"t","type":"text","min":5,"max":2}]}"#,
                #"{"data":{"fields":{"1":{"max":{"code":"validation_min_greater_equal_than_required","message":"Must be no less than 5.","params":{"threshold":5}}}}},"message":"Failed to create collection.","status":400}"#
            ),
            (
                #"{"name":"zz","fields":[{"name":"s","type":"select","values":["a","b"],"maxSelect":3}]}"#,
                #"{"data":{"fields":{"1":{"maxSelect":{"code":"validation_max_less_equal_than_required","message":"Must be no greater than 2.","params":{"threshold":2}}}}},"message":"Failed to create collection.","status":400}"#
            ),
            (
                #"{"name":"zz","fields":[{"name":"p","type":"password","min":80}]}"#,
                #"{"data":{"fields":{"1":{"min":{"code":"validation_max_less_equal_than_required","message":"Must be no greater than 71.","params":{"threshold":71}}}}},"message":"Failed to create collection.","status":400}"#
            ),
            (
                #"{"name":"zz","fields":[{"name":"p","type":"password","cost":2}]}"#,
                #"{"data":{"fields":{"1":{"cost":{"code":"validation_min_greater_equal_than_required","message":"Must be no less than 4.","params":{"threshold":4}}}}},"message":"Failed to create collection.","status":400}"#
            ),
            (
                #"{"name":"zz","fields":[{"name":"a","type":"autodate","onCreate":false,"onUpdate":false}]}"#,
                #"{"data":{"fields":{"1":{"onCreate":{"code":"validation_required","message":"Either onCreate or onUpdate must be enabled."},"onUpdate":{"code":"validation_required","message":"Either onCreate or onUpdate must be enabled."}}}},"message":"Failed to create collection.","status":400}"#
            ),
            (
                #"{"name":"zz","fields":[{"name":"null","type":"text"}]}"#,
                #"{"data":{"fields":{"1":{"name":{"code":"validation_not_in_invalid","message":"Must not be in list."}}}},"message":"Failed to create collection.","status":400}"#
            ),
            (
                #"{"name":"zz","fields":[{"name":"T","type":"text"},{"name":"t","type":"text"}]}"#,
                #"{"data":{"fields":{"2":{"name":{"code":"validation_duplicated_field_name","message":"Duplicated or invalid field name t.","params":{"fieldName":"t"}}}}},"message":"Failed to create collection.","status":400}"#
            ),
            (
                #"{"name":"zz","fields":[{"name":"f","type":"file","thumbs":["abc"]}]}"#,
                #"{"data":{"fields":{"1":{"thumbs":{"0":{"code":"validation_match_invalid","message":"Must be in a valid format."}}}}},"message":"Failed to create collection.","status":400}"#
            ),
            (
                #"{"name":"zz","fields":[{"name":"e","type":"email","onlyDomains":["a.com"],"exceptDomains":["b.com"]}]}"#,
                #"{"data":{"fields":{"1":{"exceptDomains":{"code":"validation_empty","message":"Must be blank."},"onlyDomains":{"code":"validation_empty","message":"Must be blank."}}}},"message":"Failed to create collection.","status":400}"#
            ),
            (
                #"{"name":"zz","fields":[{"name":"e","type":"email","onlyDomains":["not a domain"]}]}"#,
                #"{"data":{"fields":{"1":{"onlyDomains":{"0":{"code":"validation_is_domain","message":"Must be a valid domain."}}}}},"message":"Failed to create collection.","status":400}"#
            ),
            (
                #"{"name":"zz","fields":[{"name":"t","type":"text","min":"3"}]}"#,
                #"{"data":{},"message":"Failed to load the submitted data due to invalid formatting.","status":400}"#
            ),
            (
                #"{"name":"zz","fields":[{"name":"t","type":"text","min":3.5}]}"#,
                #"{"data":{},"message":"Failed to load the submitted data due to invalid formatting.","status":400}"#
            ),
            (
                #"{"name":"zz","listRule":5}"#,
                #"{"data":{},"message":"Failed to load the submitted data due to invalid formatting.","status":400}"#
            ),
            (
                #"{"name":"zz","fields":"notalist"}"#,
                #"{"data":{},"message":"Failed to load the submitted data due to invalid formatting.","status":400}"#
            ),
            (
                #"{bad json"#,
                #"{"data":{},"message":"Failed to load the collection type data due to invalid formatting.","status":400}"#
            ),
        ])
    func refusals(body: String, reply: String) throws {
        var existing = PocketBaseCollection.freshServer
        existing.append(PocketBaseCollection(name: "tags", fields: [.recordID]))
        do {
            let created = try PocketBaseCollection.create(fromBody: Array(body.utf8), existing: existing)
            Issue.record("created \(created.name) instead of failing")
        } catch {
            #expect(error.json.serialized() == reply)
        }
    }

    @Test("fields with only a null prop load with the default, as the server does")
    func nullPropsTakeDefaults() throws {
        let body = #"{"name":"zz","type":null,"fields":[{"name":"t","type":"text","min":null}]}"#
        let created = try PocketBaseCollection.create(fromBody: Array(body.utf8), existing: [])
        #expect(created.type == .base)
        #expect(created.fields[1].options == .text(.init()))
    }
}
