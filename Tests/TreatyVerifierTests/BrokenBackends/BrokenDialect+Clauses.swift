import Foundation
import HTTPTypes
import Synchronization
import TreatyCore
import TreatyDialect
import TreatyJSON

@testable import TreatyREST

/// The breakages of one clause of rest-sync.md each, whose rule's other clauses still hold.
extension BrokenDialect {
    func breakingClause(_ request: DialectRequest, route: Route, store: RecordStore) -> DialectResponse {
        let forward = { (request: DialectRequest) in wrapped.respond(to: request, store: store) }
        let method = request.method
        let resource = route.resource
        let isList = method == .get && route.endpoint.returns == .list
        let body = (try? JSONParser().parse(request.body))?.objectValue
        switch breakage {
        case .requiresBodyParent:
            guard method == .post, let scope = resource.scope, let body, body[scope.key] == nil else {
                return forward(request)
            }
            return Self.error(422, "missing_field", field: scope.key)

        case .ignoresCreatedAtChanges:
            guard method == .patch, let key = resource.sync.createdAt else { return forward(request) }
            return forward(request.mappingBody { $0.removing([key]) })

        case .refusesUnchangedImmutableKeys:
            let immutable =
                [resource.identity.key, resource.scope?.key, resource.sync.createdAt].compactMap { $0 }
                + resource.fields.filter(\.immutable).map { $0.key() }
            guard method == .patch, let key = immutable.first(where: { body?[$0] != nil }) else { return forward(request) }
            return Self.error(422, "immutable_field", field: key)

        case .mergesToManyLists:
            guard method == .patch, let id = route.id, let current = try? store.get(resource.name, id: id) else {
                return forward(request)
            }
            let many = Set(resource.fields.filter { $0.relation?.many == true }.map { $0.key() })
            return forward(
                request.mappingBody { body in
                    JSONObject(
                        body.members.map { member in
                            guard many.contains(member.key), case .array(let sent) = member.value, !sent.isEmpty else {
                                return member
                            }
                            let merged = (current[member.key]?.arrayValue ?? []) + sent.filter {
                                !(current[member.key]?.arrayValue ?? []).contains($0)
                            }
                            return .init(key: member.key, value: .array(merged))
                        })
                })

        case .keepsVersionOnDelete:
            guard let key = resource.sync.version else { return forward(request) }
            if method == .delete, let id = route.id, let version = try? store.get(resource.name, id: id)[key] {
                deletedVersions.keep(version, for: id)
            }
            let response = forward(request)
            guard isList else { return response }
            let since = request.query.first { route.endpoint.sinceVersion.contains($0.name) }.flatMap { Int64($0.value) }
            return response.mappingRecords { records in
                records.compactMap { record -> JSONObject? in
                    guard let id = Workbench.idText(record[resource.identity.key]),
                        let kept = deletedVersions.version(of: id)
                    else { return record }
                    if let since, let number = kept.numberValue?.int64Value, number <= since { return nil }
                    return record.renaming(key, to: key) { _ in kept }
                }
            }

        case .patchesTombstones:
            let response = forward(request)
            guard method == .patch, response.status == .notFound, let id = route.id, let tombstone = resource.sync.tombstone,
                let record = store.dump(resource.name)?.first(where: {
                    Workbench.idText($0[resource.identity.key]) == id && !($0[tombstone] ?? .null).isNull
                })
            else { return response }
            var patched = record
            for member in body?.members ?? [] { patched[member.key] = member.value }
            return .json(.object(patched), status: 200)

        case .sortsFeedsByID:
            guard isList, !request.query.isEmpty else { return forward(request) }
            let key = resource.identity.key
            return forward(request).mappingRecords { records in
                records.sorted { (Workbench.idText($0[key]) ?? "") < (Workbench.idText($1[key]) ?? "") }
            }

        case .stampsCursorWithServerTime:
            var response = forward(request)
            guard isList, let name = HTTPField.Name("Sync-Cursor"), response.headers[name] != nil,
                request.query.contains(where: { route.endpoint.since.contains($0.name) })
            else { return response }
            response.headers[name] = TimestampText.format(Int64(Date().timeIntervalSince1970 * 1000))
            return response

        case .dropsCursorOnEmptyFeeds:
            var response = forward(request)
            guard isList, let name = HTTPField.Name("Sync-Cursor"),
                (try? JSONParser().parse(response.body))?.arrayValue?.isEmpty == true
            else { return response }
            response.headers[name] = nil
            return response

        case .sendsCursorOnFullLists:
            var response = forward(request)
            guard isList, request.query.isEmpty, let name = HTTPField.Name("Sync-Cursor") else { return response }
            response.headers[name] = TimestampText.format(Int64(Date().timeIntervalSince1970 * 1000))
            return response

        case .ignoresMalformedVersionCursors:
            guard method == .get else { return forward(request) }
            var lenient = request
            lenient.query.removeAll { route.endpoint.sinceVersion.contains($0.name) && Int64($0.value) == nil }
            return forward(lenient)

        case .listsUnknownParentsEmpty:
            let response = forward(request)
            guard isList, response.status == .notFound else { return response }
            return .json(.array([]), status: 200)

        case .refusesNonObjectBodiesAsMalformed:
            guard method != .get, let parsed = try? JSONParser().parse(request.body), parsed.objectValue == nil else {
                return forward(request)
            }
            return Self.error(400, "malformed_json", field: nil)

        case .labelsListsAsText:
            var response = forward(request)
            guard isList, response.status.code == 200 else { return response }
            response.headers[.contentType] = "text/plain; charset=utf-8"
            return response

        case .refusesTitlesAtTheLimit:
            guard method == .post || method == .patch, let body else { return forward(request) }
            for field in resource.fields {
                guard let limit = field.constraints.maxLength,
                    let text = body[field.key()]?.stringValue?.trimmingCharacters(in: .whitespaces), text.count >= limit
                else { continue }
                return Self.error(422, "invalid_value", field: field.key())
            }
            return forward(request)

        case .checksTimestampsAfterDuplicateIDs:
            let key = resource.identity.key
            guard method == .post, let body, let id = body[key]?.stringValue,
                resource.fields.filter(\.required).allSatisfy({ !(body[$0.key()] ?? .null).isNull }),
                store.dump(resource.name)?.contains(where: { $0[key]?.stringValue == id }) == true
            else { return forward(request) }
            return Self.error(422, "duplicate_id", field: key)

        case .answersServerTimeOnCreate:
            guard method == .post else { return forward(request) }
            let now = JSONValue.string(TimestampText.format(Int64(Date().timeIntervalSince1970 * 1000)))
            let keys = [resource.sync.createdAt, resource.sync.updatedAt].compactMap { $0 }
            return forward(request).mappingRecords { records in
                records.map { record in keys.reduce(record) { $0.renaming($1, to: $1) { _ in now } } }
            }

        case .insertsBeforeCheckingMembers:
            let response = forward(request)
            guard method == .post, response.status.code == 422,
                let error = (try? JSONParser().parse(response.body))?["error"], error["code"] == "invalid_reference",
                let key = error["field"]?.stringValue,
                resource.fields.first(where: { $0.key() == key })?.relation?.many == true
            else { return response }
            _ = forward(request.mappingBody { $0.removing([key]) })
            return response

        case .mintsIDsForEmptyStrings:
            let key = resource.identity.key
            guard method == .post, body?[key] == "" else { return forward(request) }
            return forward(
                request.mappingBody { body in
                    var minted = body
                    minted[key] = .string(UUID().uuidString.lowercased())
                    return minted
                })

        case .sortsTiesCaseInsensitively:
            guard isList, request.query.isEmpty, let order = resource.orderKey else { return forward(request) }
            let key = resource.identity.key
            return forward(request).mappingRecords { records in
                records.sorted { left, right in
                    let (a, b) = (left[order]?.numberValue?.doubleValue ?? 0, right[order]?.numberValue?.doubleValue ?? 0)
                    if a != b { return a < b }
                    return (Workbench.idText(left[key]) ?? "").lowercased() < (Workbench.idText(right[key]) ?? "").lowercased()
                }
            }

        case .ignoresNullOnToMany:
            guard method == .patch else { return forward(request) }
            let many = Set(resource.fields.filter { $0.relation?.many == true }.map { $0.key() })
            return forward(
                request.mappingBody { body in JSONObject(body.members.filter { !(many.contains($0.key) && $0.value.isNull) }) })

        case .bumpsRefusedPatches:
            let response = forward(request)
            guard method == .patch, response.status.code == 422 else { return response }
            _ = forward(request.mappingBody { _ in JSONObject() })
            return response

        default:
            return forward(request)
        }
    }

