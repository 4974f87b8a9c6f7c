public import TreatyJSON

/// A live backend's answer that `treaty serve --spy URL --record` forwarded to a client: what
/// ``RecordReading/records(forwardedIn:)`` reads records from.
public struct ForwardedAnswer: Sendable {
    /// The request the client sent, e.g. `GET /api/collections/posts/records/abc123`.
    public var request: EndpointRequest
    /// The live backend's status.
    public var status: Int
    /// The live backend's JSON body.
    public var body: JSONValue

    /// Creates an answer.
    ///
    /// - Parameters:
    ///   - request: The request the client sent.
    ///   - status: The live backend's status.
    ///   - body: The live backend's JSON body.
    public init(request: EndpointRequest, status: Int, body: JSONValue) {
        self.request = request
        self.status = status
        self.body = body
    }
}

/// A record read from a forwarded answer, in the form the dialect's store holds (what a
/// recording keeps with ``RecordingSession/keep(_:in:)``).
public struct ForwardedRecord: Sendable, Hashable {
    /// The store resource it belongs to (a resource, collection, table or record type).
    public var resource: String
    /// The canonical record.
    public var record: JSONObject

    /// Creates a forwarded record.
    ///
    /// - Parameters:
    ///   - resource: The store resource it belongs to.
    ///   - record: The canonical record.
    public init(resource: String, record: JSONObject) {
        self.resource = resource
        self.record = record
    }
}
