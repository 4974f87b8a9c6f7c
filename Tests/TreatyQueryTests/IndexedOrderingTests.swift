import Testing
import TreatyJSON
import TreatyQuery

/// A page ordered by walking the first key's index must be exactly the page a full sort gives:
/// random records with ties and missing values, random order keys, filters and pages.
@Suite struct IndexedOrderingTests {
    @Test("pages ordered through an index equal pages of a full sort", arguments: [11, 12, 13, 14] as [UInt64])
    func agreement(seed: UInt64) throws {
        var random = RandomRecords(seed: seed)
        let items = (0..<400).map { random.item($0) }
        let indexed = InMemoryDataSource(schema: RandomRecords.schema, records: ["items": items, "owners": RandomRecords.owners])
        let scanning = InMemoryDataSource(
            schema: RandomRecords.schema, records: ["items": items, "owners": RandomRecords.owners], indexed: false)
        var walked = 0
        for round in 0..<120 {
            var order = [Self.key(&random, field: random.pick(["n", "f", "d", "s", "owner"]))]
            for _ in 0..<Int.random(in: 0...2, using: &random.random) {
                order.append(Self.key(&random, field: random.pick(["n", "f", "d", "s", "b"])))
            }
            let filter: Expr = random.chance(50) ? .true : .cond(Condition("n", .ne, 0))
            let query = try Query("items", where: filter, order: order).compiled(with: RandomRecords.schema)
            let offset = random.pick([0, 0, 3, 20])
            let limit = random.pick([1, 5, 30])
            let before = indexed.indexCache?.statistics.builds ?? 0
            let viaIndex = try query.findPage(in: indexed, offset: offset, limit: limit, environment: IndexAgreementTests.env)
            let viaSort = try query.findPage(in: scanning, offset: offset, limit: limit, environment: IndexAgreementTests.env)
            #expect(viaIndex.total == viaSort.total)
            #expect(
                viaIndex.records.map { $0["id"] } == viaSort.records.map { $0["id"] },
                "seed \(seed), round \(round): \(order), offset \(offset), limit \(limit)")
            if (indexed.indexCache?.statistics.builds ?? 0) > before || indexed.indexCache?.statistics.reuses ?? 0 > 0 {
                walked += 1
            }
        }
        #expect(walked > 0, "no page was ordered through an index")
    }

    static func key(_ random: inout RandomRecords, field: String) -> OrderKey {
        OrderKey(
            FieldPath(field), descending: random.chance(50), caseSensitive: random.chance(80),
            nulls: random.pick(OrderKey.Nulls.allCases))
    }
}
