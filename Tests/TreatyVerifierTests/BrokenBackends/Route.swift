import HTTPTypes
import TreatyCore
import TreatyDialect

/// The contract endpoint a request is for, its resource and its path parameters.
struct Route {
    let endpoint: Endpoint
    let resource: Resource
    let parameters: [String: String]

    /// The record id in the path, for item endpoints.
    var id: String? { parameters[resource.identity.key] }

    init?(_ request: DialectRequest, contract: Contract) {
        for endpoint in contract.endpoints where endpoint.method == request.method.rawValue && endpoint.kind == .records
        {
            guard let parameters = endpoint.path.match(request.path),
                let resource = contract.resource(named: endpoint.resource)
            else { continue }
            self.endpoint = endpoint
            self.resource = resource
            self.parameters = parameters
            return
        }
        return nil
    }
}
