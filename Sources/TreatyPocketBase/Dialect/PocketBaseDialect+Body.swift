import Foundation
import HTTPTypes
import Synchronization
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyQuery

extension PocketBaseDialect {
    /// The request body as an object: JSON, or multipart form data (repeated keys become
    /// arrays, `@jsonPayload` is merged in); an empty body is `{}`.
    ///
    /// - Throws: 400 "Unsupported Content-Type." for other types, 400 "Something went wrong…"
    ///   for malformed JSON or a body that is not an object.
    func bodyObject(_ request: DialectRequest) throws(PocketBaseErrorResponse) -> JSONObject {
        try requestBody(request).object
    }

    /// The request body as an object plus its file parts (only multipart bodies have any).
    ///
    /// - Throws: As ``bodyObject(_:)``.
    func requestBody(_ request: DialectRequest) throws(PocketBaseErrorResponse)
        -> (object: JSONObject, files: [PocketBaseUpload])
    {
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        if request.body.isEmpty, contentType.isEmpty { return (JSONObject(), []) }
        if contentType.hasPrefix("application/json") {
            if request.body.allSatisfy({ $0 == 0x20 || $0 == 0x0a || $0 == 0x0d || $0 == 0x09 }) {
                return (JSONObject(), [])
            }
            guard let value = try? JSONParser().parse(request.body), case .object(let object) = value else {
                throw .badRequest
            }
            return (object, [])
        }
        if contentType.hasPrefix("multipart/form-data") {
            let form = PocketBaseForm(request.body, contentType: request.headers[.contentType] ?? "")
            return (form.object, form.files)
        }
        throw PocketBaseErrorResponse(status: 400, message: "Unsupported Content-Type.")
    }
}
