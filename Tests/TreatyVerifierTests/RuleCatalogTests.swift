import Foundation
import Testing
import TreatyCore
import TreatyDialectKit
import TreatyRules

@testable import TreatyCloudKit
@testable import TreatyFileMaker
@testable import TreatyPocketBase
@testable import TreatyREST

/// The rule catalogues `treaty rules` prints tell the truth about the breakage matrices: every
/// broken backend a catalogue names exists and breaks that rule, every broken backend of a
/// matrix is named, and a rule without one says why.
@Suite struct RuleCatalogTests {
    /// The matrix's broken backends by the rule each must fail with.
    static func matrix<Case: RawRepresentable<String>>(_ cases: [Case], rule: (Case) -> RuleID) -> [RuleID: Set<String>] {
        Dictionary(grouping: cases, by: rule).mapValues { Set($0.map(\.rawValue)) }
    }

    static func expectCatalog(_ catalog: RuleCatalog, matches matrix: [RuleID: Set<String>]) {
        let named = Dictionary(uniqueKeysWithValues: catalog.rules.map { ($0.id, Set($0.breakages)) })
        #expect(named.count == catalog.rules.count, "a rule is listed twice")
        for rule in catalog.rules {
            #expect(
                named[rule.id] == matrix[rule.id] ?? [],
                "\(rule.id): the catalogue names \(named[rule.id]?.sorted() ?? []), the matrix has \(matrix[rule.id]?.sorted() ?? [])")
            if rule.breakages.isEmpty {
                #expect(rule.unbreakable != nil, "\(rule.id) has no broken backend and does not say why")
            }
        }
        let uncatalogued = Set(matrix.keys).subtracting(named.keys)
        #expect(uncatalogued.isEmpty, "the matrix proves rules the catalogue lacks: \(uncatalogued.sorted())")
        #expect(FileManager.default.fileExists(atPath: DemoAPI.root + "/" + catalog.breakageMatrix))
    }

    @Test("the rest-sync catalogue has all 33 rules of rest-sync.md, the error format, and the matrix's breakages")
    func restSync() {
        let catalog = RESTSyncPlugin().ruleCatalog
        let ids = catalog.rules.map(\.id.rawValue)
        #expect(ids.filter { $0.hasPrefix("RS-") && $0 != "RS-ERR-1" }.count == 33)
        #expect(ids.contains("RS-ERR-1"))
        Self.expectCatalog(catalog, matches: Self.matrix(Breakage.allCases, rule: \.expectedRule))
        let unbreakable = catalog.rules.filter(\.breakages.isEmpty).map(\.id)
        #expect(unbreakable == ["RS-IN-3", "TR-KEY-1"])
    }

    @Test("the PocketBase catalogue has every PB rule and the matrix's breakages")
    func pocketBase() {
        let catalog = PocketBasePlugin().ruleCatalog
        #expect(catalog.rules.map(\.id) == RuleID.pocketBaseRules)
        Self.expectCatalog(catalog, matches: Self.matrix(PocketBaseBreakage.allCases, rule: \.expectedRule))
    }

    @Test("the FileMaker catalogue has every FM rule and the matrix's breakages")
    func fileMaker() {
        let catalog = FileMakerPlugin().ruleCatalog
        #expect(catalog.rules.map(\.id) == RuleID.fileMakerRules)
        Self.expectCatalog(catalog, matches: Self.matrix(FileMakerBreakage.allCases, rule: \.expectedRule))
    }

    @Test("the CloudKit catalogue has every CK rule and the matrix's breakages")
    func cloudKit() {
        let catalog = CloudKitPlugin().ruleCatalog
        #expect(catalog.rules.map(\.id) == RuleID.cloudKitRules)
        Self.expectCatalog(catalog, matches: Self.matrix(CloudKitBreakage.allCases, rule: \.expectedRule))
    }

    @Test("the payload-checked rest-sync rules are exactly TreatyRules' payload rules")
    func payloadRules() {
        let checked = RESTSyncPlugin().ruleCatalog.rules.filter(\.checkedOnPayloads).map(\.id)
        #expect(Set(checked) == Set(ConformanceRule.recordRules.map(\.id)))
    }
}
