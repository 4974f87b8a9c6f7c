import Foundation
import HTTPTypes
import Synchronization
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyQuery

/// Uploads named for a write: the body with the generated names added, and the files to keep
/// once the write succeeds.
struct PocketBasePreparedUploads {
    var body: JSONObject
    var files: [String: PocketBaseStoredFile] = [:]
    var validation: [String: PocketBaseValidationContext.NewFile] = [:]
}

extension PocketBaseDialect {
    /// Gives each upload aimed at a file field (`field`, `field+` or `+field`) a stored name
    /// from the store's seeded generator and adds it to the body under its key, after any text values
    /// sent with the same key. Parts for other keys are ignored.
    func prepareUploads(
        _ uploads: [PocketBaseUpload], body: JSONObject, for collection: PocketBaseCollection, store: RecordStore
    ) -> PocketBasePreparedUploads
    {
        var prepared = PocketBasePreparedUploads(body: body)
        for upload in uploads {
            let fieldName = upload.key.trimmingCharacters(in: CharacterSet(charactersIn: "+"))
            guard let field = collection.fields.first(where: { $0.name == fieldName }), field.type == .file,
                [fieldName, fieldName + "+", "+" + fieldName].contains(upload.key)
            else { continue }
            let name = store.random {
                PocketBaseUpload.storedName(for: upload.originalName, bytes: upload.bytes, using: &$0)
            }
            let contentType = upload.contentType
            prepared.files[name] = PocketBaseStoredFile(bytes: upload.bytes, contentType: contentType)
            prepared.validation[name] = .init(
                originalName: upload.originalName, size: upload.bytes.count, contentType: contentType)
            switch prepared.body[upload.key] {
            case nil: prepared.body[upload.key] = .string(name)
            case .array(let values)?: prepared.body[upload.key] = .array(values + [.string(name)])
            case .null?: prepared.body[upload.key] = .string(name)
            case let value?: prepared.body[upload.key] = .array([value, .string(name)])
            }
        }
        return prepared
    }

    /// Keeps the uploaded files the written record names and drops the record's files it no
    /// longer names, as store attachments (the caller runs it in the write's store transaction,
    /// so the files commit, and roll back, with the record).
    func commitFiles(
        _ prepared: PocketBasePreparedUploads, record: JSONObject, original: JSONObject?,
        of collection: PocketBaseCollection, in store: RecordStore
    ) {
        let recordId = record["id"]?.stringValue ?? ""
        let now = Set(Self.fileNames(record, of: collection))
        let before = original.map { Self.fileNames($0, of: collection) } ?? []
        for (name, file) in prepared.files where now.contains(name) {
            let key = PocketBaseStoredKeys.fileKey(collectionId: collection.id, recordId: recordId, name: name)
            store.attach(PocketBaseStoredKeys.json(file), as: PocketBaseStoredKeys.file(key))
        }
        for name in before where !now.contains(name) {
            let key = PocketBaseStoredKeys.fileKey(collectionId: collection.id, recordId: recordId, name: name)
            store.attach(nil, as: PocketBaseStoredKeys.file(key))
        }
    }

    /// Drops every file of a deleted record (in the delete's store transaction).
    func dropFiles(of collection: PocketBaseCollection, recordId: String, in store: RecordStore) {
        let prefix = PocketBaseStoredKeys.file(
            PocketBaseStoredKeys.fileKey(collectionId: collection.id, recordId: recordId, name: ""))
        for key in store.attachments(prefixed: prefix).keys { store.attach(nil, as: key) }
    }

    /// The file names a record holds across its file fields.
    static func fileNames(_ record: JSONObject, of collection: PocketBaseCollection) -> [String] {
        collection.fields.filter { $0.type == .file }.flatMap { GoCast.uniqueStrings(record[$0.name] ?? "") }
    }

    /// `/api/files/…`: `POST token` issues a file token; `GET {collection}/{recordId}/{filename}`
    /// serves a stored file.
    ///
    /// A file is served with its detected Content-Type and `Content-Disposition` `inline`
    /// (images, media, PDF) or `attachment` (everything else, or any type with `download=1`);
    /// `thumb=` returns the original. Files of unprotected fields are served whatever the
    /// record's view rule says; protected ones need a file token (`?token=`) whose record the
    /// view rule admits, else 403.
    func files(_ call: PocketBaseCall, rest: [String]) throws(PocketBaseErrorResponse) -> DialectResponse {
        if rest == ["token"], call.request.method == .post {
            guard case .record(let collection, let record, _, _) = call.caller else { throw .unauthorized }
            return Self.json(["token": .string(token(for: record, in: collection, at: call.store.presentTime(), type: "file"))])
        }
        guard call.request.method == .get || call.request.method == .head, rest.count == 3,
            let collection = collection(rest[0]),
            let record = try? call.store.get(collection.name, id: rest[1])
        else { throw .notFound }
        let name = rest[2]
        guard
            let field = collection.fields.first(where: {
                $0.type == .file && GoCast.uniqueStrings(record[$0.name] ?? "").contains(name)
            }),
            let file = call.store.attachment(
                PocketBaseStoredKeys.file(
                    PocketBaseStoredKeys.fileKey(collectionId: collection.id, recordId: rest[1], name: name))
            ).flatMap({ PocketBaseStoredKeys.file($0.value) })
        else { throw .notFound }
        if case .file(let options) = field.options, options.protected {
            let fileCaller = caller(token: call.query("token") ?? "", store: call.store, type: "file")
            let fileCall = PocketBaseCall(request: call.request, store: call.store, dialect: self, caller: fileCaller)
            let scope = queryScope(fileCall)
            guard fileCaller.isSuperuser || collection.rules.view != nil,
                satisfies(collection.rules.view, record: record, in: collection, call: fileCall, scope: scope)
            else {
                throw PocketBaseErrorResponse(status: 403, message: "Insufficient permissions to access the file resource.")
            }
        }
        let download = ["1", "t", "true"].contains((call.query("download") ?? "").lowercased())
        let inline = !download && PocketBaseMIME.inlineTypes.contains(PocketBaseMIME.essence(file.contentType))
        var headers = HTTPFields()
        headers[.contentType] = file.contentType
        headers[.contentDisposition] = (inline ? "inline" : "attachment") + "; filename=\"" + name + "\""
        headers[.cacheControl] = "max-age=2592000, stale-while-revalidate=86400"
        headers[.contentSecurityPolicy] = "default-src 'none'; media-src 'self'; style-src 'unsafe-inline'; sandbox"
        return DialectResponse(
            status: .ok, headers: headers, body: call.request.method == .head ? [] : file.bytes)
    }
}
