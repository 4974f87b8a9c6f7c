import Foundation
import HTTPTypes
import TreatyCore
import TreatyDialect
import TreatyJSON

/// The PocketBase simulator with exactly one part of its wire format broken (a
/// ``PocketBaseBreakage``): requests are rewritten before the real dialect sees them, or its
/// answers after.
struct BrokenPocketBaseDialect: Dialect {
    static let id = DialectID(rawValue: "pocketbase")

    let breakage: PocketBaseBreakage
    let wrapped: any Dialect

    func failureResponse(for failure: SimulatorFailure) -> DialectResponse {
        wrapped.failureResponse(for: failure)
    }

    func respond(to request: DialectRequest, store: RecordStore) -> DialectResponse {
        let isRecords = request.path.hasPrefix("/api/collections/") && request.path.contains("/records")
        if let response = breakingClause(request, isRecords: isRecords, store: store) { return response }
        if let response = breakingRule(request, isRecords: isRecords, store: store) { return response }
        if let response = breakingWrites(request, isRecords: isRecords, store: store) { return response }
        if breakage == .ignoresUpdates, isRecords, request.method == .patch {
            var read = request
            read.method = .get
            read.body = []
            return wrapped.respond(to: read, store: store)
        }
        let response = wrapped.respond(to: request, store: store)
        guard let json = try? JSONParser().parse(response.body), case .object(var object) = json else {
            return response
        }
        if breakage == .sendsUnshapedErrors, response.status.code >= 400 {
            return Self.with(response, body: ["error": .string("request failed")])
        }
        guard isRecords, (200..<300).contains(response.status.code) else { return response }
        if let items = object["items"]?.arrayValue {
            if breakage == .renamesTotalItems, let total = object["totalItems"] {
                object = JSONObject(
                    object.members.filter { $0.key != "totalItems" } + [.init(key: "total", value: total)])
            }
            object["items"] = .array(items.map { $0.objectValue.map { .object(broken($0)) } ?? $0 })
        } else if object["collectionName"] != nil {
            object = broken(object)
        }
        return Self.with(response, body: .object(object))
    }

    /// One record as the broken backend sends it.
    private func broken(_ record: JSONObject) -> JSONObject {
        switch breakage {
        case .dropsCollectionName:
            return JSONObject(record.members.filter { $0.key != "collectionName" })
        case .dropsADeclaredField:
            guard record["collectionName"] == "posts" else { return record }
            return JSONObject(record.members.filter { $0.key != "title" })
        case .sendsNumbersAsText:
            return JSONObject(
                record.members.map { member in
                    guard case .number(let number) = member.value else { return member }
                    return .init(key: member.key, value: .string(number.text))
                })
        case .writesISODates:
            return JSONObject(
                record.members.map { member in
                    guard ["created", "updated"].contains(member.key), case .string(let text) = member.value else {
                        return member
                    }
                    return .init(key: member.key, value: .string(text.replacingOccurrences(of: " ", with: "T")))
                })
        case .leaksTokenKey:
            guard record["collectionName"] == "users" else { return record }
            var leaked = record
            leaked["tokenKey"] = "leaked-token-key"
            return leaked
        default:
            return record
        }
    }

    private static func with(_ response: DialectResponse, body: JSONValue) -> DialectResponse {
        var copy = response
        copy.body = body.serializedBytes()
        copy.headers[.contentLength] = nil
        return copy
    }
}
