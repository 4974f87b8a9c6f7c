internal import Foundation
internal import HTTPTypes
internal import TreatyDialect
internal import TreatyJSON

extension FileMakerDialect {
    /// Where uploaded container data is served: `/Streaming_SSL/MainDB/<key>.<ext>`.
    static let streamingPrefix = "/Streaming_SSL/MainDB/"

    /// `POST …/records/{id}/containers/{field}[/{repetition}]` with a multipart part named
    /// `upload`: stores the bytes, puts their URL in the field and raises `modId`; answers `{}`.
    func upload(_ context: FileMakerContext, id: String, field name: String) throws(FileMakerError) -> DialectResponse {
        guard let field = context.layout.field(named: name) else { throw FileMakerError.fieldMissing(name) }
        guard field.result == .container, !field.global else {
            throw FileMakerError.parameterInvalid("'\(name)' is not a container field of this layout's table")
        }
        let contentType = context.call.request.headers[.contentType] ?? ""
        let form: MultipartForm
        do {
            form = try MultipartForm(body: context.call.request.body, contentType: contentType)
        } catch {
            throw FileMakerError(
                1708, "a container upload is multipart/form-data with a part named 'upload': \(error)",
                status: .unsupportedMediaType)
        }
        guard let part = form.part(named: "upload") else {
            throw FileMakerError(960, "Upload payload must contain a part named 'upload'.", status: .badRequest)
        }
        let filename = part.filename ?? "upload"
        let ext =
            (filename as NSString).pathExtension.isEmpty ? "bin" : (filename as NSString).pathExtension.lowercased()
        let writer = FileMakerWriter(context: context)
        let host = HTTPField.Name("Host").flatMap { context.call.request.headers[$0] } ?? "127.0.0.1"
        try context.store.transaction { () throws(FileMakerError) in
            let record = try stored(context, id: id)
            if let expected = context.call.query("modId"), expected != FileMakerRecordPresenter.text(record["modId"]) {
                throw FileMakerError.modIDMismatch
            }
            let key = String(format: "%08X", writer.next(FileMakerStoreModel.containers)) + "." + ext
            let stored: JSONValue = [
                "recordId": .string(key), "type": .string(part.contentType ?? "application/octet-stream"),
                "filename": .string(filename), "data": .string(Data(part.body).base64EncodedString()),
            ]
            guard (try? context.store.create(FileMakerStoreModel.containers, body: stored)) != nil else {
                throw FileMakerError(800, "Unable to create file on disk")
            }
            let url = "http://\(host)\(Self.streamingPrefix)\(key)?RCType=EmbeddedRCFileProcessor"
            _ = try writer.update(record, with: [field.name: .string(url)], in: context.layout.table)
        }
        return FileMakerEnvelope.response(JSONObject())
    }

    /// `GET /Streaming_SSL/MainDB/<key>`: the uploaded bytes, with their content type; no
    /// session needed (the URL is the capability, as on FileMaker Server).
    func download(_ call: FileMakerCall, key: String) -> DialectResponse {
        guard let record = try? call.store.get(FileMakerStoreModel.containers, id: key),
            let data = record["data"]?.stringValue.flatMap({ Data(base64Encoded: $0) })
        else {
            return DialectResponse(status: .notFound, body: Array("Not Found".utf8))
        }
        var headers = HTTPFields()
        headers[.contentType] = record["type"]?.stringValue ?? "application/octet-stream"
        if let filename = record["filename"]?.stringValue {
            headers[.contentDisposition] = "inline; filename=\"\(filename.replacingOccurrences(of: "\"", with: ""))\""
        }
        return DialectResponse(status: .ok, headers: headers, body: Array(data))
    }
}
