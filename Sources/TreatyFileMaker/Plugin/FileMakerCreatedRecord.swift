internal import Foundation
public import TreatyCore
public import TreatyDialectKit
public import TreatyJSON

extension FileMakerPlugin {
    /// What a Data API `POST` created: a record (`/response/recordId`, deleted at
    /// `…/records/{recordId}`) or a session (`/response/token`, logged out at
    /// `…/sessions/{token}`). A duplicate (`POST …/records/{id}`) creates a record beside the
    /// original, deleted at `…/records/{new id}`.
    public func created(by answer: JSONValue, postedTo path: String, in contract: Contract) -> CreatedRecord? {
        let response = answer.objectValue?["response"]?.objectValue
        if path.hasSuffix("/sessions"), let token = response?["token"]?.stringValue, !token.isEmpty {
            return CreatedRecord(id: token, deletePath: path + "/" + token)
        }
        guard let value = response?["recordId"], let id = value.stringValue ?? value.numberValue?.text, !id.isEmpty
        else { return nil }
        guard let records = path.range(of: "/records", options: .backwards) else { return nil }
        return CreatedRecord(id: id, deletePath: String(path[..<records.upperBound]) + "/" + id)
    }
}
