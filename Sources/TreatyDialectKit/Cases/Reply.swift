public import HTTPTypes
public import TreatyJSON

/// A response a case received.
public struct Reply: Sendable {
    /// The status code.
    public var status: Int
    /// The response headers.
    public var headers: HTTPFields
    /// The raw body.
    public var body: [UInt8]
    /// The body parsed as JSON, or `nil` when it is empty or not JSON.
    public var json: JSONValue?
    /// The request that produced it, e.g. `PATCH /projects/P1/tasks/T1`.
    public var request: String

    /// Creates a reply, parsing `body` as JSON when it is JSON.
    public init(status: Int, headers: HTTPFields, body: [UInt8], request: String) {
        self.status = status
        self.headers = headers
        self.body = body
        self.request = request
        self.json = body.isEmpty ? nil : try? JSONParser().parse(body)
    }

    /// The value at `pointer` in the JSON body (`"/assignee_id"`), or `nil` when absent.
    public func value(at pointer: String) -> JSONValue? {
        guard let json, let parsed = try? JSONPointer(parsing: pointer) else { return nil }
        return parsed.resolve(in: json)
    }

    /// The value of a header.
    public func header(_ name: String) -> String? {
        HTTPField.Name(name).flatMap { headers[$0] }
    }

    /// The body's error code, for bodies such as `{"error":{"code":"not_found",…}}`.
    public var errorCode: String? {
        value(at: "/error/code")?.stringValue
    }
}
