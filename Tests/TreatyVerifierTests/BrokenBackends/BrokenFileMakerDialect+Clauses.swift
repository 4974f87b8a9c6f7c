import Foundation
import HTTPTypes
import Synchronization
import TreatyDialect
import TreatyJSON

@testable import TreatyFileMaker

/// Global field values any session set, shared by every session of a broken backend.
final class SharedGlobals: Sendable {
    let values = Mutex<[String: JSONValue]>([:])
}

/// The breakages of one spec clause each (filemaker.md): requests rewritten before the real
/// dialect sees them, answers after it wrote them.
extension BrokenFileMakerDialect {
    private static func envelope(_ code: Int, _ message: String, status: Int, response: JSONObject = JSONObject())
        -> DialectResponse
    {
        .json(
            [
                "response": .object(response),
                "messages": [["code": .string(String(code)), "message": .string(message)]],
            ], status: status)
    }

    private func isFind(_ request: DialectRequest) -> Bool {
        request.method == .post && request.path.hasSuffix("/_find")
    }

    /// An answer the broken backend gives without asking the real dialect.
    func refusal(of request: DialectRequest) -> DialectResponse? {
        let bearer = request.headers[.authorization]?.hasPrefix("Bearer ") == true
        switch breakage {
        case .refusesVersionOne where request.path.hasPrefix("/fmi/data/v1/"):
            return Self.envelope(3, "Command is unavailable", status: 404)
        case .requiresBearerToLogOut where request.method == .delete && request.path.contains("/sessions/") && !bearer:
            return Self.envelope(952, "Invalid FileMaker Data API token (*)", status: 401)
        case .requiresAuthForProductInfo where request.path.hasSuffix("/productInfo") && !bearer:
            return Self.envelope(952, "Invalid FileMaker Data API token (*)", status: 401)
        case .startsAnOmitFromNothing where isFind(request):
            let first = (try? JSONParser().parse(request.body))?["query"]?.arrayValue?.first?["omit"]
            guard first == .bool(true) || first == "true" else { return nil }
            return Self.envelope(401, "No records match the request", status: 500)
        default:
            return nil
        }
    }

    /// The request as the broken backend misreads it.
    func rewritten(_ request: DialectRequest) -> DialectRequest {
        var request = request
        switch breakage {
        case .acceptsAnyContentType where !(request.headers[.contentType] ?? "").hasPrefix("multipart/"):
            request.headers[.contentType] = "application/json"
        case .ignoresPortalPaging:
            request.query.removeAll { $0.name.hasPrefix("_offset.") || $0.name.hasPrefix("_limit.") }
        case .ignoresLayoutResponse:
            request.query.removeAll { $0.name == "layout.response" }
            request = request.mappingBody { $0.without { $0 == "layout.response" } }
        case .ignoresDateFormats:
            request.query.removeAll { $0.name == "dateformats" }
            request = request.mappingBody { $0.without { $0 == "dateformats" } }
        case .ignoresUnknownParameters where request.method == .get:
            request.query.removeAll { item in
                !FileMakerDialect.rangeQueryKeys.contains(item.name) && !item.name.hasPrefix("_offset.")
                    && !item.name.hasPrefix("_limit.")
            }
        case .ignoresUnknownFindKeys where isFind(request):
            request = request.mappingBody { $0.without { !FileMakerDialect.findKeys.contains($0) } }
        case .defaultsToFiftyRecords where request.method == .get && request.path.hasSuffix("/records"):
            if request.queryValue("_limit") == nil { request.query.append(QueryItem(name: "_limit", value: "50")) }
        case .clearsFieldsAnEditLeavesOut
        where request.method == .patch && request.path.contains("/layouts/Artists/records/"):
            request = request.mappingBody { body in
                var body = body
                var fieldData = body["fieldData"]?.objectValue ?? JSONObject()
                if fieldData["lastName"] == nil { fieldData["lastName"] = "" }
                body["fieldData"] = .object(fieldData)
                return body
            }
        case .ignoresDeleteRelated where request.method == .patch:
            request = request.mappingBody { body in
                var body = body
                body["fieldData"] = body["fieldData"]?.objectValue.map { .object($0.without { $0 == "deleteRelated" }) }
                return body
            }
        case .writesEveryRepetitionToTheFirst where request.method == .post:
            request = request.mappingBody { body in
                var body = body
                body["fieldData"] = body["fieldData"]?.objectValue.map { fieldData in
                    var written = JSONObject()
                    for member in fieldData.members {
                        let (name, repetition) = FileMakerRepetition.parse(member.key)
                        written[repetition > 1 ? "\(name)(1)" : member.key] = member.value
                    }
                    return .object(written)
                }
                return body
            }
        case .takesAnyPartAsTheUpload where request.path.contains("/containers/"):
            let text = String(decoding: request.body, as: UTF8.self)
            request.body = Array(text.replacingOccurrences(of: "name=\"file\"", with: "name=\"upload\"").utf8)
        case .ignoresBooleanOmits, .findsOnlyTheLastRequest, .flipsInclusiveComparisons, .excludesRangeEnds,
            .matchesWholeWordsAsWordStarts, .matchesExactFieldsAsWholeWords, .ignoresValueListSortOrders:
            guard isFind(request) else { break }
            request = request.mappingBody(rewrittenFind)
        default:
            break
        }
        if breakage == .sharesGlobalsAcrossSessions, request.method == .patch, request.path.hasSuffix("/globals"),
            let fields = (try? JSONParser().parse(request.body))?["globalFields"]?.objectValue
        {
            globals.values.withLock { values in
                for member in fields.members {
                    values[String(member.key.split(separator: ":").last ?? "")] = member.value
                }
            }
        }
        return request
    }

