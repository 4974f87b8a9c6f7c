import HTTPTypes
internal import TreatyDialect
internal import TreatyJSON

/// A FileMaker error as the Data API answers it: a code (sent as a string), its message and the
/// HTTP status it pairs with (filemaker.md §1, §8).
struct FileMakerError: Error, Sendable, Hashable {
    /// The FileMaker error code, e.g. 101.
    var code: Int
    /// The message FileMaker Server sends with it.
    var message: String
    /// The HTTP status it pairs with (500 for FileMaker errors, 401 for auth, 400 for bad
    /// parameters).
    var status: HTTPResponse.Status

    /// Creates an error.
    init(_ code: Int, _ message: String, status: HTTPResponse.Status = .internalServerError) {
        self.code = code
        self.message = message
        self.status = status
    }

    static let recordMissing = FileMakerError(101, "Record is missing")
    static func fieldMissing(_ name: String) -> FileMakerError { FileMakerError(102, "Field is missing") }
    static let scriptMissing = FileMakerError(104, "Script is missing")
    static let layoutMissing = FileMakerError(105, "Layout is missing")
    static let fieldNotModifiable = FileMakerError(201, "Field cannot be modified")
    static let invalidAccount = FileMakerError(
        212, "Invalid user account and/or password; please try again", status: .unauthorized)
    static let modIDMismatch = FileMakerError(306, "Record modification ID does not match")
    static let findCriteriaEmpty = FileMakerError(400, "Find criteria are empty")
    static let noRecordsMatch = FileMakerError(401, "No records match the request")
    static let dateInvalid = FileMakerError(500, "Date value does not meet validation entry options")
    static let timeInvalid = FileMakerError(501, "Time value does not meet validation entry options")
    static let requiredEmpty = FileMakerError(509, "Field requires a valid value")
    static let tooLong = FileMakerError(511, "Field value exceeds maximum field size")
    static let unableToOpen = FileMakerError(802, "Unable to open file")
    static let invalidToken = FileMakerError(952, "Invalid FileMaker Data API token (*)", status: .unauthorized)
    static let tooManySessions = FileMakerError(
        956, "Maximum number of database or Admin API sessions exceeded (*)")
    static func parameterMissing(_ name: String) -> FileMakerError {
        FileMakerError(958, "Parameter missing: \(name)", status: .badRequest)
    }
    static func parameterInvalid(_ detail: String) -> FileMakerError {
        FileMakerError(960, "Parameter is invalid: \(detail)", status: .badRequest)
    }
    static func unknownParameters(_ names: [String]) -> FileMakerError {
        FileMakerError(960, "Unknown parameter(s): \(names.joined(separator: ","))", status: .badRequest)
    }
    static let invalidJSON = FileMakerError(1708, "Parameter value is invalid", status: .badRequest)
    static let malformedJSON = FileMakerError(1710, "JSON input isn't syntactically valid", status: .badRequest)

    /// The answer: the Data API envelope with an empty `response` and this code.
    var response: DialectResponse {
        FileMakerEnvelope.response(JSONObject(), code: code, message: message, status: status)
    }
}

/// The envelope of every Data API answer: `{"response": {…}, "messages": [{"code": "0", …}]}`.
enum FileMakerEnvelope {
    static func response(
        _ body: JSONObject, code: Int = 0, message: String = "OK", status: HTTPResponse.Status = .ok,
        headers: HTTPFields = [:]
    ) -> DialectResponse {
        let envelope: JSONValue = [
            "response": .object(body),
            "messages": [["code": .string(String(code)), "message": .string(message)]],
        ]
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        return DialectResponse(status: status, headers: fields, body: envelope.serializedBytes())
    }

    /// The value of `"data"` in a body given to ``records(_:data:)``: where the records go.
    static let data = JSONValue.string("\u{0}treaty:records\u{0}")

    /// A records answer (code 0, HTTP 200): `body`, whose `"data"` is ``data``, with `records` —
    /// each already JSON bytes (``FileMakerRecordPresenter/presentedBytes(_:)``) — written in as
    /// that array; the same bytes ``response(_:code:message:status:headers:)`` writes.
    static func records(_ body: JSONObject, data records: [[UInt8]]) -> DialectResponse {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(records.reduce(256) { $0 + $1.count + 1 })
        bytes.append(contentsOf: #"{"response":{"#.utf8)
        for (index, member) in body.members.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: JSONValue.string(member.key).serializedBytes())
            bytes.append(UInt8(ascii: ":"))
            guard member.value == data else {
                bytes.append(contentsOf: member.value.serializedBytes())
                continue
            }
            bytes.append(UInt8(ascii: "["))
            for (position, record) in records.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(contentsOf: record)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        bytes.append(contentsOf: #"},"messages":[{"code":"0","message":"OK"}]}"#.utf8)
        return answer(bytes)
    }

    /// A successful answer (HTTP 200) whose envelope is already `bytes`.
    static func answer(_ bytes: [UInt8]) -> DialectResponse {
        var fields = HTTPFields()
        fields[.contentType] = "application/json; charset=utf-8"
        return DialectResponse(status: .ok, headers: fields, body: bytes)
    }
}
