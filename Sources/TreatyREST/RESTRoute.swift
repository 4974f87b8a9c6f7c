import TreatyCore
import TreatyDialect

/// What the dialect needs to answer through one records endpoint, worked out once from the
/// contract instead of on every request: the resource, the relations the endpoint nests, and
/// the tables whose revisions a kept answer depends on. A class, so that taking a request's
/// route copies a reference rather than the resource with every field it holds.
final class RESTRoute: Sendable {
    let endpoint: Endpoint
    let resource: Resource
    let nesting: NestedRelations
    /// The resource's table, its parent's table for a scoped endpoint (whose record decides
    /// between an answer and a 404) and the nested relations' targets: a write to any of them
    /// makes a kept answer unreachable.
    let dependencies: [String]

    /// The route of `endpoint`; `nil` for a batch upload, or when the contract has no resource
    /// of its name.
    init?(endpoint: Endpoint, contract: Contract) {
        guard endpoint.kind == .records, let resource = contract.resource(named: endpoint.resource) else {
            return nil
        }
        self.endpoint = endpoint
        self.resource = resource
        nesting = NestedRelations(endpoint: endpoint, resource: resource, contract: contract)
        var dependencies = [resource.name]
        if endpoint.scoped, let parent = resource.scope?.parent { dependencies.append(parent) }
        dependencies.append(contentsOf: nesting.targets)
        self.dependencies = dependencies
    }

    /// The parent a request's path parameters scope it to, if the endpoint is scoped.
    func scope(_ parameters: RESTRouter.Parameters) -> Scope? {
        guard endpoint.scoped, let parentScope = resource.scope, let parentID = parameters[parentScope.key] else {
            return nil
        }
        return Scope(parent: parentScope.parent, key: parentScope.key, id: parentID)
    }
}
