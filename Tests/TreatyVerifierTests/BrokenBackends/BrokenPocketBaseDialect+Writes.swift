import Foundation
import HTTPTypes
import TreatyCore
import TreatyDialect
import TreatyJSON

/// The breakages of pocketbase.md §8–§10 (expand, fields, writes, files, deletes, sign-up), each
/// breaking one clause while keeping the shape of the answers.
extension BrokenPocketBaseDialect {
    /// The broken answer to `request`, or `nil` when the breakage leaves it to the others.
    func breakingWrites(_ request: DialectRequest, isRecords: Bool, store: RecordStore) -> DialectResponse? {
        let forward = { (request: DialectRequest) in wrapped.respond(to: request, store: store) }
        let expands = isRecords && request.query.contains { $0.name == "expand" }
        let fields = request.query.first { $0.name == "fields" }?.value
        let isGuest = (request.headers[.authorization] ?? "").isEmpty
        switch breakage {
        case .sortsMultiExpandsByID where expands:
            return Self.mappingExpands(forward(request)) { key, items in
                key.contains("_via_") ? items : Self.sortedByID(items)
            }
        case .sortsBackRelationsByID where expands:
            return Self.mappingExpands(forward(request)) { key, items in
                key.contains("_via_") ? Self.sortedByID(items) : items
            }
        case .dropsNestedExpands where expands:
            return Self.mappingExpands(forward(request)) { _, items in
                items.map { item in JSONObject(item.members.filter { $0.key != "expand" }) }
            }
        case .expandsForbiddenRecords where expands && isGuest:
            let names = (request.query.first { $0.name == "expand" }?.value ?? "").split(separator: ",").map(
                String.init)
            return Self.mappingRecords(forward(request)) { record in
                var record = record
                var expand = record["expand"]?.objectValue ?? JSONObject()
                for name in names where expand[name] == nil {
                    let ids = (record[name]?.arrayValue ?? record[name].map { [$0] } ?? []).compactMap(\.stringValue)
                    let found = ids.compactMap { id in
                        Self.blogCollections.lazy.compactMap { try? store.get($0, id: id) }.first.map(JSONValue.object)
                    }
                    if let first = found.first {
                        expand[name] = record[name]?.arrayValue != nil ? .array(found) : first
                    }
                }
                record["expand"] = .object(expand)
                return record
            }
        case .readsStarAsID where fields != nil:
            return forward(request.settingQuery("fields", fields?.replacingOccurrences(of: "*", with: "id")))
        case .keepsUnnamedExpands where expands && fields != nil && request.method == .get:
            let whole = forward(request.settingQuery("fields", nil))
            let expand = (try? JSONParser().parse(whole.body))?["expand"]
            return Self.rewriting(forward(request)) { object in
                if object["expand"] == nil, object["items"] == nil, let expand { object["expand"] = expand }
            }
        case .addsEllipsisWhenNotCut where fields?.contains(",true)") == true:
            let names = (fields ?? "").split(separator: ",").compactMap { entry in
                entry.range(of: ":excerpt(").map { String(entry[..<$0.lowerBound]) }
            }
            return Self.rewriting(forward(request)) { object in
                for name in names {
                    if let text = object[name]?.stringValue, !text.hasSuffix("...") {
                        object[name] = .string(text + "...")
                    }
                }
            }
        case .appliesFieldsToListEnvelope where isRecords && request.path.hasSuffix("/records") && fields != nil:
            let named = Set((fields ?? "").split(separator: ",").map { String($0.split(separator: ".")[0]) })
            return Self.rewriting(forward(request)) { object in
                object = JSONObject(object.members.filter { named.contains($0.key) })
            }
        case .readsAnyTextAsTrue where isRecords:
            return forward(
                request.mappingBody { body in
                    body.mapping { key, value in key == "featured" && value.stringValue?.isEmpty == false ? true : value
                    }
                })
        case .keepsFirstOfSingleRelationArray where isRecords:
            return forward(
                request.mappingBody { body in
                    body.mapping { key, value in
                        ["author", "post", "user"].contains(key) ? value.arrayValue?.first ?? value : value
                    }
                })
        case .dropsDateOffsets where isRecords:
            return forward(
                request.mappingBody { body in
                    body.mapping { _, value in
                        guard let text = value.stringValue, text.hasSuffix("+02:00") else { return value }
                        return .string(String(text.dropLast(6)) + "Z")
                    }
                })
        case .appendsPrependedIDs where isRecords && request.method == .patch:
            return forward(
                request.mappingBody { body in
                    JSONObject(
                        body.members.map {
                            .init(
                                key: $0.key.hasPrefix("+") ? String($0.key.dropFirst()) + "+" : $0.key, value: $0.value)
                        })
                })
        case .refusesRemovingAbsentIDs where isRecords && request.method == .patch:
            return refusingAbsentRemoval(request, forward: forward)
        case .appliesModifiersInBodyOrder where isRecords && request.method == .patch:
            guard let body = (try? JSONParser().parse(request.body))?.objectValue, let first = body.members.first,
                first.key.hasSuffix("+") || first.key.hasSuffix("-"), body[String(first.key.dropLast())] != nil
            else { return nil }
            _ = forward(request.mappingBody { _ in JSONObject([first]) })
            return forward(request.mappingBody { JSONObject(Array($0.members.dropFirst())) })
        case .ignoresNullOnRequiredFields where isRecords && request.method == .patch:
            let response = forward(request)
            guard response.status.code == 400,
                let data = (try? JSONParser().parse(response.body))?["data"]?.objectValue,
                data.members.contains(where: { $0.value["code"] == "validation_required" })
            else { return response }
            return forward(request.mappingBody { body in JSONObject(body.members.filter { data[$0.key] == nil }) })
        case .ignoresNullOnFiles where isRecords && request.method == .patch:
            return forward(
                request.mappingBody {
                    JSONObject($0.members.filter { !(["cover", "avatar"].contains($0.key) && $0.value.isNull) })
                })
        case .keepsLastRepeatedKey where isRecords:
            return forward(
                request.mappingParts { parts in
                    parts.enumerated().filter { index, part in
                        part.file || !parts[(index + 1)...].contains { $0.name == part.name }
                    }.map(\.element)
                })
        case .ignoresJSONPayload where isRecords:
            return forward(request.mappingParts { $0.filter { $0.name != "@jsonPayload" } })
        case .answersClientFileNames where isRecords:
            guard let original = request.parts?.first(where: \.file)?.fileName else { return nil }
            return Self.rewriting(forward(request)) { object in
                for key in ["cover", "avatar"] where object[key]?.stringValue?.isEmpty == false {
                    object[key] = .string(original)
                }
            }
        case .servesFilesAsOctetStream where request.path.hasPrefix("/api/files/"):
            var response = forward(request)
            if response.status.code == 200 { response.headers[.contentType] = "application/octet-stream" }
            return response
        case .leavesDanglingReferences where isRecords && request.method == .delete,
            .skipsCascadeDeletes where isRecords && request.method == .delete:
            let before = Self.blogCollections.map { ($0, store.dump($0) ?? []) }
            let response = forward(request)
            guard response.status.code == 204, let deleted = request.path.split(separator: "/").last.map(String.init)
            else {
                return response
            }
            for (collection, rows) in before {
                let after = Dictionary((store.dump(collection) ?? []).map { ($0["id"]?.stringValue ?? "", $0) }) {
                    a, _ in a
                }
                for row in rows {
                    guard let id = row["id"]?.stringValue, id != deleted else { continue }
                    let restore =
                        breakage == .skipsCascadeDeletes ? after[id] == nil : after[id].map { $0 != row } ?? false
                    if restore { _ = try? store.absorb(row, into: collection) }
                }
            }
            return response
        case .acceptsMismatchedPasswordConfirm where isRecords && request.method == .post:
            return forward(
                request.mappingBody { body in
                    guard let password = body["password"], body["passwordConfirm"] != nil else { return body }
                    return body.mapping { key, value in key == "passwordConfirm" ? password : value }
                })
        case .letsGuestsSetVerified where isRecords && request.method == .post && isGuest:
            return forward(request.removingBodyKey("verified"))
        default:
            return breakingFlows(request, store: store)
        }
    }

