internal import TreatyCore
internal import TreatyDialectKit

/// The generated suites of a rest-sync contract: one suite of shape checks on every readable
/// endpoint, and one suite of semantic round trips per resource that can be created.
///
/// Each case names the rules it proves. A case whose endpoints the contract does not declare is
/// not generated; one that cannot run on a given target (no second parent record) is skipped
/// with the reason.
struct RESTSyncSuites {
    let contract: Contract

    func suites() -> [VerificationSuite] {
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
