internal import Foundation
internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialect
internal import TreatyDialectKit
internal import TreatyJSON

extension FileMakerContractSchema {
    /// Data API answers for the shared mutation operators: per layout, records in
    /// `response.data[]` with their fields under `fieldData`, the `dataInfo` counts, the range
    /// and `_find` parameters (with the syntax of a sort's direction and of find criteria), an
    /// edit's `fieldData` and the table's store resource, and `modId` as the concurrency token;
    /// plus the session operators only this dialect has.
    func mutationAnatomy() -> MutationAnatomy {
        var routes: [AnswerRoute] = []
        var logins: [String: String] = [:]
        for database in schema.databases {
            if let account = database.accounts.first {
                logins[database.name.lowercased()] =
                    "Basic " + Data("\(account.username):\(account.password)".utf8).base64EncodedString()
            }
            for layout in database.layouts {
                // Paths as clients send them: names percent-encoded (`Admin%20Log`).
                let base =
                    "/fmi/data/{version}/databases/\(FileMakerPathSegment.escape(database.name))/layouts/"
                    + FileMakerPathSegment.escape(layout.name)
                guard let records = PathTemplate(base + "/records"), let item = PathTemplate(base + "/records/{recordId}"),
                    let find = PathTemplate(base + "/_find")
                else { continue }
                // A repeating field is sent as `name(1)`, `name(2)`, … (filemaker.md §4).
                let fields = layout.fields.flatMap { field in
                    FileMakerRepetition.keys(of: field).map { key in
                        AnatomyField(
                            key, field.name == layout.primaryKey ? .identifier : field.result == .number ? .number : .text)
                    }
                }
                let name = layout.name
                let table = FileMakerStoreModel.resource(database: database.name, table: layout.table)
                routes += [
                    AnswerRoute(
                        name: "\(name).range", method: .get, path: records, resource: name, role: .list,
                        records: ["response", "data"], fields: ["fieldData"], fieldKeys: fields,
                        total: ["response", "dataInfo", "foundCount"],
                        parameters: [
                            .query("_limit", .limit), .query("_offset", .offset),
                            .query("_sort", .sort, inversion: Self.sortDirection),
                        ]),
                    AnswerRoute(
                        name: "\(name).get", method: .get, path: item, resource: name, role: .read,
                        records: ["response", "data"], fields: ["fieldData"], fieldKeys: fields),
                    AnswerRoute(
                        name: "\(name).find", method: .post, path: find, resource: name, role: .list,
                        records: ["response", "data"], fields: ["fieldData"], fieldKeys: fields,
                        total: ["response", "dataInfo", "foundCount"],
                        parameters: [
                            .body(["query"], .find, clause: "§5", inversion: .comparisonText),
                            .body(["sort"], .sort, clause: "§5", inversion: Self.sortDirection),
                            .body(["limit"], .limit, clause: "§5"), .body(["offset"], .offset, clause: "§5"),
                        ]),
                    AnswerRoute(name: "\(name).create", method: .post, path: records, resource: name, role: .write),
                    AnswerRoute(
                        name: "\(name).edit", method: .patch, path: item, resource: name, role: .write,
                        parameters: [.body(["modId"], .token)], token: ["response", "modId"], writeFields: ["fieldData"],
                        store: table),
                    AnswerRoute(
                        name: "\(name).delete", method: .delete, path: item, resource: name, role: .write, store: table),
                ]
            }
        }
        return MutationAnatomy(
            prefix: "FM", spec: "filemaker.md", routes: routes, clauses: Self.clauses,
            errorStatuses: [.badRequest, .unauthorized, .notFound, .internalServerError],
            errorCodes: ErrorCodes(paths: [["messages", "*", "code"]], codes: Self.errorCodes),
            credentials: CredentialRefusals(statuses: [.unauthorized], authorise: Self.signing(logins)),
            dialectMutants: [logoutIgnored, Self.portalRowsMissing])
    }

    /// The codes of filemaker.md §8 a client meets (`messages[].code`; `0`, success, is left
    /// alone).
    static let errorCodes: [JSONValue] = [
        "101", "102", "105", "212", "306", "400", "401", "504", "509", "802", "952", "958", "960", "1704", "1708",
    ]