    static let blogCollections = ["users", "tags", "posts", "comments"]

    /// `rel-` of an id the record's relation does not hold answers 400 `validation_missing_rel_records`.
    func refusingAbsentRemoval(
        _ request: DialectRequest, forward: (DialectRequest) -> DialectResponse
    ) -> DialectResponse? {
        guard let body = (try? JSONParser().parse(request.body))?.objectValue,
            let removal = body.members.first(where: { $0.key.hasSuffix("-") })
        else { return nil }
        var read = request
        read.method = .get
        read.body = []
        let field = String(removal.key.dropLast())
        let held = (try? JSONParser().parse(forward(read).body))?[field]?.arrayValue
        guard let held, let id = removal.value.stringValue, !held.contains(.string(id)) else { return nil }
        var data = JSONObject()
        data[field] = [
            "code": "validation_missing_rel_records",
            "message": "Failed to find all relation records with the provided ids.",
        ]
        return .json(["status": 400, "message": "Failed to update record.", "data": .object(data)], status: 400)
    }

    /// The ids of `items` in ascending order.
    static func sortedByID(_ items: [JSONObject]) -> [JSONObject] {
        items.sorted { ($0["id"]?.stringValue ?? "") < ($1["id"]?.stringValue ?? "") }
    }

    /// The response with each record (the answer, or a list's items) changed by `change`.
    static func mappingRecords(_ response: DialectResponse, _ change: @escaping (JSONObject) -> JSONObject)
        -> DialectResponse
    {
        rewriting(response) { object in
            if let items = object["items"]?.arrayValue {
                object["items"] = .array(items.map { $0.objectValue.map { .object(change($0)) } ?? $0 })
            } else if object["collectionName"] != nil {
                object = change(object)
            }
        }
    }

    /// The response with each array or object under a record's `expand` passed through `change`.
    static func mappingExpands(
        _ response: DialectResponse, _ change: @escaping (String, [JSONObject]) -> [JSONObject]
    ) -> DialectResponse {
        mappingRecords(response) { record in
            guard let expand = record["expand"]?.objectValue else { return record }
            var copy = record
            copy["expand"] = .object(
                JSONObject(
                    expand.members.map { member in
                        if let items = member.value.arrayValue {
                            return .init(
                                key: member.key,
                                value: .array(change(member.key, items.compactMap(\.objectValue)).map(JSONValue.object))
                            )
                        }
                        guard let item = member.value.objectValue else { return member }
                        return .init(
                            key: member.key,
                            value: change(member.key, [item]).first.map(JSONValue.object) ?? member.value)
                    }))
            return copy
        }
    }
}

extension JSONObject {
    /// The object with each member's value replaced by `transform(key, value)`.
    func mapping(_ transform: (String, JSONValue) -> JSONValue) -> JSONObject {
        JSONObject(members.map { .init(key: $0.key, value: transform($0.key, $0.value)) })
    }
}

extension DialectRequest {
    /// The request with the query item `name` set to `value` (removed for `nil`).
    func settingQuery(_ name: String, _ value: String?) -> DialectRequest {
        var copy = self
        copy.query.removeAll { $0.name == name }
        if let value { copy.query.append(QueryItem(name: name, value: value)) }
        return copy
    }
}
