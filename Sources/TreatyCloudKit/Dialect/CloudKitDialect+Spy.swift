internal import HTTPTypes
internal import TreatyDialect
internal import TreatyJSON

extension CloudKitDialect {
    /// A 404 or a 405, or a `records/lookup` answer that names a record `NOT_FOUND` (CloudKit
    /// answers a lookup 200 with an error per missing record): a spy forwards the lookup.
    ///
    /// - Parameters:
    ///   - response: The dialect's answer.
    ///   - request: The request it answers.
    /// - Returns: Whether `treaty serve --spy` forwards the request.
    func lacksRecords(_ response: DialectResponse, for request: DialectRequest) -> Bool {
        guard response.stream == nil else { return false }
        if response.status.code == 404 || response.status.code == 405 { return true }
        guard response.status.code == 200, request.method == .post, request.path.hasSuffix("/records/lookup"),
            let records = (try? JSONParser().parse(response.body))?["records"]?.arrayValue
        else { return false }
        return records.contains { $0["serverErrorCode"]?.stringValue == "NOT_FOUND" }
    }
}
