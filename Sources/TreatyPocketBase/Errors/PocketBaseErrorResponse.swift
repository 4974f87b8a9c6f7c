import TreatyJSON

/// PocketBase's error body, `{"status": 400, "message": "…", "data": {…}}`.
///
/// Every PocketBase error reply has exactly these three keys; `data` is `{}` unless fields
/// failed, when it maps field names (or nested paths such as `fields.1.values`) to
/// ``PocketBaseFieldError`` entries. The standard replies are static members:
///
/// ```swift
/// let reply = PocketBaseErrorResponse.failedToCreateRecord(["title": .required])
/// reply.json.serialized()
/// // {"data":{"title":{"code":"validation_required","message":"Cannot be blank."}},"message":"Failed to create record.","status":400}
/// ```
struct PocketBaseErrorResponse: Error, Sendable, Hashable {
    /// The HTTP status, repeated in the body.
    var status: Int
    /// The message.
    var message: String
    /// Field errors by name (values are error entries or nested objects); empty when none.
    var data: JSONObject

    /// Creates an error body.
    ///
    /// - Parameters:
    ///   - status: The HTTP status.
    ///   - message: The message.
    ///   - data: Field errors; empty by default.
    init(status: Int, message: String, data: JSONObject = JSONObject()) {
        self.status = status
        self.message = message
        self.data = data
    }

    /// Creates an error body whose `data` holds one entry per failing field.
    ///
    /// - Parameters:
    ///   - status: The HTTP status.
    ///   - message: The message.
    ///   - fieldErrors: The failing fields and their errors.
    init(status: Int, message: String, fieldErrors: [String: PocketBaseFieldError]) {
        var data = JSONObject()
        for name in fieldErrors.keys.sorted() {
            if let error = fieldErrors[name] { data[name] = error.json }
        }
        self.init(status: status, message: message, data: data)
    }

    /// The wire form with sorted keys (`data`, `message`, `status`), as Go writes maps.
    var json: JSONValue {
        ["data": .object(Self.sorted(data)), "message": .string(message), "status": .number(JSONNumber(status))]
    }

    private static func sorted(_ object: JSONObject) -> JSONObject {
        JSONObject(
            object.members.sorted { $0.key < $1.key }.map { member in
                guard case .object(let nested) = member.value else { return member }
                return JSONObject.Member(key: member.key, value: .object(sorted(nested)))
            })
    }
}
