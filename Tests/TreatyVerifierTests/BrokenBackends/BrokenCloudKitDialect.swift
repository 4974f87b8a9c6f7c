import HTTPTypes
import TreatyCore
import TreatyDialect
import TreatyJSON

/// The CloudKit simulator with exactly one part of CloudKit Web Services broken (a
/// ``CloudKitBreakage``): requests are rewritten before the real dialect sees them (change
/// tags, atomic), or answers after it wrote them.
struct BrokenCloudKitDialect: Dialect {
    static let id = DialectID(rawValue: "cloudkit")

    let breakage: CloudKitBreakage
    let wrapped: any Dialect

    func failureResponse(for failure: SimulatorFailure) -> DialectResponse {
        wrapped.failureResponse(for: failure)
    }

    func respond(to request: DialectRequest, store: RecordStore) -> DialectResponse {
        if breakage.breaksAClause {
            if let refusal = refusal(of: request) ?? zoneRefusal(of: request) { return refusal }
            let request = zoneRewritten(rewritten(request))
            return zoneRewritten(rewritten(wrapped.respond(to: request, store: store), for: request), for: request)
        }
        var request = request
        if request.path.hasSuffix("/records/modify"), var body = try? JSONParser().parse(request.body).objectValue {
            switch breakage {
            case .ignoresChangeTags:
                body["operations"] = .array(
                    (body["operations"]?.arrayValue ?? []).map { operation in
                        guard var object = operation.objectValue else { return operation }
                        let type = object["operationType"]?.stringValue ?? ""
                        let forced = ["update": "forceUpdate", "replace": "forceReplace", "delete": "forceDelete"][type]
                        if let forced { object["operationType"] = .string(forced) }
                        return .object(object)
                    })
            case .ignoresAtomic:
                body["atomic"] = false
            default: break
            }
            request.body = JSONValue.object(body).serializedBytes()
        }
        var response = wrapped.respond(to: request, store: store)
        if breakage == .answersErrorsWith200, response.status.code >= 400 {
            response.status = .ok
            return response
        }
        guard let json = try? JSONParser().parse(response.body), var answer = json.objectValue,
            let records = answer["records"]?.arrayValue
        else { return response }
        switch breakage {
        case .dropsContinuationMarkers: answer["continuationMarker"] = nil
        case .dropsDeletionsFromChanges:
            answer["records"] = .array(records.filter { $0["deleted"] != .bool(true) || $0["fields"] != nil })
        default: answer["records"] = .array(records.map(rewrite))
        }
        response.body = JSONValue.object(answer).serializedBytes()
        return response
    }

    private func rewrite(_ value: JSONValue) -> JSONValue {
        guard var record = value.objectValue, var fields = record["fields"]?.objectValue else { return value }
        switch breakage {
        case .dropsChangeTags: record["recordChangeTag"] = nil
        case .omitsFieldTypes:
            for member in fields.members {
                guard var field = member.value.objectValue else { continue }
                field["type"] = nil
                fields[member.key] = .object(field)
            }
        case .renamesFields:
            var renamed = JSONObject()
            for member in fields.members { renamed[member.key.prefix(1).uppercased() + member.key.dropFirst()] = member.value }
            fields = renamed
        case .sendsNullFields:
            if let first = fields.keys.first, var field = fields[first]?.objectValue {
                field["value"] = .null
                fields[first] = .object(field)
            }
        case .dropsReferenceActions:
            for member in fields.members where member.value["type"]?.stringValue == "REFERENCE" {
                guard var field = member.value.objectValue, var reference = field["value"]?.objectValue else { continue }
                reference["action"] = nil
                field["value"] = .object(reference)
                fields[member.key] = .object(field)
            }
        default: break
        }
        record["fields"] = .object(fields)
        return .object(record)
    }
}
