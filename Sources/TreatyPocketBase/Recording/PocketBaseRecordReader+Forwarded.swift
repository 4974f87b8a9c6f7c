internal import TreatyDialectKit
internal import TreatyJSON

extension PocketBaseRecordReader {
    /// The records of a forwarded `GET /api/collections/{collection}/records` (its `items`) or
    /// `GET /api/collections/{collection}/records/{id}` (the record), in the form ``read(_:)``
    /// keeps them: a collection named by name or id, built-in `_` and view collections left
    /// out, as is every other route.
    ///
    /// - Parameters:
    ///   - answer: The forwarded request and the live backend's answer.
    ///   - collections: The collections of the schema.
    /// - Returns: The records, by collection name.
    static func records(forwardedIn answer: ForwardedAnswer, collections: [PocketBaseCollection]) -> [ForwardedRecord] {
        guard answer.request.method == "GET", (200..<300).contains(answer.status) else { return [] }
        let segments = answer.request.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard segments.count == 5 || segments.count == 6, segments[0].isEmpty, segments[1] == "api",
            segments[2] == "collections", segments[4] == "records",
            let collection = collections.first(where: { $0.name == segments[3] || $0.id == segments[3] }),
            !collection.name.hasPrefix("_"), collection.type != .view
        else { return [] }
        let items: [JSONValue]
        if segments.count == 6 {
            items = [answer.body]
        } else {
            guard let list = answer.body["items"]?.arrayValue else { return [] }
            items = list
        }
        return items.compactMap { item in
            guard case .object(let object) = item, object["id"]?.stringValue != nil else { return nil }
            return ForwardedRecord(
                resource: collection.name, record: canonical(object, in: collection, password: nil))
        }
    }
}
