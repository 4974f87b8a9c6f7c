import Foundation
import HTTPTypes
import Synchronization
import TreatyCore
import TreatyDialect
import TreatyJSON

@testable import TreatyREST

/// The rest-sync simulator with exactly one behaviour broken (a ``Breakage``): requests are
/// rewritten before the real ``RESTDialect`` sees them, or its responses after — the way a
/// real backend's serializer or handler gets one thing wrong.
struct BrokenDialect: Dialect {
    static let id = RESTDialect.id

    let breakage: Breakage
    let wrapped: RESTDialect
    /// Per-record write counts, for ``Breakage/countsVersionsPerRecord``.
    let versions = VersionCounter()
    /// The versions records had before a delete, for ``Breakage/keepsVersionOnDelete``.
    let deletedVersions = DeletedVersions()

    init(_ breakage: Breakage, wrapping dialect: RESTDialect) {
        self.breakage = breakage
        self.wrapped = dialect
    }

    func failureResponse(for failure: SimulatorFailure) -> DialectResponse {
        wrapped.failureResponse(for: failure)
    }

    func respond(to request: DialectRequest, store: RecordStore) -> DialectResponse {
        guard let route = Route(request, contract: wrapped.contract) else {
            return breakingUpload(request, store: store)
        }
        let forward = { (request: DialectRequest) in wrapped.respond(to: request, store: store) }
        let method = request.method
        let isList = method == .get && route.endpoint.returns == .list
        switch breakage {
        case .requiresBodyParent, .ignoresCreatedAtChanges, .refusesUnchangedImmutableKeys, .mergesToManyLists,
            .keepsVersionOnDelete, .patchesTombstones, .sortsFeedsByID, .stampsCursorWithServerTime,
            .dropsCursorOnEmptyFeeds, .sendsCursorOnFullLists, .ignoresMalformedVersionCursors, .listsUnknownParentsEmpty,
            .refusesNonObjectBodiesAsMalformed, .labelsListsAsText, .refusesTitlesAtTheLimit,
            .checksTimestampsAfterDuplicateIDs, .answersServerTimeOnCreate, .insertsBeforeCheckingMembers,
            .mintsIDsForEmptyStrings, .sortsTiesCaseInsensitively, .ignoresNullOnToMany, .bumpsRefusedPatches,
            .appliesUploadTies, .rejectsDeletesOfAbsentIDs, .readsSnakeCaseUploadStamps:
            return breakingClause(request, route: route, store: store)

        case .dropsExplicitNulls:
            return forward(request).mappingRecords { $0.map { $0.removingNulls() } }

        case .camelCasesAKey:
            return forward(request).mappingRecords { $0.map { $0.renaming("display_name", to: "displayName") } }

        case .numbersSomeIDs:
            guard isList else { return forward(request) }
            let key = route.resource.identity.key
            return forward(request).mappingRecords { records in
                records.enumerated().map { index, record in
                    index.isMultiple(of: 2) ? record : record.renaming(key, to: key) { _ in .number(JSONNumber(index)) }
                }
            }

        case .mixesRelationShapes:
            guard isList else { return forward(request) }
            return forward(request).mappingRecords { records in
                var assigned = 0
                return records.map { record in
                    guard case .string? = record["assignee_id"] else { return record }
                    assigned += 1
                    guard assigned.isMultiple(of: 2) else { return record }
                    return record.renaming("assignee_id", to: "assignee") { id in .object(["id": id]) }
                }
            }

        case .ignoresNullInPatch:
            guard method == .patch else { return forward(request) }
            return forward(request.mappingBody { $0.removingNulls() })

        case .clearsMissingKeysInPatch:
            guard method == .patch else { return forward(request) }
            let optional = route.resource.fields.filter { field in
                !field.required && !field.immutable && (field.nullable || field.relation?.shape == .foreignKey)
            }
            return forward(
                request.mappingBody { body in
                    var body = body
                    for field in optional where body[field.key()] == nil {
                        body[field.key()] = field.relation?.many == true ? .array([]) : .null
                    }
                    return body
                })

        case .acceptsDuplicateIDs:
            let key = route.resource.identity.key
            guard method == .post, let body = try? JSONParser().parse(request.body).objectValue,
                let id = body[key]?.stringValue,
                store.dump(route.resource.name)?.contains(where: { $0[key]?.stringValue == id }) == true
            else { return forward(request) }
            return .json(.object(body), status: 201)

        case .leaksOtherParentsRecords:
            let response = forward(request)
            guard method == .get, route.endpoint.returns == .one, response.status == .notFound, let id = route.id,
                let record = try? store.get(route.resource.name, id: id)
            else { return response }
            return .json(.object(record), status: 200)

        case .forgetsUpdatedAtBumps:
            guard method == .patch, let key = route.resource.sync.updatedAt, let id = route.id,
                let previous = try? store.get(route.resource.name, id: id)[key]
            else { return forward(request) }
            return forward(request).mappingRecords { records in
                records.map { record in record.renaming(key, to: key) { _ in previous } }
            }

        case .dropsTombstones:
            guard isList, let key = route.resource.sync.tombstone else { return forward(request) }
            return forward(request).mappingRecords { records in records.filter { ($0[key] ?? .null).isNull } }

        case .appliesValidKeysOfRefusedPatch:
            guard method == .patch else { return forward(request) }
            let response = forward(request)
            guard response.status.code == 422 else { return response }
            _ = forward(
                request.mappingBody {
                    JSONObject($0.removingNulls().members.filter { $0.value != "treaty-not-allowed" })
                })
            return response

        case .checksDuplicateIDsFirst:
            let key = route.resource.identity.key
            guard method == .post, let body = try? JSONParser().parse(request.body).objectValue,
                let id = body[key]?.stringValue,
                store.dump(route.resource.name)?.contains(where: { $0[key]?.stringValue == id }) == true
            else { return forward(request) }
            return .json(
                ["error": ["code": "duplicate_id", "message": "the id is in use", "field": .string(key)]], status: 422)

        case .acceptsBlankText:
            guard method == .post || method == .patch else { return forward(request) }
            return forward(
                request.mappingBody { body in
                    var body = body
                    for member in body.members where member.value.stringValue?.allSatisfy({ $0 == " " }) == true {
                        body[member.key] = .string(member.value.stringValue.map { "blank" + $0 } ?? "blank")
                    }
                    return body
                })

        case .countsVersionsPerRecord:
            guard let key = route.resource.sync.version, method != .get else { return forward(request) }
            let response = forward(request)
            return response.mappingRecords { records in
                records.map { record in
                    record.renaming(key, to: key) { _ in
                        .number(JSONNumber(versions.next(record[route.resource.identity.key])))
                    }
                }
            }

        case .refusesWholeSecondTimestamps:
            guard method == .post, let key = route.resource.sync.createdAt,
                let stamp = (try? JSONParser().parse(request.body))?.objectValue?[key]?.stringValue,
                !stamp.contains(".")
            else { return forward(request) }
            return .json(
                ["error": ["code": "invalid_value", "message": "no milliseconds", "field": .string(key)]], status: 422)

        case .ignoresCursorSynonym:
            guard method == .get else { return forward(request) }
            var stripped = request
            stripped.query.removeAll { $0.name == "since" }
            return forward(stripped)

        case .ignoresMalformedCursors:
            guard method == .get else { return forward(request) }
            var lenient = request
            lenient.query.removeAll {
                $0.name != "since_version" && TimestampText.milliseconds($0.value) == nil && !$0.value.isEmpty
            }
            return forward(lenient)

        case .answersExpiredCursors:
            let response = forward(request)
            guard response.status == .gone else { return response }
            var lenient = request
            lenient.query.removeAll { ["since", "updated_after", "since_version"].contains($0.name) }
            return forward(lenient)

        case .truncatesFullLists:
            let response = forward(request)
            guard method == .get, request.query.isEmpty else { return response }
            return response.mappingRecords { Array($0.prefix(20)) }

        case .leaksInternalRowIDs:
            var row = 0
            return forward(request).mappingRecords { records in
                records.map { record in
                    row += 1
                    return JSONObject(record.members + [.init(key: "local_id", value: .number(JSONNumber(row)))])
                }
            }

        case .unsortsIDLists:
            return forward(request).mappingRecords { records in
                records.map { record in
                    JSONObject(
                        record.members.map { member in
                            guard member.key.hasSuffix("_ids"), case .array(let ids) = member.value else {
                                return member
                            }
                            return .init(key: member.key, value: .array(ids.reversed()))
                        })
                }
            }

        case .reversesListOrder:
            guard isList, request.query.isEmpty else { return forward(request) }
            return forward(request).mappingRecords { $0.reversed() }

        case .ignoresEmptyListInPatch:
            guard method == .patch else { return forward(request) }
            return forward(request.mappingBody { body in JSONObject(body.members.filter { $0.value != .array([]) }) })

        case .mintsMissingIDs:
            let key = route.resource.identity.key
            guard method == .post else { return forward(request) }
            return forward(
                request.mappingBody { body in
                    guard body[key] == nil else { return body }
                    var minted = body
                    minted[key] = .string(UUID().uuidString)
                    return minted
                })

        case .dropsNullOnRequiredFields:
            guard method == .patch else { return forward(request) }
            let required = Set(route.resource.fields.filter { $0.required && !$0.nullable }.map { $0.key() })
            return forward(
                request.mappingBody { body in
                    JSONObject(body.members.filter { !(required.contains($0.key) && $0.value == .null) })
                })

        case .restampsClientTimestamps:
            let keys = [route.resource.sync.createdAt, route.resource.sync.updatedAt].compactMap { $0 }
            guard method == .post else { return forward(request) }
            let now = JSONValue.string(TimestampText.format(Int64(Date().timeIntervalSince1970 * 1000)))
            return forward(
                request.mappingBody { body in
                    var stamped = body
                    for key in keys where body[key] != nil { stamped[key] = now }
                    return stamped
                })

        case .lowercasesIDs:
            let key = route.resource.identity.key
            guard method == .post else { return forward(request) }
            return forward(request).mappingRecords { records in
                records.map { record in
                    record.renaming(key, to: key) { id in id.stringValue.map { .string($0.lowercased()) } ?? id }
                }
            }

        case .dropsIDSuffix:
            return forward(request).mappingRecords { $0.map { $0.renaming("assignee_id", to: "assignee") } }

        case .misstatesListParent:
            guard isList, let scope = route.resource.scope else { return forward(request) }
            return forward(request).mappingRecords { records in
                records.map { record in
                    record.renaming(scope.key, to: scope.key) { _ in "00000000-0000-0000-0000-000000000000" }
                }
            }

        case .overridesBodyParent:
            guard method == .post, let scope = route.resource.scope, let parent = route.parameters[scope.key] else {
                return forward(request)
            }
            return forward(
                request.mappingBody { body in
                    var adjusted = body
                    adjusted[scope.key] = .string(parent)
                    return adjusted
                })

        case .listsTombstones:
            let response = forward(request)
            guard isList, request.query.isEmpty, let tombstone = route.resource.sync.tombstone else { return response }
            let parent = route.resource.scope.flatMap { scope in route.parameters[scope.key].map { (scope.key, $0) } }
            let deleted = (store.dump(route.resource.name) ?? []).filter { record in
                guard let stamp = record[tombstone], stamp != .null else { return false }
                return parent.map { record[$0.0] == .string($0.1) } ?? true
            }
            return response.mappingRecords { $0 + deleted }

        case .nestsEveryRelation:
            return forward(request).mappingRecords { records in
                records.map { record in
                    guard case .string? = record["assignee_id"] else { return record }
                    return record.renaming("assignee_id", to: "assignee") { id in .object(["id": id]) }
                }
            }

        case .clearsUnknownReferences:
            let response = forward(request)
            guard method == .post, response.status.code == 422,
                let error = (try? JSONParser().parse(response.body))?["error"],
                error["code"] == "invalid_reference", let key = error["field"]?.stringValue
            else { return response }
            let many = route.resource.fields.first { $0.key() == key }?.relation?.many == true
            return forward(
                request.mappingBody { body in
                    var cleared = body
                    cleared[key] = many ? .array([]) : .null
                    return cleared
                })

        case .requiresSortedIDLists:
            guard method == .patch, let body = (try? JSONParser().parse(request.body))?.objectValue else {
                return forward(request)
            }
            for member in body.members where member.key.hasSuffix("_ids") {
                guard case .array(let ids) = member.value else { continue }
                let texts = ids.compactMap(\.stringValue)
                guard texts == texts.sorted() else {
                    return .json(
                        [
                            "error": [
                                "code": "invalid_value", "message": "ids out of order", "field": .string(member.key),
                            ]
                        ],
                        status: 422)
                }
            }
            return forward(request)

        case .crashesOnMalformedJSON:
            guard !request.body.isEmpty, (try? JSONParser().parse(request.body)) == nil else { return forward(request) }
            return DialectResponse(status: .internalServerError, body: Array("Internal Server Error".utf8))

        case .flattensErrorBodies:
            var response = forward(request)
            guard response.status.code >= 400,
                let message = (try? JSONParser().parse(response.body)).flatMap({
                    $0.objectValue?["error"]?.objectValue?["message"]
                })
            else { return response }
            response.body = JSONValue.object(["message": message]).serializedBytes()
            return response

        case .wrapsRecordsInArrays:
            var response = forward(request)
            guard method == .get, route.endpoint.returns == .one, response.status.code == 200,
                let record = try? JSONParser().parse(response.body)
            else { return response }
            response.body = JSONValue.array([record]).serializedBytes()
            return response

        case .sendsTitlesAsNumbers:
            guard route.resource.name == "task" else { return forward(request) }
            return forward(request).mappingRecords { records in
                records.map { $0.renaming("title", to: "title") { .number(JSONNumber($0.stringValue?.count ?? 0)) } }
            }

        case .sendsUndeclaredStates:
            guard route.resource.name == "task" else { return forward(request) }
            return forward(request).mappingRecords { records in
                records.map { $0.renaming("state", to: "state") { _ in "archived" } }
            }
        }
    }
}

/// Counts the answers carrying each record, for a backend that numbers versions per record.
final class VersionCounter: Sendable {
    private let counts = Mutex<[String: Int]>([:])

    func next(_ id: JSONValue?) -> Int {
        let key = id?.stringValue ?? id.map { $0.serialized() } ?? ""
        return counts.withLock { counts in
            counts[key, default: 0] += 1
            return counts[key] ?? 1
        }
    }
}
