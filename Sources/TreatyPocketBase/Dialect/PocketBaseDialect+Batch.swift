import Foundation
import HTTPTypes
import Synchronization
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyQuery

extension PocketBaseDialect {
    /// `POST /api/batch`: every request runs with the caller's auth and rules in one store
    /// transaction (``RecordStore/transaction(_:)``); any failure drops the transaction's writes,
    /// stored files included, and no reader sees the batch half done.
    func batch(_ call: PocketBaseCall) throws(PocketBaseErrorResponse) -> DialectResponse {
        let settings = state.withLock { $0.batch }
        guard settings.enabled else { throw PocketBaseErrorResponse(status: 403, message: "Batch requests are not allowed.") }
        let body: JSONObject
        let files: [PocketBaseUpload]
        do {
            (body, files) = try requestBody(call.request)
        } catch {
            throw PocketBaseErrorResponse(status: 400, message: "Failed to read the submitted batch data.")
        }
        let requests = body["requests"]?.arrayValue ?? []
        if requests.isEmpty {
            throw PocketBaseErrorResponse(
                status: 400, message: "Invalid batch request data.", data: ["requests": PocketBaseFieldError.required.json])
        }
        if requests.count > settings.maxRequests {
            throw PocketBaseErrorResponse(
                status: 400, message: "Invalid batch request data.",
                data: ["requests": PocketBaseFieldError.lengthTooLong(max: settings.maxRequests).json])
        }
        return try call.store.transaction { () throws(PocketBaseErrorResponse) -> DialectResponse in
            var results: [JSONValue] = []
            for (index, item) in requests.enumerated() {
                let response = runInner(item, uploads: batchUploads(files, index: index, store: call.store), call: call)
                if response.status.code >= 400 {
                    var inner = (try? JSONParser().parse(response.body)) ?? [:]
                    // The real 0.40.6 answers a GET after a successful request with an inner 500
                    // (a GET alone: 400).
                    if index > 0, item["method"]?.stringValue?.uppercased() == "GET", var object = inner.objectValue,
                        object["status"] == 400
                    {
                        object["status"] = 500
                        inner = .object(object)
                    }
                    throw PocketBaseErrorResponse(
                        status: 400, message: "Batch transaction failed.",
                        data: [
                            "requests": [
                                String(index): [
                                    "code": "batch_request_failed", "message": "Batch request failed.", "response": inner,
                                ]
                            ]
                        ])
                }
                let bodyValue = response.body.isEmpty ? JSONValue.null : (try? JSONParser().parse(response.body)) ?? .null
                results.append(["body": bodyValue, "status": .number(JSONNumber(Int(response.status.code)))])
            }
            return Self.json(.array(results))
        }
    }

    /// The file parts `requests.<index>.<key>` of one inner request, keyed by `<key>`. Like
    /// PocketBase, the batch names each file once on reading it, and the inner write names it
    /// again, so stored names carry two random suffixes (`photo_<r>_<r>.jpg`).
    private func batchUploads(_ files: [PocketBaseUpload], index: Int, store: RecordStore) -> [PocketBaseUpload] {
        let prefix = "requests.\(index)."
        return files.filter { $0.key.hasPrefix(prefix) }.map { file in
            let name = store.random {
                PocketBaseUpload.storedName(for: file.originalName, bytes: file.bytes, using: &$0)
            }
            return PocketBaseUpload(key: String(file.key.dropFirst(prefix.count)), originalName: name, bytes: file.bytes)
        }
    }

    /// One inner request (inside the batch's store transaction).
    private func runInner(_ item: JSONValue, uploads: [PocketBaseUpload], call: PocketBaseCall) -> DialectResponse {
        let method = item["method"]?.stringValue?.uppercased() ?? ""
        let url = item["url"]?.stringValue ?? ""
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        let inner = DialectRequest(
            method: HTTPRequest.Method(method) ?? .get, target: url, headers: headers,
            body: (item["body"] ?? [:]).serializedBytes())
        let innerCall = PocketBaseCall(request: inner, store: call.store, dialect: self, caller: call.caller)
        let segments = inner.path.split(separator: "/").map { PercentDecoding.decode($0) }
        guard segments.count >= 4, segments[0] == "api", segments[1] == "collections", segments[3] == "records",
            let collection = collection(segments[2])
        else { return Self.response(.notFound) }
        do {
            let body = try bodyObject(inner)
            switch (method, segments.count) {
            case ("POST", 4):
                if collection.rules.create == nil, !call.caller.isSuperuser { throw PocketBaseErrorResponse.superusersOnly }
                let record = try createRecord(innerCall, collection, body: body, uploads: uploads)
                return Self.json(.object(try present(record, of: collection, call: innerCall, scope: queryScope(innerCall))))
            case ("PUT", 4):
                let id = body["id"].map(GoCast.string) ?? ""
                if !id.isEmpty, (try? call.store.get(collection.name, id: id)) != nil {
                    let record = try updateRecord(innerCall, collection, id: id, body: body, uploads: uploads)
                    return Self.json(.object(try present(record, of: collection, call: innerCall, scope: queryScope(innerCall))))
                }
                let record = try createRecord(innerCall, collection, body: body, uploads: uploads)
                return Self.json(.object(try present(record, of: collection, call: innerCall, scope: queryScope(innerCall))))
            case ("PATCH", 5):
                if collection.rules.update == nil, !call.caller.isSuperuser { throw PocketBaseErrorResponse.superusersOnly }
                let record = try updateRecord(innerCall, collection, id: segments[4], body: body, uploads: uploads)
                return Self.json(.object(try present(record, of: collection, call: innerCall, scope: queryScope(innerCall))))
            case ("DELETE", 5):
                if collection.rules.delete == nil, !call.caller.isSuperuser { throw PocketBaseErrorResponse.superusersOnly }
                guard let record = try? call.store.get(collection.name, id: segments[4]) else { throw PocketBaseErrorResponse.notFound }
                let scope = queryScope(innerCall)
                guard satisfies(collection.rules.delete, record: record, in: collection, call: innerCall, scope: scope) else {
                    throw PocketBaseErrorResponse.notFound
                }
                try deleteCascading(collection, id: segments[4], store: call.store)
                return Self.noContent
            default:
                throw PocketBaseErrorResponse.badRequest
            }
        } catch {
            return Self.response(error as? PocketBaseErrorResponse ?? .badRequest)
        }
    }
}