    /// Re-issues a request refused for its credentials (212 at login, 952 after) as the
    /// database's first account: a login with its password, any other call with the token of a
    /// fresh session (filemaker.md §2).
    static func signing(_ logins: [String: String]) -> CredentialRefusals.Authorise {
        { request, forward in
            let segments = request.path.split(separator: "/").map { PercentDecoding.decode($0) }
            guard let index = segments.firstIndex(of: "databases"), index + 1 < segments.count,
                let basic = logins[segments[index + 1].lowercased()]
            else { return nil }
            var signed = request
            if request.method == .post, segments.last == "sessions" {
                signed.headers[.authorization] = basic
                return signed
            }
            var headers = HTTPFields()
            headers[.authorization] = basic
            headers[.contentType] = "application/json"
            let session = forward(
                DialectRequest(
                    method: .post, target: "/fmi/data/vLatest/databases/\(FileMakerPathSegment.escape(segments[index + 1]))/sessions",
                    headers: headers, body: Array("{}".utf8)))
            guard let token = (try? JSONParser().parse(session.body))?["response"]?["token"]?.stringValue else { return nil }
            signed.headers[.authorization] = "Bearer " + token
            return signed
        }
    }

    /// A sort's direction: `sortOrder` `ascend` (the default) or `descend` (filemaker.md §5).
    static let sortDirection = ParameterInversion.member(
        "sortOrder", swaps: ["ascend": "descend"], absent: "ascend")

    /// A logout that answers success but leaves the token alive (filemaker.md §2).
    var logoutIgnored: Mutant {
        Mutant(
            id: "FM-logout-ignored:sessions", operatorName: "logout-ignored",
            behaviour: "answers a logout with code 0 but keeps the session's token valid", clause: "filemaker.md §2"
        ) { request, _, forward in
            guard request.method == .delete, request.path.contains("/sessions/") else { return forward(request) }
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            let body: JSONValue = ["response": [:], "messages": [["code": "0", "message": "OK"]]]
            return DialectResponse(status: .ok, headers: headers, body: body.serializedBytes())
        }
    }

    /// Records answered with the last row of each portal left out (filemaker.md §4).
    static let portalRowsMissing = Mutant(
        id: "FM-portal-rows-missing:portalData", operatorName: "portal-rows-missing",
        behaviour: "leaves the last related row out of each portal of a record", clause: "filemaker.md §4"
    ) { request, _, forward in
        var answer = forward(request)
        guard (200..<300).contains(answer.status.code), request.path.contains("/layouts/"),
            case .object(var top)? = try? JSONParser().parse(answer.body),
            case .object(var response)? = top["response"], case .array(let records)? = response["data"]
        else { return answer }
        response["data"] = .array(records.map(Self.droppingLastPortalRows))
        top["response"] = .object(response)
        answer.body = JSONValue.object(top).serializedBytes()
        answer.headers[.contentLength] = nil
        return answer
    }

    /// `record` with the last row of each portal in its `portalData` left out.
    static func droppingLastPortalRows(_ record: JSONValue) -> JSONValue {
        guard case .object(var object) = record, case .object(let portals)? = object["portalData"] else { return record }
        var shortened = portals
        for member in portals.members {
            guard case .array(let rows) = member.value, !rows.isEmpty else { continue }
            shortened[member.key] = .array(Array(rows.dropLast()))
        }
        object["portalData"] = .object(shortened)
        return .object(object)
    }

    /// The section of filemaker.md each shared operator's behaviour comes from.
    static let clauses: [MutationOperator: String] = [
        .dropKey: "§4", .recaseKey: "§4", .keyRenamed: "§4", .nullAsMissing: "§4", .numberAsText: "§4", .idReshaped: "§4",
        .reversedOrder: "§5", .pageShort: "§4", .pageLong: "§4", .totalOffByOne: "§4", .parameterIgnored: "§4",
        .parameterOffByOne: "§4", .writeNotApplied: "§4", .writeAppliedTwice: "§4", .tokenNotBumped: "§4",
        .writeAppliedPartially: "§4", .writeAppliedToDeleted: "§4", .writeAppliedToWrongRecord: "§4",
        .tokenBumpedTwice: "§4", .conflictNotRaised: "§4", .sortInverted: "§5", .filterBoundaryFlipped: "§5",
        .errorStatus: "§1", .errorEnvelope: "§1", .errorCodeChanged: "§8", .credentialAccepted: "§2",
    ]
}
