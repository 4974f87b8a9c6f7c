import Testing
import TreatyJSON

@testable import TreatyCloudKit

/// `records/query` compiled to the query model: comparators, sorts (by distance too), system
/// fields and continuation markers; `records/changes` with sync tokens.
@Suite struct CloudKitQueryTests {
    typealias H = CloudKitHarness

    static func seeded() throws -> H {
        let h = try H()
        let artists: [(String, String, Int64, Double, Double, [String])] = [
            ("a1", "Mei Chen", 1980, 37.3318, -122.0312, ["ink", "landscape"]),
            ("a2", "Ada Okafor", 1967, 37.3350, -122.0090, ["sculpture"]),
            ("a3", "Lars Berg", 1991, 59.3293, 18.0686, ["photo", "landscape"]),
        ]
        let operations = artists.map { name, full, born, latitude, longitude, tags in
            H.op("create", name, fields: [
                "name": ["value": .string(full)], "born": ["value": .number(JSONNumber(born))],
                "home": ["value": ["latitude": .number(JSONNumber(latitude)), "longitude": .number(JSONNumber(longitude))]],
                "tags": ["value": .array(tags.map(JSONValue.string))],
            ])
        }
        _ = h.modify(operations, database: "public")
        return h
    }

    static func names(_ h: H, _ query: JSONObject, extra: JSONObject = [:]) -> [String] {
        var search = query
        search["recordType"] = "Artist"
        var body: JSONObject = ["query": .object(search)]
        for member in extra.members { body[member.key] = member.value }
        let answer = h.call("records/query", .object(body), database: "public", signedIn: false)
        return (answer.json["records"]?.arrayValue ?? []).compactMap { $0["recordName"]?.stringValue }
    }

    static func filter(_ comparator: String, _ field: String, _ value: JSONValue, distance: Double? = nil) -> JSONValue {
        var filter: JSONObject = ["comparator": .string(comparator), "fieldName": .string(field), "fieldValue": ["value": value]]
        if let distance { filter["distance"] = .number(JSONNumber(distance)) }
        return .object(filter)
    }

    static let comparatorCases: [(String, String, JSONValue, [String])] = [
        ("GREATER_THAN_OR_EQUALS", "born", 1980, ["a1", "a3"]),
        ("IN", "born", [1967, 1991], ["a2", "a3"]),
        ("BEGINS_WITH", "name", "Ada", ["a2"]),
        ("CONTAINS_ANY_TOKENS", "name", "berg chen", ["a1", "a3"]),
        ("LIST_CONTAINS", "tags", "landscape", ["a1", "a3"]),
        ("NOT_LIST_CONTAINS_ANY", "tags", ["ink", "photo"], ["a2"]),
        ("LIST_MEMBER_BEGINS_WITH", "tags", "scul", ["a2"]),
    ]

    @Test("comparators select exactly the records they describe")
    func comparators() throws {
        let h = try Self.seeded()
        for (comparator, field, value, expected) in Self.comparatorCases {
            let found = Self.names(h, ["filterBy": [Self.filter(comparator, field, value)]]).sorted()
            #expect(found == expected, "\(comparator) \(field) \(value)")
        }
    }

    @Test("NEAR keeps the locations within the distance, and a LOCATION sort orders by distance")
    func near() throws {
        let h = try Self.seeded()
        let point: JSONValue = ["latitude": 37.3318, "longitude": -122.0312]
        #expect(Self.names(h, ["filterBy": [Self.filter("NEAR", "home", point, distance: 5000)]]).sorted() == ["a1", "a2"])
        #expect(Self.names(h, ["filterBy": [Self.filter("NEAR", "home", point, distance: 100)]]) == ["a1"])
        let sorted = Self.names(h, ["sortBy": [["fieldName": "home", "relativeLocation": ["value": ["latitude": 59.0, "longitude": 18.0]]]]])
        #expect(sorted == ["a3", "a2", "a1"])
    }

    @Test("resultsLimit pages with a continuation marker, present exactly while more remain")
    func continuation() throws {
        let h = try Self.seeded()
        let body: JSONObject = ["query": ["recordType": "Artist", "sortBy": [["fieldName": "born", "ascending": false]]], "resultsLimit": 2]
        let first = h.call("records/query", .object(body), database: "public", signedIn: false)
        let marker = try #require(first.json["continuationMarker"]?.stringValue)
        #expect(first.json["records"]?.arrayValue?.compactMap { $0["recordName"]?.stringValue } == ["a3", "a1"])
        var next = body
        next["continuationMarker"] = .string(marker)
        let second = h.call("records/query", .object(next), database: "public", signedIn: false)
        #expect(second.json["records"]?.arrayValue?.compactMap { $0["recordName"]?.stringValue } == ["a2"])
        #expect(second.json["continuationMarker"] == nil)
    }

