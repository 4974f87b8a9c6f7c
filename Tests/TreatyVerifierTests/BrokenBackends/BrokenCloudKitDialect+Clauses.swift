import Foundation
import HTTPTypes
import TreatyDialect
import TreatyJSON

/// The breakages of one spec clause each (cloudkit.md): requests rewritten before the real
/// dialect sees them, answers after it wrote them.
extension BrokenCloudKitDialect {
    private static func error(_ code: String, status: Int) -> DialectResponse {
        .json(["uuid": "treaty-broken", "serverErrorCode": .string(code), "reason": "broken backend"], status: status)
    }

    private func body(_ request: DialectRequest) -> JSONObject {
        (try? JSONParser().parse(request.body).objectValue) ?? JSONObject()
    }

    private func operations(_ request: DialectRequest) -> [JSONObject] {
        (body(request)["operations"]?.arrayValue ?? []).compactMap(\.objectValue)
    }

    /// `operation` with every REFERENCE value of its record given the action NONE when it has none.
    private static func withReferenceActions(_ operation: JSONValue) -> JSONValue {
        guard var object = operation.objectValue, var record = object["record"]?.objectValue,
            var fields = record["fields"]?.objectValue
        else { return operation }
        for member in fields.members
        where member.value["type"] == "REFERENCE" && member.value["value"]?["action"] == nil {
            guard var field = member.value.objectValue, var value = field["value"]?.objectValue else { continue }
            value["action"] = "NONE"
            field["value"] = .object(value)
            fields[member.key] = .object(field)
        }
        record["fields"] = .object(fields)
        object["record"] = .object(record)
        return .object(object)
    }

    /// An answer the broken backend gives without asking the real dialect.
    func refusal(of request: DialectRequest) -> DialectResponse? {
        let modify = request.path.hasSuffix("/records/modify")
        switch breakage {
        case .refusesTextPlain where request.headers[.contentType] == "text/plain":
            return Self.error("BAD_REQUEST", status: 400)
        case .requiresRecordNames where modify && operations(request).contains { $0["record"]?["recordName"] == nil }:
            return .json(
                ["records": [["serverErrorCode": "BAD_REQUEST", "reason": "recordName required", "uuid": "u"]]],
                status: 200)
        case .refusesUntypedValues where modify:
            let untyped = operations(request).contains { operation in
                (operation["record"]?["fields"]?.objectValue?.members ?? []).contains { $0.value["type"] == nil }
            }
            return untyped
                ? .json(
                    ["records": [["serverErrorCode": "BAD_REQUEST", "reason": "type required", "uuid": "u"]]],
                    status: 200) : nil
        default:
            return nil
        }
    }

    /// The request as the broken backend misreads it.
    func rewritten(_ request: DialectRequest) -> DialectRequest {
        var request = request
        switch breakage {
        case .acceptsUnknownAPITokens:
            request.query = request.query.map { item in
                item.name == "ckAPIToken" && item.value.hasPrefix("treaty-unknown")
                    ? QueryItem(name: item.name, value: "gallery-api-token-0001") : item
            }
        case .ignoresNumbersAsStrings:
            request = request.mappingBody { $0.removingKey("numbersAsStrings") }
        case .sharesDataAcrossEnvironments:
            request.path = request.path.replacingOccurrences(of: "/production/", with: "/development/")
        case .truncatesLongBatches where request.path.hasSuffix("/records/modify"):
            request = request.mappingBody { body in
                var body = body
                body["operations"] = body["operations"]?.arrayValue.map { .array(Array($0.prefix(200))) }
                return body
            }
        case .acceptsReferencesWithoutAction where request.path.hasSuffix("/records/modify"):
            request = request.mappingBody { body in
                var body = body
                body["operations"] = body["operations"]?.arrayValue.map { operations in
                    .array(operations.map(Self.withReferenceActions))
                }
                return body
            }
        case .makesEveryBatchAtomic:
            request = request.mappingBody { body in
                var body = body
                if body["atomic"] == .bool(false) { body["atomic"] = true }
                return body
            }
        case .overwritesOnCreate, .updatesAsReplace, .deletesWithStaleTags, .ignoresNullValues,
            .acceptsTwoOperationsOnARecord,
            .ignoresOperationDesiredKeys, .replacesMissingRecords:
            guard request.path.hasSuffix("/records/modify") else { break }
            request = request.mappingBody(rewrittenModify)
        case .keepsOnlyTheLastFilter, .flipsInclusiveComparators, .readsNotInAsIn, .sortsDescendingByDefault,
            .readsListContainsAsNot:
            guard request.path.hasSuffix("/records/query") else { break }
            request = request.mappingBody(rewrittenQuery)
        default:
            break
        }
        return request
    }