    private func rewrittenFind(_ body: JSONObject) -> JSONObject {
        var body = body
        var requests = (body["query"]?.arrayValue ?? []).compactMap(\.objectValue)
        switch breakage {
        case .ignoresBooleanOmits:
            requests = requests.map { $0["omit"] == .bool(true) ? $0.without { $0 == "omit" } : $0 }
        case .findsOnlyTheLastRequest:
            let finds = requests.filter { $0["omit"] == nil }
            if finds.count > 1 { requests = requests.filter { $0["omit"] != nil } + [finds[finds.count - 1]] }
        case .ignoresValueListSortOrders:
            body["sort"] = body["sort"]?.arrayValue.map { sorts in
                .array(
                    sorts.map { sort in
                        guard var object = sort.objectValue, let order = object["sortOrder"]?.stringValue,
                            !["ascend", "descend"].contains(order)
                        else { return sort }
                        object["sortOrder"] = "ascend"
                        return .object(object)
                    })
            }
        default:
            requests = requests.map { request in
                JSONObject(
                    request.members.map { member in
                        guard let text = member.value.stringValue else { return member }
                        return .init(key: member.key, value: .string(rewrittenCriterion(text)))
                    })
            }
        }
        body["query"] = .array(requests.map(JSONValue.object))
        return body
    }

    private func rewrittenCriterion(_ text: String) -> String {
        switch breakage {
        case .flipsInclusiveComparisons:
            return text.replacingOccurrences(of: ">=", with: ">").replacingOccurrences(of: "<=", with: "<")
        case .excludesRangeEnds:
            let ends = text.components(separatedBy: "...").compactMap { Int($0) }
            return ends.count == 2 ? "\(ends[0] + 1)...\(ends[1] - 1)" : text
        case .matchesWholeWordsAsWordStarts where text.hasPrefix("=") && !text.hasPrefix("==") && text.count > 1:
            return String(text.dropFirst())
        case .matchesExactFieldsAsWholeWords where text.hasPrefix("=="):
            return String(text.dropFirst())
        default:
            return text
        }
    }

