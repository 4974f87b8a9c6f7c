import Foundation
import HTTPTypes
import TreatyDialect
import TreatyJSON

/// The breakages of the clauses of zones, signatures, short GUIDs, value forms, reference actions,
/// forced operations and result limits (cloudkit.md §2–§8, §12), applied after those
/// of ``BrokenCloudKitDialect`` `+Clauses`.
extension BrokenCloudKitDialect {
    /// The key ID the gallery contract registers.
    private static let galleryKeyID = "gallery-server-key-01"

    /// An answer the broken backend gives without asking the real dialect.
    func zoneRefusal(of request: DialectRequest) -> DialectResponse? {
        guard breakage == .ignoresZoneDeletes, request.path.hasSuffix("/zones/modify"),
            let operations = (try? JSONParser().parse(request.body))?["operations"]?.arrayValue,
            operations.allSatisfy({ $0["operationType"] == "delete" })
        else { return nil }
        let zones = operations.map { JSONValue.object(["zoneID": $0["zone"]?["zoneID"] ?? .null, "deleted": true]) }
        return .json(["zones": .array(zones)], status: 200)
    }

    /// The request as the broken backend misreads it.
    func zoneRewritten(_ request: DialectRequest) -> DialectRequest {
        var request = request
        let path = request.path
        switch breakage {
        case .trustsUnknownServerKeys, .skipsSignatureChecks:
            guard let keyID = request.headers[HTTPField.Name("X-Apple-CloudKit-Request-KeyID")!],
                (keyID == Self.galleryKeyID) == (breakage == .skipsSignatureChecks)
            else { break }
            for name in ["KeyID", "ISO8601Date", "SignatureV1"] {
                request.headers[HTTPField.Name("X-Apple-CloudKit-Request-\(name)")!] = nil
            }
            request.query.append(QueryItem(name: "ckAPIToken", value: "gallery-api-token-0001"))
        case .ignoresCreateShortGUID, .treatsValidateAsNone, .treatsDeleteSelfAsNone, .acceptsAssetsWithoutReceipts,
            .checksTagsOnForceReplace, .checksTagsOnForceDelete:
            guard path.hasSuffix("/records/modify") else { break }
            request = request.mappingBody { body in
                var body = body
                body["operations"] = body["operations"]?.arrayValue.map { .array($0.map(misread)) }
                return body
            }
        case .pagesByHundredByDefault where path.hasSuffix("/records/query"):
            request = request.mappingBody { body in
                var body = body
                if body["resultsLimit"] == nil { body["resultsLimit"] = 100 }
                return body
            }
        case .ignoresZoneWide where path.hasSuffix("/records/query"):
            request = request.mappingBody { $0.removingKey("zoneWide") }
        case .searchesEveryZoneWithAZoneID where path.hasSuffix("/records/query"):
            request = request.mappingBody { $0["zoneWide"] == .bool(true) ? $0.removingKey("zoneID") : $0 }
        default:
            break
        }
        return request
    }

    /// A records/modify operation as the broken backend misreads it.
    private func misread(_ operation: JSONValue) -> JSONValue {
        guard var object = operation.objectValue else { return operation }
        switch (breakage, object["operationType"]?.stringValue) {
        case (.checksTagsOnForceReplace, "forceReplace"): object["operationType"] = "replace"
        case (.checksTagsOnForceDelete, "forceDelete"): object["operationType"] = "delete"
        default: break
        }
        guard var record = object["record"]?.objectValue, var fields = record["fields"]?.objectValue else {
            return .object(object)
        }
        if breakage == .ignoresCreateShortGUID { record = record.removingKey("createShortGUID") }
        for member in fields.members {
            guard var field = member.value.objectValue, var value = field["value"]?.objectValue else { continue }
            switch breakage {
            case .treatsValidateAsNone where value["action"] == "VALIDATE",
                .treatsDeleteSelfAsNone where value["action"] == "DELETE_SELF":
                value["action"] = "NONE"
                field["value"] = .object(value)
                fields[member.key] = .object(field)
            case .acceptsAssetsWithoutReceipts where field["type"] == "ASSETID" && value["receipt"] == nil:
                fields = fields.removingKey(member.key)
            default:
                break
            }
        }
        record["fields"] = .object(fields)
        object["record"] = .object(record)
        return .object(object)
    }

    /// The answer as the broken backend writes it.
    func zoneRewritten(_ response: DialectResponse, for request: DialectRequest) -> DialectResponse {
        var copy = response
        if breakage == .sendsEveryErrorAs400, response.status.code > 400 {
            copy.status = .badRequest
            return copy
        }
        guard let json = try? JSONParser().parse(response.body), var answer = json.objectValue else { return response }
        let path = request.path
        switch breakage {
        case .sendsTimestampsInSeconds, .roundsDoubles:
            answer["records"] = answer["records"]?.arrayValue.map { .array($0.map(misrendered)) }
        case .dropsDeletedZonesFromChanges where path.hasSuffix("/zones/changes"):
            answer["zones"] = answer["zones"]?.arrayValue.map { .array($0.filter { $0["deleted"] != .bool(true) }) }
        case .startsChangeFeedsNow where path.hasSuffix("/records/changes"):
            guard (try? JSONParser().parse(request.body))?["syncToken"] == nil else { return response }
            answer["records"] = []
        default:
            return response
        }
        copy.body = JSONValue.object(answer).serializedBytes()
        return copy
    }

    /// A record with its TIMESTAMP values in seconds, or its DOUBLE values rounded.
    private func misrendered(_ entry: JSONValue) -> JSONValue {
        guard var record = entry.objectValue, var fields = record["fields"]?.objectValue else { return entry }
        for member in fields.members {
            guard var field = member.value.objectValue, let number = field["value"]?.numberValue else { continue }
            switch (breakage, field["type"]?.stringValue) {
            case (.sendsTimestampsInSeconds, "TIMESTAMP"):
                field["value"] = .number(JSONNumber((number.int64Value ?? 0) / 1000))
            case (.roundsDoubles, "DOUBLE"): field["value"] = .number(JSONNumber(Int64(number.doubleValue.rounded())))
            default: continue
            }
            fields[member.key] = .object(field)
        }
        record["fields"] = .object(fields)
        return .object(record)
    }
}
