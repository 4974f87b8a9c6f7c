public import TreatyCore
public import TreatyJSON

/// What a `POST` of a live run created (``SuiteGenerating/created(by:postedTo:)``).
public struct CreatedRecord: Sendable, Equatable {
    /// The id later writes to this run's own records carry in their path.
    public var id: String
    /// The path that deletes it, when there is one.
    public var deletePath: String?

    /// Creates the description.
    public init(id: String, deletePath: String?) {
        self.id = id
        self.deletePath = deletePath
    }

    /// The created resource's identity key at the top of `answer` (`id` when the contract has
    /// no POST endpoint for `path`), deletable at `path/{id}` where the contract has a DELETE
    /// endpoint for it.
    public static func identified(by answer: JSONValue, postedTo path: String, in contract: Contract) -> CreatedRecord?
    {
        let endpoint = contract.endpoints.first { $0.method == "POST" && $0.path.match(path) != nil }
        let key = endpoint.flatMap { contract.resource(named: $0.resource) }?.identity.key ?? "id"
        guard let value = answer.objectValue?[key] else { return nil }
        let id = value.stringValue ?? value.serialized()
        let itemPath = path.hasSuffix("/") ? path + id : path + "/" + id
        let deletable = contract.endpoints.contains { $0.method == "DELETE" && $0.path.match(itemPath) != nil }
        return CreatedRecord(id: id, deletePath: deletable ? itemPath : nil)
    }
}
