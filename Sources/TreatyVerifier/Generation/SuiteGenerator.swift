public import TreatyCore

/// Derives suites from a contract, with no hand-written steps: one suite of shape checks on
/// every readable endpoint, and one suite of semantic round trips per resource that can be
/// created (missing/null/`[]` in PATCH, client-authoritative create, duplicate ids, scope,
/// ordering, metadata, tombstones and incremental sync — see the rest-sync dialect).
///
/// Each generated case names the rules it proves. A case whose endpoints the contract does not
/// declare is not generated; one that cannot run on a given target (no second parent record)
/// is skipped with the reason.
///
/// A PocketBase contract (`dialect: pocketbase` with `collections: pb_schema.json`) gets suites
/// of its own: every case logs in as ``pocketBaseSuperuser`` and checks the `PB-*` rules on
/// records it creates in each collection (see the TreatyPocketBase article "PocketBase rules").
public struct SuiteGenerator: Sendable {
    /// The superuser PocketBase suites log in as.
    public var pocketBaseSuperuser: PocketBaseSuperuser

    /// Creates a generator.
    ///
    /// - Parameter pocketBaseSuperuser: The superuser of PocketBase targets; by default the
    ///   simulator's (and the differential harness's).
    public init(pocketBaseSuperuser: PocketBaseSuperuser = .harnessDefault) {
        self.pocketBaseSuperuser = pocketBaseSuperuser
    }

    /// The suites for `contract`.
    public func suites(for contract: Contract) -> [VerificationSuite] {
        if contract.dialect == .pocketBase {
            return PocketBaseSuites(contract: contract, superuser: pocketBaseSuperuser).suites()
        }
        let file = contract.file
        let shapeSuite = "\(contract.api).shapes"
        let shapes = contract.endpoints.filter { $0.method == "GET" && $0.returns != .none }
            .flatMap { ShapeCase.cases(for: $0, contract: contract, suite: shapeSuite) }
        var suites = [VerificationSuite(name: shapeSuite, file: file, cases: shapes)]
        for resource in contract.resources {
            let routes = ResourceRoutes(resource: resource, contract: contract)
            guard routes.create != nil else { continue }
            let name = "\(contract.api).\(resource.name)"
            let cases = RoundTrip.all.compactMap { $0.makeCase(for: routes, suite: name) }
            if !cases.isEmpty { suites.append(VerificationSuite(name: name, file: file, cases: cases)) }
        }
        return suites
    }
}
