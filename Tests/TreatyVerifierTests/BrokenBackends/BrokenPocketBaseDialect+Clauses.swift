import Foundation
import HTTPTypes
import TreatyCore
import TreatyDialect
import TreatyJSON

/// The breakages of one clause of pocketbase.md each, whose answers keep their shape.
extension BrokenPocketBaseDialect {
    /// The broken answer to `request`, or `nil` when the breakage leaves it to the wrapped dialect.
    func breakingClause(_ request: DialectRequest, isRecords: Bool, store: RecordStore) -> DialectResponse? {
        let forward = { (request: DialectRequest) in wrapped.respond(to: request, store: store) }
        let isList = isRecords && request.method == .get && request.path.hasSuffix("/records")
        var changed = request
        switch breakage {
        case .ignoresSkipTotal where isList:
            changed.query.removeAll { $0.name == "skipTotal" }
            return forward(changed)
        case .capsPerPageAt500 where isList:
            changed.query = request.query.map { item in
                guard item.name == "perPage", let number = Int(item.value), number > 500 else { return item }
                var capped = item
                capped.value = "500"
                return capped
            }
            return forward(changed)
        case .sortsUnsortedListsByID where isList && !request.query.contains(where: { $0.name == "sort" }):
            changed.query.append(QueryItem(name: "sort", value: "id"))
            return forward(changed)
        case .ignoresUnknownSortFields where isList:
            let response = forward(request)
            guard response.status.code == 400 else { return response }
            changed.query.removeAll { $0.name == "sort" }
            return forward(changed)
        case .reportsOnePageWhenEmpty where isList:
            return Self.rewriting(forward(request)) { object in
                if object["totalItems"] == .number(JSONNumber(0)) { object["totalPages"] = .number(JSONNumber(1)) }
            }
        case .ignoresClientIDs where isRecords && request.method == .post:
            return forward(request.removingBodyKey("id"))
        case .acceptsIDChanges where isRecords && request.method == .patch:
            return forward(request.removingBodyKey("id"))
        case .keepsUpdatedOnEmptyPatch
        where isRecords && request.method == .patch && (try? JSONParser().parse(request.body)) == .object(JSONObject()):
            changed.method = .get
            changed.body = []
            return forward(changed)
        case .storesClientTimestamps where isRecords && request.method == .post:
            let body = (try? JSONParser().parse(request.body))?.objectValue ?? JSONObject()
            return Self.rewriting(forward(request)) { object in
                for key in ["created", "updated"] where body[key] != nil && object[key] != nil { object[key] = body[key] }
            }
        case .reportsShortIDsAsInvalidFormat:
            return Self.rewriting(forward(request)) { object in
                guard var data = object["data"]?.objectValue, var id = data["id"]?.objectValue,
                    id["code"] == "validation_min_text_constraint"
                else { return }
                id["code"] = "validation_invalid_format"
                data["id"] = .object(id)
                object["data"] = .object(data)
            }
        case .rewordsNotFound:
            let response = forward(request)
            guard response.status.code == 404 else { return response }
            return Self.rewriting(response) { $0["message"] = "Not found." }
        case .addsCharsetToContentType:
            var response = forward(request)
            guard response.headers[.contentType] == "application/json" else { return response }
            response.headers[.contentType] = "application/json; charset=utf-8"
            return response
        case .storesTextNumbersAsZero where isRecords && request.method == .post:
            return forward(
                request.mappingBody { body in
                    JSONObject(
                        body.members.map { member in
                            guard member.key == "views", member.value.stringValue != nil else { return member }
                            return .init(key: member.key, value: .number(JSONNumber(0)))
                        })
                })
        case .ignoresNullInPatch where isRecords && request.method == .patch:
            return forward(request.mappingBody { JSONObject($0.members.filter { !$0.value.isNull }) })
        case .ignoresAppendModifiers where isRecords && request.method == .patch:
            return forward(
                request.mappingBody { JSONObject($0.members.filter { !$0.key.hasSuffix("+") && !$0.key.hasSuffix("-") }) })
        case .answersEmptyExpandForUnknownNames
        where isRecords && request.query.contains(where: { $0.name == "expand" }):
            return Self.rewriting(forward(request)) { object in
                if object["expand"] == nil, object["collectionName"] != nil { object["expand"] = .object(JSONObject()) }
            }
        case .acceptsWrongPasswords where request.path.hasSuffix("/auth-with-password"):
            let response = forward(request)
            guard response.status.code == 400,
                (try? JSONParser().parse(response.body))?["message"] == "Failed to authenticate."
            else { return response }
            return .json(["token": "treaty-forged-token", "record": .object(JSONObject())], status: 200)
        case .refreshesForeignTokens where request.path.hasSuffix("/auth-refresh"):
            let response = forward(request)
            guard response.status.code == 403 else { return response }
            return .json(["token": "treaty-forged-token", "record": .object(JSONObject())], status: 200)
        default:
            return nil
        }
    }

    /// The response with its JSON object body changed by `change`.
    static func rewriting(_ response: DialectResponse, _ change: (inout JSONObject) -> Void) -> DialectResponse {
        guard var object = (try? JSONParser().parse(response.body))?.objectValue else { return response }
        change(&object)
        var copy = response
        copy.body = JSONValue.object(object).serializedBytes()
        copy.headers[.contentLength] = nil
        return copy
    }
}

extension DialectRequest {
    /// The request without the member `key` of its JSON object body.
    func removingBodyKey(_ key: String) -> DialectRequest {
        guard var object = (try? JSONParser().parse(body))?.objectValue else { return self }
        object[key] = nil
        var copy = self
        copy.body = JSONValue.object(object).serializedBytes()
        return copy
    }
}
