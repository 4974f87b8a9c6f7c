import Foundation
import Testing
import TreatyCore
import TreatyDialectKit
import TreatyTestSupport

@testable import TreatyCloudKit
@testable import TreatyFileMaker
@testable import TreatyPocketBase
@testable import TreatyREST

/// The clause → case map: the join `treaty rules --clauses` prints, and each dialect's clause
/// catalogue held to the spec it cites.
@Suite struct ClauseCatalogTests {
    static let catalogues: [(String, RuleCatalog)] = [
        ("rest-sync", RESTSyncPlugin().ruleCatalog), ("pocketbase", PocketBasePlugin().ruleCatalog),
        ("filemaker", FileMakerPlugin().ruleCatalog), ("cloudkit", CloudKitPlugin().ruleCatalog),
    ]

    static func suite(_ cases: [(String, [String])]) -> VerificationSuite {
        VerificationSuite(
            name: "s", file: nil,
            cases: cases.map { name, clauses in
                VerificationCase(suite: "s", name: name, rules: [], clauses: clauses, writes: false) { _ in }
            })
    }

    @Test("a clause's cases are those tagged with it; an untagged clause is unproven unless it says why")
    func join() {
        let catalog = RuleCatalog(
            rules: [], breakageMatrix: "m", spec: "x.md",
            clauses: [
                SpecClause("§1.1", "answers carry every key"), SpecClause("§1.2", "ids are echoed"),
                SpecClause("§2.1", "tokens expire after 15 minutes", untestable: "a wall-clock wait"),
            ])
        let coverage = ClauseCoverage(
            dialect: DialectID(rawValue: "x"), catalog: catalog,
            suites: [Self.suite([("a", ["§1.1"]), ("b", ["§1.1", "§9.9"]), ("c", [])])])
        #expect(coverage.entries.map(\.cases) == [["s › a", "s › b"], [], []])
        #expect(coverage.unproven.map(\.id) == ["§1.2"])
        #expect(coverage.unknownClauses == ["§9.9"])
        let markdown = coverage.markdown()
        #expect(markdown.contains("3 clauses: 1 proven by a generated case, 1 untestable (with why), 1 unproven for these contracts."))
        #expect(markdown.contains("| §1.1 | answers carry every key | 2, e.g. s › a |"))
        #expect(markdown.contains("| §1.2 | ids are echoed | none for these contracts |"))
        #expect(markdown.contains("| §2.1 | tokens expire after 15 minutes | untestable: a wall-clock wait |"))
    }

    @Test(
        "every clause id is unique in its dialect and cites a section or rule id of the dialect's spec",
        .enabled(if: SharedDialectSpecs.directory != nil, Comment(rawValue: SharedDialectSpecs.absence)))
    func clausesCiteTheSpec() throws {
        for (dialect, catalog) in Self.catalogues {
            let ids = catalog.clauses.map(\.id)
            #expect(Set(ids).count == ids.count, "\(dialect): a clause id is stated twice")
            guard !catalog.clauses.isEmpty else { continue }
            let text = try #require(SharedDialectSpecs.text(of: catalog.spec), "\(catalog.spec) is not in \(SharedDialectSpecs.directory ?? "")")
            let sections = SharedDialectSpecs.sections(in: text)
            let rules = SharedDialectSpecs.ruleIDs(in: text)
            for clause in catalog.clauses {
                let cited = String(clause.id.prefix { $0 != "." })
                #expect(
                    sections.contains(cited) || rules.contains(cited),
                    "\(dialect): the clause \(clause.id) cites \(cited), which \(catalog.spec) has no section or rule for")
            }
        }
    }
}