    /// The answer as the broken backend writes it.
    func rewritten(_ response: DialectResponse, envelope: JSONObject, for request: DialectRequest) -> DialectResponse {
        var response = response
        var envelope = envelope
        var body = envelope["response"]?.objectValue ?? JSONObject()
        let code = envelope["messages"]?.arrayValue?.first?["code"]?.stringValue ?? "0"
        switch breakage {
        case .answersUnknownURLsWith500 where response.status.code == 404:
            response.status = .internalServerError
        case .answersWrongVerbsWith404 where code == "1704":
            return Self.envelope(3, "Command is unavailable", status: 404)
        case .answersMalformedJSONWith500 where code == "1710":
            response.status = .internalServerError
        case .sendsNoResponseOnErrors where response.status.code >= 400:
            envelope["response"] = nil
        case .omitsTheTokenHeader:
            if let name = HTTPField.Name("X-FM-Data-Access-Token") { response.headers[name] = nil }
        case .validatesUnknownTokens where request.path.hasSuffix("/validateSession") && code == "952":
            return Self.envelope(0, "OK", status: 200, response: ["isSessionInUse": false])
        case .answersUnknownDatabasesWith952 where code == "802":
            return Self.envelope(952, "Invalid FileMaker Data API token (*)", status: 401)
        case .hidesFolderedScripts:
            body["scripts"] = body["scripts"]?.arrayValue.map { .array($0.filter { $0["isFolder"] != .bool(true) }) }
        case .describesCalculationsAsNormal:
            body["fieldMetaData"] = body["fieldMetaData"]?.arrayValue.map { items in
                .array(
                    items.map { item in
                        guard var object = item.objectValue, object["type"] == "calculation" else { return item }
                        object["type"] = "normal"
                        return .object(object)
                    })
            }
        case .answersUnknownLayoutsWith404 where code == "105":
            return Self.envelope(3, "Command is unavailable", status: 404)
        case .acceptsUnknownFields where code == "102" && request.method == .post,
            .writesCalculationFields where code == "201", .skipsValidation where (500...511).contains(Int(code) ?? 0),
            .acceptsNonGlobalsAsGlobals where code == "102" && request.method == .patch:
            return Self.envelope(
                0, "OK", status: 200,
                response: request.method == .post ? ["recordId": "999999", "modId": "0"] : JSONObject())
        case .answersAnEmptyPageAfterTheEnd
        where code == "101" && request.method == .get && request.path.hasSuffix("/records"):
            return Self.envelope(
                0, "OK", status: 200,
                response: ["dataInfo": ["totalRecordCount": 0, "foundCount": 0, "returnedCount": 0], "data": []])
        case .ignoresScriptsOnRecordCalls where !request.path.contains("/script/"):
            body = body.without { $0.hasPrefix("scriptResult") || $0.hasPrefix("scriptError") }
        case .failingScriptsFailTheCall:
            if let error = body["scriptError"]?.stringValue, error != "0" {
                envelope["messages"] = [["code": .string(error), "message": "Script failed"]]
            }
        case .omitsPortalDataInfo, .dropsAutoEnterValues, .sharesGlobalsAcrossSessions, .sortsNumbersAsText:
            body = rewrittenRecords(body, request: request)
        default:
            break
        }
        if envelope["response"] != nil { envelope["response"] = .object(body) }
        response.body = JSONValue.object(envelope).serializedBytes()
        return response
    }

    private func rewrittenRecords(_ body: JSONObject, request: DialectRequest) -> JSONObject {
        var body = body
        guard var data = body["data"]?.arrayValue?.compactMap(\.objectValue) else { return body }
        let shared = globals.values.withLock { $0 }
        data = data.map { record in
            var record = record
            var fieldData = record["fieldData"]?.objectValue ?? JSONObject()
            switch breakage {
            case .omitsPortalDataInfo: record["portalDataInfo"] = nil
            case .dropsAutoEnterValues: if fieldData["serial"] != nil { fieldData["serial"] = "" }
            case .sharesGlobalsAcrossSessions:
                for member in shared where fieldData[member.key] != nil { fieldData[member.key] = member.value }
            default: break
            }
            record["fieldData"] = .object(fieldData)
            return record
        }
        if breakage == .sortsNumbersAsText,
            let field = (try? JSONParser().parse(request.body))?["sort"]?.arrayValue?.first?["fieldName"]?.stringValue,
            data.contains(where: { $0["fieldData"]?[field]?.numberValue != nil })
        {
            data.sort {
                FileMakerRecordPresenter.text($0["fieldData"]?[field])
                    < FileMakerRecordPresenter.text($1["fieldData"]?[field])
            }
        }
        body["data"] = .array(data.map(JSONValue.object))
        return body
    }
}

extension JSONObject {
    /// The object without the members whose key `matches`.
    func without(_ matches: (String) -> Bool) -> JSONObject {
        JSONObject(members.filter { !matches($0.key) })
    }
}
