import HTTPTypes
import TreatyDialect
import TreatyJSON

extension DialectResponse {
    /// A JSON response.
    static func json(_ value: JSONValue, status: Int) -> DialectResponse {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return DialectResponse(status: .init(code: status), headers: headers, body: value.serializedBytes())
    }

    /// The response with its records rewritten: the object of a single-record answer, or the
    /// items of a list. Errors, empty bodies and other shapes pass unchanged.
    func mappingRecords(_ transform: ([JSONObject]) -> [JSONObject]) -> DialectResponse {
        guard (200..<300).contains(status.code), !body.isEmpty, let json = try? JSONParser().parse(body) else {
            return self
        }
        var copy = self
        switch json {
        case .object(let record):
            guard let rewritten = transform([record]).first else { return self }
            copy.body = JSONValue.object(rewritten).serializedBytes()
        case .array(let items):
            let records = items.compactMap(\.objectValue)
            guard records.count == items.count else { return self }
            copy.body = JSONValue.array(transform(records).map(JSONValue.object)).serializedBytes()
        default:
            return self
        }
        return copy
    }
}

extension DialectRequest {
    /// The request with its JSON object body rewritten; other bodies pass unchanged.
    func mappingBody(_ transform: (JSONObject) -> JSONObject) -> DialectRequest {
        guard let object = try? JSONParser().parse(body).objectValue else { return self }
        var copy = self
        copy.body = JSONValue.object(transform(object)).serializedBytes()
        return copy
    }
}

extension JSONObject {
    /// The object without its `null` members.
    func removingNulls() -> JSONObject {
        JSONObject(members.filter { !$0.value.isNull })
    }

    /// The object with member `key` renamed to `newKey` in place, its value passed through
    /// `value`; unchanged when `key` is missing.
    func renaming(_ key: String, to newKey: String, value: (JSONValue) -> JSONValue = { $0 }) -> JSONObject {
        JSONObject(members.map { $0.key == key ? Member(key: newKey, value: value($0.value)) : $0 })
    }
}
