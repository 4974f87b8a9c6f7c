import Testing
import TreatyJSON
import TreatyQuery
import TreatyTestSupport

/// The index path and the scan path must agree: random records, random conditions, both
/// compared (a property-based test with fixed seeds, so failures reproduce).
@Suite struct IndexAgreementTests {
    static let env = Blog.environment

    @Test("indexed and scanning sources find the same records for random queries", arguments: [1, 2, 3, 4, 7, 8] as [UInt64])
    func agreement(seed: UInt64) throws {
        var random = RandomRecords(seed: seed)
        let items = (0..<60).map { random.item($0) }
        let records = ["items": items, "owners": RandomRecords.owners]
        let indexed = InMemoryDataSource(schema: RandomRecords.schema, records: records)
        let scanning = InMemoryDataSource(schema: RandomRecords.schema, records: records, indexed: false)
        for round in 0..<400 {
            let expr = random.expr(depth: 2)
            let query = try Query("items", where: expr).compiled(with: RandomRecords.schema)
            let viaIndex = try query.findIDs(in: indexed, environment: Self.env)
            let viaScan = try query.findIDs(in: scanning, environment: Self.env)
            #expect(viaIndex == viaScan, "seed \(seed), round \(round): \(expr)")
            if round == 200 {
                let extra = random.item(1000 + Int(seed))
                indexed.insert(extra, into: "items")
                scanning.insert(extra, into: "items")
            }
        }
        let statistics = try #require(indexed.indexCache?.statistics)
        #expect(statistics.builds > 0)
        #expect(statistics.reuses > 0)
    }

    @Test("backlinks agree whether they look records up in an index or scan", arguments: [5, 6] as [UInt64])
    func backlinks(seed: UInt64) throws {
        var random = RandomRecords(seed: seed)
        let items = (0..<40).map { random.item($0) }
        let records = ["items": items, "owners": RandomRecords.owners]
        let indexed = InMemoryDataSource(schema: RandomRecords.schema, records: records)
        let scanning = InMemoryDataSource(schema: RandomRecords.schema, records: records, indexed: false)
        for field in ["owner", "friends"] {
            for quantifier in Quantifier.allCases {
                let link = Link(
                    field, direction: .backlink(from: "items"), quantifier: quantifier, where: .cond(random.condition())
                )
                let query = try Query("owners", where: .link(link)).compiled(with: RandomRecords.schema)
                #expect(
                    try query.findIDs(in: indexed, environment: Self.env)
                        == query.findIDs(in: scanning, environment: Self.env), "\(link)")
            }
        }
    }

    @Test("an equality query builds its index once and reuses it until the data changes")
    func indexReuse() throws {
        let data = Blog.data()
        let query = try Query("posts", where: Field("views") == 100).compiled(with: Blog.schema)
        #expect(try query.findIDs(in: data, environment: Self.env) == ["p3"])
        #expect(try query.findIDs(in: data, environment: Self.env) == ["p3"])
        let statistics = try #require(data.indexCache?.statistics)
        #expect(statistics.builds == 1 && statistics.reuses == 1 && statistics.indexes == 1)
        data.insert(["id": "p6", "views": 100], into: "posts")
        #expect(try query.findIDs(in: data, environment: Self.env) == ["p3", "p6"])
        #expect(data.indexCache?.statistics.builds == 2)
    }

    @Test("the parent-scope key is indexed: a backlink looks its children up by key")
    func scopeKey() throws {
        let data = Blog.data()
        let commented = try Query("posts", where: Backlink("comments", via: "post").any { _ in .true })
            .compiled(with: Blog.schema)
        #expect(try commented.findIDs(in: data, environment: Self.env) == ["p1", "p2"])
        #expect(data.indexCache?.statistics.indexes == 1)
        let children = try Query("comments", where: Field("post") == "p1").compiled(with: Blog.schema)
        #expect(try children.findIDs(in: data, environment: Self.env) == ["c1", "c2"])
        #expect(data.indexCache?.statistics.reuses ?? 0 >= 1)
    }
}
