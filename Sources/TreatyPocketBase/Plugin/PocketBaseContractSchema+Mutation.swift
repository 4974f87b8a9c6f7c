internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialect
internal import TreatyDialectKit
internal import TreatyJSON

extension PocketBaseContractSchema {
    /// PocketBase answers for the shared mutation operators: per collection, the list envelope
    /// (`items`, `totalItems`, `totalPages`) and its parameters (`filter`, `sort`, `page`,
    /// `perPage`, `expand`, `fields`, with the syntax of a sort's direction and a filter's
    /// boundaries), the view, and the writes (fields at the top of the body, records in the
    /// collection's store resource); records keep their fields at the top.
    func mutationAnatomy() -> MutationAnatomy {
        let routes = collections.flatMap { collection -> [AnswerRoute] in
            let records = "/api/collections/\(collection.name)/records"
            guard let list = PathTemplate(records), let item = PathTemplate(records + "/{id}") else { return [] }
            let fields = Self.anatomyFields(of: collection)
            let name = collection.name
            // `expand` names relations; on a collection without one it is ignored by design (§8).
            let expands = collection.fields.contains { $0.type == .relation }
            let expand: [QueryParameter] = expands ? [.query("expand", .expand, clause: "§8")] : []
            var routes = [
                AnswerRoute(
                    name: "\(name).list", method: .get, path: list, resource: name, role: .list, records: ["items"],
                    fieldKeys: fields, total: ["totalItems"], pageMarker: ["totalPages"],
                    parameters: [
                        .query("filter", .filter, clause: "§6", inversion: .comparisonText),
                        .query("sort", .sort, clause: "§7", inversion: .signPrefix("-")),
                        .query("page", .page, clause: "§4"), .query("perPage", .limit, clause: "§4"),
                        .query("fields", .keys, clause: "§9"),
                    ] + expand),
                AnswerRoute(
                    name: "\(name).view", method: .get, path: item, resource: name, role: .read, fieldKeys: fields,
                    parameters: expand),
            ]
            if collection.type != .view {
                routes += [
                    AnswerRoute(
                        name: "\(name).create", method: .post, path: list, resource: name, role: .write, fieldKeys: fields),
                    AnswerRoute(
                        name: "\(name).update", method: .patch, path: item, resource: name, role: .write, fieldKeys: fields,
                        writeFields: [], store: name),
                    AnswerRoute(
                        name: "\(name).delete", method: .delete, path: item, resource: name, role: .write, store: name),
                ]
            }
            return routes
        }
        return MutationAnatomy(
            prefix: "PB", spec: "pocketbase.md", routes: routes, clauses: Self.clauses,
            errorStatuses: [.badRequest, .unauthorized, .forbidden, .notFound],
            errorCodes: ErrorCodes(paths: [["data", "*", "code"]], codes: Self.errorCodes),
            credentials: CredentialRefusals(
                statuses: [.badRequest, .unauthorized, .forbidden, .notFound], authorise: Self.signedAsSuperuser),
            dialectMutants: [Self.batchNotAtomic])
    }

    /// The keys of a collection's records, with their kinds (hidden fields are never sent).
    static func anatomyFields(of collection: PocketBaseCollection) -> [AnatomyField] {
        var fields = [AnatomyField("id", .identifier), AnatomyField("collectionName", .text)]
        for field in collection.fields where !field.hidden && field.name != "id" {
            switch field.type {
            case .number: fields.append(AnatomyField(field.name, .number))
            case .date, .autodate: fields.append(AnatomyField(field.name, .timestamp))
            case .relation: fields.append(AnatomyField(field.name, field.isMultiple ? .references : .reference))
            default: fields.append(AnatomyField(field.name, .text))
            }
        }
        return fields
    }

    /// Re-issues a request refused for its credentials or hidden by a collection's API rule
    /// (401, 403, a rule's 404 or a create rule's 400) as the simulator's superuser, who bypasses
    /// rules (pocketbase.md §5).
    static let signedAsSuperuser: CredentialRefusals.Authorise = { request, forward in
        guard !request.path.hasSuffix("/auth-with-password") else { return nil }
        let superuser = PocketBaseSuperuser.harnessDefault
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        let body: JSONValue = ["identity": .string(superuser.email), "password": .string(superuser.password)]
        let login = forward(
            DialectRequest(
                method: .post, target: "/api/collections/_superusers/auth-with-password", headers: headers,
                body: body.serializedBytes()))
        guard let token = (try? JSONParser().parse(login.body))?["token"]?.stringValue else { return nil }
        var signed = request
        signed.headers[.authorization] = token
        return signed
    }

    /// A batch that fails applies its valid requests anyway, one by one (pocketbase.md §12).
    static let batchNotAtomic = Mutant(
        id: "PB-batch-not-atomic:batch", operatorName: "batch-not-atomic",
        behaviour: "applies a failing batch's valid requests instead of rolling them all back", clause: "pocketbase.md §12"
    ) { request, _, forward in
        let answer = forward(request)
        guard request.method == .post, request.path == "/api/batch", answer.status == .badRequest,
            let requests = (try? JSONParser().parse(request.body))?["requests"]?.arrayValue
        else { return answer }
        var headers = request.headers
        headers[.contentLength] = nil
        for item in requests {
            guard let method = item["method"]?.stringValue.flatMap({ HTTPRequest.Method($0) }), let url = item["url"]?.stringValue
            else { continue }
            _ = forward(DialectRequest(method: method, target: url, headers: headers, body: (item["body"] ?? [:]).serializedBytes()))
        }
        return answer
    }

    /// The field error codes of pocketbase.md §3 (`data.<field>.code`).
    static let errorCodes: [JSONValue] = [
        "validation_required", "validation_invalid_value", "validation_missing_rel_records", "validation_not_unique",
        "validation_min_text_constraint", "validation_invalid_format", "validation_values_mismatch",
        "validation_is_email", "validation_invalid_mime_type", "validation_pk_change", "validation_invalid_token",
        "validation_length_too_long",
    ]

    /// The section of pocketbase.md each shared operator's behaviour comes from.
    static let clauses: [MutationOperator: String] = [
        .dropKey: "§1", .recaseKey: "§1", .nullAsMissing: "§1", .emptyAsNull: "§1", .numberAsText: "§1",
        .timestampWithoutFraction: "§1", .timestampWithoutZone: "§1", .idReshaped: "§1", .referenceExpanded: "§8", .keyRenamed: "§1",
        .listAsSingle: "§1", .reversedOrder: "§4", .pageShort: "§4", .pageLong: "§4", .totalOffByOne: "§4",
        .pageMarkerWrong: "§4", .parameterIgnored: "§4", .parameterOffByOne: "§4", .writeNotApplied: "§10",
        .writeAppliedTwice: "§10", .writeAppliedPartially: "§10", .writeAppliedToDeleted: "§3",
        .writeAppliedToWrongRecord: "§10", .sortInverted: "§7", .filterBoundaryFlipped: "§6", .errorStatus: "§3",
        .errorEnvelope: "§3", .errorCodeChanged: "§3", .credentialAccepted: "§5",
    ]
}
