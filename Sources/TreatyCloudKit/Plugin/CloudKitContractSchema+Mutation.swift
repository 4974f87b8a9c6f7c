internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialect
internal import TreatyDialectKit
internal import TreatyJSON

extension CloudKitContractSchema {
    /// CloudKit Web Services answers for the shared mutation operators: records in `records[]`
    /// with typed field values under `fields.<name>.value`, the query's and the change feed's
    /// body parameters (with the syntax of a sort's direction and a comparator's boundary),
    /// `continuationMarker` and `moreComing`, `recordChangeTag` as the token (in the answer's
    /// records and in each operation of a `records/modify` body), the fields each operation
    /// saves, and `deleted` marking a deletion in the change feed; plus the atomic-zone operator
    /// only this dialect has.
    func mutationAnatomy() -> MutationAnatomy {
        guard let schema else { return .none }
        var fields: [AnatomyField] = []
        for type in schema.recordTypes.keys.sorted() {
            guard let recordType = schema.recordTypes[type] else { continue }
            for name in recordType.fieldOrder {
                guard let field = recordType.fields[name], !fields.contains(where: { $0.key == name }) else { continue }
                switch field.type {
                case .int64, .double, .timestamp: fields.append(AnatomyField(name, .number))
                case .string: fields.append(AnatomyField(name, .text))
                default: fields.append(AnatomyField(name, .other))
                }
            }
        }
        let base = "/database/1/{container}/{environment}/{database}/records/"
        func path(_ operation: String) -> PathTemplate? { PathTemplate(base + operation) }
        guard let query = path("query"), let lookup = path("lookup"), let modify = path("modify"),
            let changes = path("changes")
        else { return .none }
        let routes = [
            AnswerRoute(
                name: "records.query", method: .post, path: query, resource: "records", role: .list, records: ["records"],
                fields: ["fields"], valueKey: "value", fieldKeys: fields, pageMarker: ["continuationMarker"],
                parameters: [
                    .body(["query", "filterBy"], .filter, inversion: Self.comparatorBoundary),
                    .body(["query", "sortBy"], .sort, inversion: Self.sortDirection),
                    .body(["resultsLimit"], .limit), .body(["desiredKeys"], .keys),
                    .body(["continuationMarker"], .cursor),
                ]),
            AnswerRoute(
                name: "records.lookup", method: .post, path: lookup, resource: "records", role: .read,
                records: ["records"], fields: ["fields"], valueKey: "value", fieldKeys: fields,
                parameters: [.body(["desiredKeys"], .keys, clause: "§7")]),
            AnswerRoute(
                name: "records.modify", method: .post, path: modify, resource: "records", role: .write,
                records: ["records"], fields: ["fields"], valueKey: "value", fieldKeys: fields,
                parameters: [.body(["operations", "*", "record", "recordChangeTag"], .token, clause: "§5")],
                token: ["recordChangeTag"], writeFields: ["operations", "*", "record", "fields"]),
            AnswerRoute(
                name: "records.changes", method: .post, path: changes, resource: "records", role: .list,
                records: ["records"], fields: ["fields"], valueKey: "value", fieldKeys: fields,
                pageMarker: ["moreComing"],
                parameters: [.body(["syncToken"], .cursor, clause: "§7"), .body(["resultsLimit"], .limit, clause: "§7")],
                ordered: false, tombstone: ["deleted"]),
        ]
        return MutationAnatomy(
            prefix: "CK", spec: "cloudkit.md", routes: routes, clauses: Self.clauses,
            errorStatuses: [.badRequest, .unauthorized, .forbidden, .notFound, .conflict],
            errorCodes: ErrorCodes(
                paths: [["serverErrorCode"], ["records", "*", "serverErrorCode"]],
                codes: CloudKitError.Code.allCases.map { .string($0.rawValue) }),
            credentials: schema.apiTokens.first.map { token in
                CredentialRefusals(
                    statuses: [.unauthorized, .forbidden, .init(code: 421)],
                    authorise: Self.signing(apiToken: token, webAuthToken: schema.users.first?.webAuthToken))
            },
            dialectMutants: [atomicIgnored])
    }

    /// Re-issues a request refused for its credentials with the container's API token and its
    /// first user's web auth token, as a signed-in user sends it (cloudkit.md §2).
    static func signing(apiToken: String, webAuthToken: String?) -> CredentialRefusals.Authorise {
        { request, _ in
            var signed = request
            let tokens = [("ckAPIToken", apiToken)] + (webAuthToken.map { [("ckWebAuthToken", $0)] } ?? [])
            signed.query.removeAll { item in tokens.contains { $0.0 == item.name } }
            signed.query += tokens.map { QueryItem(name: $0.0, value: $0.1) }
            signed.rawQuery = signed.query.map { PercentEncoding.component($0.name) + "=" + PercentEncoding.component($0.value) }
                .joined(separator: "&")
            signed.headers[CloudKitAuthenticator.keyIDHeader] = nil
            return signed
        }
    }

    /// A sort's direction: `ascending`, true when left out (cloudkit.md §6).
    static let sortDirection = ParameterInversion.member("ascending", swaps: [true: false], absent: true)

    /// A filter's boundary: each comparator against its inclusive or exclusive counterpart
    /// (cloudkit.md §6).
    static let comparatorBoundary = ParameterInversion.member(
        "comparator", swaps: ["GREATER_THAN": "GREATER_THAN_OR_EQUALS", "LESS_THAN": "LESS_THAN_OR_EQUALS"])

    /// An atomic zone's batch applied operation by operation (cloudkit.md §5).
    var atomicIgnored: Mutant {
        Mutant(
            id: "CK-atomic-ignored:records.modify", operatorName: "atomic-ignored",
            behaviour: "applies an atomic batch's valid operations when another fails", clause: "cloudkit.md §5"
        ) { request, _, forward in
            guard request.path.hasSuffix("/records/modify"),
                case .object(var body)? = try? JSONParser().parse(request.body), body["atomic"] != nil
            else { return forward(request) }
            body["atomic"] = false
            var relaxed = request
            relaxed.body = JSONValue.object(body).serializedBytes()
            return forward(relaxed)
        }
    }

    /// The section of cloudkit.md each shared operator's behaviour comes from.
    static let clauses: [MutationOperator: String] = [
        .dropKey: "§3", .recaseKey: "§3", .keyRenamed: "§3", .nullAsMissing: "§4", .emptyAsNull: "§4", .numberAsText: "§4",
        .reversedOrder: "§6", .pageShort: "§6", .pageLong: "§6", .pageMarkerWrong: "§6", .tombstoneDropped: "§7",
        .parameterIgnored: "§6", .parameterOffByOne: "§6", .boundaryFlipped: "§7", .writeNotApplied: "§5",
        .writeAppliedTwice: "§5", .tokenNotBumped: "§5", .writeAppliedPartially: "§5", .tokenBumpedTwice: "§5",
        .conflictNotRaised: "§5", .sortInverted: "§6", .filterBoundaryFlipped: "§6", .errorStatus: "§8",
        .errorEnvelope: "§8", .errorCodeChanged: "§8", .credentialAccepted: "§2",
    ]
}