    @Test("a repeated query or lookup sees every write in between (kept answers follow the store)")
    func keptAnswersFollowWrites() throws {
        let h = try Self.seeded()
        let filter: JSONObject = ["filterBy": [Self.filter("LIST_CONTAINS", "tags", "landscape")]]
        #expect(Self.names(h, filter).sorted() == ["a1", "a3"])
        _ = h.modify([H.op("create", "a4", fields: ["tags": ["value": ["landscape"]]])], database: "public")
        #expect(Self.names(h, filter).sorted() == ["a1", "a3", "a4"])
        let lookup: JSONValue = ["records": [["recordName": "a4"]]]
        let before = h.call("records/lookup", lookup, database: "public", signedIn: false)
        let tag = try #require(before.json["records"]?[0]?["recordChangeTag"]?.stringValue)
        _ = h.modify([H.op("update", "a4", tag: tag, fields: ["tags": ["value": ["ink"]]])], database: "public")
        let after = h.call("records/lookup", lookup, database: "public", signedIn: false)
        #expect(after.json["records"]?[0]?["fields"]?["tags"]?["value"] == ["ink"])
        #expect(Self.names(h, filter).sorted() == ["a1", "a3"])
    }

    @Test("a filter on a field without a queryable index is BAD_REQUEST")
    func unindexed() throws {
        let h = try H(arguments: [], contract: nil)
        let answer = h.call("records/query", ["query": ["recordType": "Nothing"]], database: "public", signedIn: false)
        #expect(answer.status == 400 && answer.json["serverErrorCode"] == "BAD_REQUEST")
    }

    @Test("records/changes: everything without a token, then each change once, deletions as deleted, moreComing pages")
    func changes() throws {
        let h = try H()
        h.createZone("Studio")
        _ = h.modify([H.op("create", "c1"), H.op("create", "c2"), H.op("create", "c3")], zone: "Studio")
        let all = h.call("records/changes", ["zoneID": ["zoneName": "Studio"], "resultsLimit": 2])
        #expect(all.json["records"]?.arrayValue?.count == 2 && all.json["moreComing"] == .bool(true))
        let rest = h.call("records/changes", ["zoneID": ["zoneName": "Studio"], "syncToken": all.json["syncToken"] ?? .null])
        #expect(rest.json["records"]?.arrayValue?.count == 1 && rest.json["moreComing"] == .bool(false))
        let token = rest.json["syncToken"] ?? .null
        _ = h.modify([H.op("forceUpdate", "c1", fields: ["x": ["value": 1]]), H.op("forceDelete", "c2")], zone: "Studio")
        _ = h.modify([H.op("forceUpdate", "c1", fields: ["x": ["value": 2]])], zone: "Studio")
        let since = h.call("records/changes", ["zoneID": ["zoneName": "Studio"], "syncToken": token])
        let entries = since.json["records"]?.arrayValue ?? []
        #expect(entries.count == 2)
        #expect(entries.first { $0["recordName"] == "c1" }?["fields"]?["x"]?["value"] == 2)
        #expect(entries.first { $0["recordName"] == "c2" }?["deleted"] == .bool(true))
        let defaultZone = h.call("records/changes", [:])
        #expect(defaultZone.status == 400)
    }
}

/// The zone-level feeds and zone-wide queries: `zones/changes`, `changes/zone`, `zoneWide`.
@Suite struct CloudKitZoneFeedTests {
    typealias H = CloudKitHarness

    @Test("zones/changes lists zones written after a token; changes/zone answers per zone")
    func zoneFeeds() throws {
        let h = try H()
        h.createZone("A")
        h.createZone("B")
        let first = h.call("zones/changes", [:])
        let names = (first.json["zones"]?.arrayValue ?? []).compactMap { $0["zoneID"]?["zoneName"]?.stringValue }
        #expect(Set(names) == ["A", "B"] && first.json["moreComing"] == .bool(false))
        let token = first.json["syncToken"] ?? .null
        _ = h.modify([H.op("create", "r1")], zone: "B")
        let since = h.call("zones/changes", ["syncToken": token])
        #expect((since.json["zones"]?.arrayValue ?? []).compactMap { $0["zoneID"]?["zoneName"]?.stringValue } == ["B"])
        let perZone = h.call(
            "changes/zone",
            ["zones": [["zoneID": ["zoneName": "A"]], ["zoneID": ["zoneName": "B"]], ["zoneID": ["zoneName": "Nowhere"]]]])
        let entries = perZone.json["zones"]?.arrayValue ?? []
        #expect(entries.count == 3)
        #expect(entries[0]["records"]?.arrayValue?.isEmpty == true)
        #expect(entries[1]["records"]?[0]?["recordName"] == "r1")
        #expect(entries[2]["serverErrorCode"] == "ZONE_NOT_FOUND")
    }

    @Test("a zoneWide query without a zoneID searches every zone of the database")
    func zoneWide() throws {
        let h = try H()
        h.createZone("A")
        _ = h.modify([H.op("create", "in-default", fields: ["n": ["value": 1]])])
        _ = h.modify([H.op("create", "in-a", fields: ["n": ["value": 2]])], zone: "A")
        func names(_ body: JSONValue) -> [String] {
            (h.call("records/query", body).json["records"]?.arrayValue ?? []).compactMap { $0["recordName"]?.stringValue }
        }
        #expect(names(["query": ["recordType": "Artist"]]) == ["in-default"])
        #expect(names(["query": ["recordType": "Artist"], "zoneWide": true]).sorted() == ["in-a", "in-default"])
        #expect(names(["query": ["recordType": "Artist"], "zoneWide": true, "zoneID": ["zoneName": "A"]]) == ["in-a"])
    }
}