    /// The batch upload, broken for the upload breakages and forwarded otherwise.
    func breakingUpload(_ request: DialectRequest, store: RecordStore) -> DialectResponse {
        let isUpload = wrapped.contract.endpoints.contains {
            $0.kind == .syncUpload && $0.method == request.method.rawValue && $0.path.match(request.path) != nil
        }
        guard isUpload else { return wrapped.respond(to: request, store: store) }
        switch breakage {
        case .readsSnakeCaseUploadStamps:
            return wrapped.respond(to: request.mappingOperations { $0.renaming("updatedAt", to: "updated_at") }, store: store)
        case .appliesUploadTies, .rejectsDeletesOfAbsentIDs:
            let response = wrapped.respond(to: request, store: store)
            guard var answer = (try? JSONParser().parse(response.body))?.objectValue,
                let results = answer["results"]?.arrayValue?.compactMap(\.objectValue)
            else { return response }
            answer["results"] = .array(
                results.map { result in
                    var result = result
                    if breakage == .appliesUploadTies, result["status"] == "stale" {
                        result["status"] = "applied"
                        result["record"] = result["server"] ?? .null
                        result["server"] = nil
                    } else if breakage == .rejectsDeletesOfAbsentIDs, result["operation"] == "delete",
                        result["status"] == "applied", (result["record"] ?? .null).isNull
                    {
                        result = [
                            "operation": "delete", "type": result["type"] ?? .null, "id": result["id"] ?? .null,
                            "status": "rejected", "code": "not_found", "message": "no such record", "field": .null,
                        ]
                    }
                    return .object(result)
                })
            return .json(.object(answer), status: response.status.code)
        default:
            return wrapped.respond(to: request, store: store)
        }
    }

    static func error(_ status: Int, _ code: String, field: String?) -> DialectResponse {
        .json(
            ["error": ["code": .string(code), "message": "refused", "field": field.map(JSONValue.string) ?? .null]],
            status: status)
    }
}

extension DialectRequest {
    /// The request with each operation of an upload body rewritten.
    func mappingOperations(_ transform: (JSONObject) -> JSONObject) -> DialectRequest {
        mappingBody { body in
            var body = body
            let operations = body["operations"]?.arrayValue ?? []
            body["operations"] = .array(operations.map { $0.objectValue.map { .object(transform($0)) } ?? $0 })
            return body
        }
    }
}

extension JSONObject {
    /// The object without the members `keys` name.
    func removing(_ keys: Set<String>) -> JSONObject {
        JSONObject(members.filter { !keys.contains($0.key) })
    }
}

/// The versions deleted records had before their delete, for a backend that keeps them.
final class DeletedVersions: Sendable {
    private let versions = Mutex<[String: JSONValue]>([:])

    func keep(_ version: JSONValue, for id: String) {
        versions.withLock { $0[id] = version }
    }

    func version(of id: String) -> JSONValue? {
        versions.withLock { $0[id] }
    }
}
