internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON
internal import TreatyRules

extension RESTSyncRecordReader {
    /// The records of a forwarded successful `GET` of a records endpoint of the contract: the
    /// array of a list, or the object of a single record, kept as ``read(_:)`` keeps them.
    /// An endpoint that changes a relation's shape, and every other request, gives none.
    ///
    /// - Parameter answer: The forwarded request and the live backend's answer.
    /// - Returns: The records, under the endpoint's resource.
    func records(forwardedIn answer: ForwardedAnswer) -> [ForwardedRecord] {
        guard answer.request.method == "GET", (200..<300).contains(answer.status),
            case .endpoint(let endpoint, _)? = try? EndpointReference.resolve(
                "GET \(answer.request.path)", in: contract),
            endpoint.kind == .records, endpoint.shapes.isEmpty, contract.resource(named: endpoint.resource) != nil
        else { return [] }
        let items: [JSONValue]
        switch (endpoint.returns, answer.body) {
        case (.list, .array(let list)): items = list
        case (.one, .object): items = [answer.body]
        default: return []
        }
        return items.compactMap { item in
            guard case .object(let record) = item else { return nil }
            return ForwardedRecord(resource: endpoint.resource, record: record)
        }
    }
}
