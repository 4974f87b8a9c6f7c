import HTTPTypes
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyREST

/// The rest-sync simulator with exactly one behaviour broken (a ``Breakage``): requests are
/// rewritten before the real ``RESTDialect`` sees them, or its responses after — the way a
/// real backend's serializer or handler gets one thing wrong.
struct BrokenDialect: Dialect {
    static let id = RESTDialect.id

    let breakage: Breakage
    let wrapped: RESTDialect

    init(_ breakage: Breakage, wrapping dialect: RESTDialect) {
        self.breakage = breakage
        self.wrapped = dialect
    }

    func failureResponse(for failure: SimulatorFailure) -> DialectResponse {
        wrapped.failureResponse(for: failure)
    }

    func respond(to request: DialectRequest, store: RecordStore) -> DialectResponse {
        guard let route = Route(request, contract: wrapped.contract) else {
            return wrapped.respond(to: request, store: store)
        }
        let forward = { (request: DialectRequest) in wrapped.respond(to: request, store: store) }
        let method = request.method
        let isList = method == .get && route.endpoint.returns == .list
        switch breakage {
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

        case .flattensErrorBodies:
            var response = forward(request)
            guard response.status.code >= 400,
                let message = (try? JSONParser().parse(response.body)).flatMap({ $0.objectValue?["error"]?.objectValue?["message"] })
            else { return response }
            response.body = JSONValue.object(["message": message]).serializedBytes()
            return response
        }
    }
}
