import HTTPTypes
import TreatyCore
import TreatyDialect
import TreatyJSON

/// The FileMaker simulator with exactly one part of its wire format broken (a
/// ``FileMakerBreakage``): its answers are rewritten after the real dialect wrote them.
struct BrokenFileMakerDialect: Dialect {
    static let id = DialectID(rawValue: "filemaker")

    let breakage: FileMakerBreakage
    let wrapped: any Dialect
    /// The globals any session set, for ``FileMakerBreakage/sharesGlobalsAcrossSessions``.
    let globals = SharedGlobals()

    func failureResponse(for failure: SimulatorFailure) -> DialectResponse {
        wrapped.failureResponse(for: failure)
    }

    func respond(to request: DialectRequest, store: RecordStore) -> DialectResponse {
        if let refusal = refusal(of: request) { return refusal }
        let request = rewritten(request)
        var response = wrapped.respond(to: request, store: store)
        guard let json = try? JSONParser().parse(response.body), var envelope = json.objectValue else {
            return response
        }
        if breakage.breaksAClause {
            return rewritten(response, envelope: envelope, for: request)
        }
        switch breakage {
        case .sendsNumericCodes:
            let code = envelope["messages"]?.arrayValue?.first?.objectValue?["code"]?.stringValue ?? "0"
            envelope["messages"] = [["code": .number(JSONNumber(Int(code) ?? 0)), "message": "OK"]]
        case .answersErrorsWith200:
            if response.status.code >= 400 { response.status = .ok }
        default:
            guard var body = envelope["response"]?.objectValue, let data = body["data"]?.arrayValue else {
                return response
            }
            if breakage == .miscountsReturnedRecords, var info = body["dataInfo"]?.objectValue {
                info["returnedCount"] = .number(JSONNumber(data.count + 1))
                body["dataInfo"] = .object(info)
            }
            body["data"] = .array(data.map { rewrite($0) })
            envelope["response"] = .object(body)
        }
        response.body = JSONValue.object(envelope).serializedBytes()
        return response
    }

    private func rewrite(_ value: JSONValue) -> JSONValue {
        guard var record = value.objectValue, var fieldData = record["fieldData"]?.objectValue else { return value }
        switch breakage {
        case .sendsNumericRecordIDs:
            record["recordId"] = .number(JSONNumber(Int(record["recordId"]?.stringValue ?? "") ?? 0))
        case .dropsALayoutField:
            if let last = fieldData.keys.last { fieldData[last] = nil }
        case .sendsNumbersAsText:
            for member in fieldData.members {
                if case .number(let number) = member.value { fieldData[member.key] = .string(number.text) }
            }
        case .writesISODates:
            for member in fieldData.members {
                guard let text = member.value.stringValue, text.count == 10, text.dropFirst(2).hasPrefix("/") else {
                    continue
                }
                let parts = text.split(separator: "/")
                fieldData[member.key] = .string("\(parts[2])-\(parts[0])-\(parts[1])")
            }
        case .unqualifiesPortalFields:
            guard let portals = record["portalData"]?.objectValue else { break }
            var rewritten = JSONObject()
            for portal in portals.members {
                rewritten[portal.key] = .array(
                    (portal.value.arrayValue ?? []).map { row in
                        var object = JSONObject()
                        for member in row.objectValue?.members ?? [] {
                            object[String(member.key.split(separator: ":").last ?? Substring(member.key))] =
                                member.value
                        }
                        return .object(object)
                    })
            }
            record["portalData"] = .object(rewritten)
        case .emptiesThePrimaryKey:
            if fieldData["id"] != nil { fieldData["id"] = "" }
        default:
            break
        }
        record["fieldData"] = .object(fieldData)
        return .object(record)
    }
}