    private func rewrittenModify(_ body: JSONObject) -> JSONObject {
        var body = body
        var seen = Set<String>()
        var operations: [JSONValue] = []
        for entry in body["operations"]?.arrayValue ?? [] {
            guard var operation = entry.objectValue else { continue }
            let type = operation["operationType"]?.stringValue ?? ""
            let name = operation["record"]?["recordName"]?.stringValue
            switch breakage {
            case .overwritesOnCreate where type == "create" && name != nil: operation["operationType"] = "forceReplace"
            case .updatesAsReplace where type == "update": operation["operationType"] = "replace"
            case .updatesAsReplace where type == "forceUpdate": operation["operationType"] = "forceReplace"
            case .deletesWithStaleTags where type == "delete": operation["operationType"] = "forceDelete"
            case .replacesMissingRecords where type == "replace": operation["operationType"] = "forceReplace"
            case .ignoresOperationDesiredKeys: operation["desiredKeys"] = nil
            case .ignoresNullValues:
                if var record = operation["record"]?.objectValue, let fields = record["fields"]?.objectValue {
                    record["fields"] = .object(JSONObject(fields.members.filter { $0.value["value"] != .null }))
                    operation["record"] = .object(record)
                }
            case .acceptsTwoOperationsOnARecord:
                if let name, !seen.insert(name).inserted { continue }
            default: break
            }
            operations.append(.object(operation))
        }
        body["operations"] = .array(operations)
        return body
    }

    private func rewrittenQuery(_ body: JSONObject) -> JSONObject {
        var body = body
        guard var query = body["query"]?.objectValue else { return body }
        var filters = query["filterBy"]?.arrayValue ?? []
        switch breakage {
        case .keepsOnlyTheLastFilter: filters = filters.suffix(1)
        case .flipsInclusiveComparators, .readsNotInAsIn, .readsListContainsAsNot:
            let renamed = [
                "LESS_THAN_OR_EQUALS": "LESS_THAN", "GREATER_THAN_OR_EQUALS": "GREATER_THAN", "NOT_IN": "IN",
                "LIST_CONTAINS": "NOT_LIST_CONTAINS",
            ]
            let mine: Set<String> =
                switch breakage {
                case .readsNotInAsIn: ["NOT_IN"]
                case .readsListContainsAsNot: ["LIST_CONTAINS"]
                default: ["LESS_THAN_OR_EQUALS", "GREATER_THAN_OR_EQUALS"]
                }
            filters = filters.map { filter in
                guard var object = filter.objectValue, let comparator = object["comparator"]?.stringValue,
                    let other = renamed[comparator], mine.contains(comparator)
                else { return filter }
                object["comparator"] = .string(other)
                return .object(object)
            }
        case .sortsDescendingByDefault:
            query["sortBy"] = query["sortBy"]?.arrayValue.map { sorts in
                .array(
                    sorts.map { sort in
                        guard var object = sort.objectValue, object["ascending"] == nil else { return sort }
                        object["ascending"] = false
                        return .object(object)
                    })
            }
        default: break
        }
        if query["filterBy"] != nil { query["filterBy"] = .array(filters) }
        body["query"] = .object(query)
        return body
    }

    /// The answer as the broken backend writes it.
    func rewritten(_ response: DialectResponse, for request: DialectRequest) -> DialectResponse {
        guard let json = try? JSONParser().parse(response.body), var answer = json.objectValue else { return response }
        let code = answer["serverErrorCode"]?.stringValue
        let path = request.path
        switch breakage {
        case .answers401WithoutWebAuth where response.status.code == 421:
            return Self.error("AUTHENTICATION_FAILED", status: 401)
        case .answersUnknownZonesWith400 where code == "ZONE_NOT_FOUND":
            return Self.error("BAD_REQUEST", status: 400)
        case .sortsUnsortableFields
        where path.hasSuffix("/records/query") && code == "BAD_REQUEST"
            && body(request)["query"]?["sortBy"] != nil:
            return .json(["records": []], status: 200)
        case .filtersUnindexedFields
        where path.hasSuffix("/records/query") && code == "BAD_REQUEST"
            && body(request)["query"]?["sortBy"] == nil:
            return .json(["records": []], status: 200)
        case .servesTheDefaultZoneFeed where path.hasSuffix("/records/changes") && code == "BAD_REQUEST":
            return .json(["records": [], "syncToken": "treaty", "moreComing": false], status: 200)
        case .omitsTheUserRecordName where path.hasSuffix("/users/current"):
            answer = answer.removingKey("userRecordName")
        case .hidesTheDefaultZone where path.hasSuffix("/zones/list"):
            answer["zones"] = answer["zones"]?.arrayValue.map {
                .array($0.filter { $0["zoneID"]?["zoneName"] != "_defaultZone" })
            }
        case .reversesLookups where path.hasSuffix("/records/lookup"):
            answer["records"] = answer["records"]?.arrayValue.map { .array($0.reversed()) }
        case .freezesModifiedTimestamps:
            answer["records"] = answer["records"]?.arrayValue.map { entries in
                .array(
                    entries.map { entry in
                        guard var object = entry.objectValue, let created = object["created"] else { return entry }
                        object["modified"] = created
                        return .object(object)
                    })
            }
        case .dropsTheDeletedFlag, .dropsErrorUUIDs:
            answer["records"] = answer["records"]?.arrayValue.map { entries in
                .array(
                    entries.map { entry in
                        guard let object = entry.objectValue else { return entry }
                        if breakage == .dropsTheDeletedFlag, object["deleted"] == .bool(true), object["fields"] == nil {
                            return .object(object.removingKey("deleted"))
                        }
                        if breakage == .dropsErrorUUIDs, object["serverErrorCode"] != nil {
                            return .object(object.removingKey("uuid"))
                        }
                        return entry
                    })
            }
        default:
            return response
        }
        var copy = response
        copy.body = JSONValue.object(answer).serializedBytes()
        return copy
    }
}

extension JSONObject {
    /// The object without member `key`.
    func removingKey(_ key: String) -> JSONObject {
        JSONObject(members.filter { $0.key != key })
    }
}
