internal import Foundation
internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON
internal import TreatyRules

/// What a generated FileMaker case works with: a session on the database (Basic login, then
/// `Authorization: Bearer <token>`), and helpers that create, read, find, edit and delete the
/// case's own records — judging every answer with the `FM-*` rules.
struct FileMakerBench {
    let context: CaseContext
    let database: FileMakerDatabase
    let token: String

    /// `/fmi/data/vLatest/databases/<db>`.
    var base: String { "/fmi/data/vLatest/databases/\(FileMakerPathSegment.escape(database.name))" }

    /// Logs in; the password and token are masked in everything reported.
    static func start(_ context: CaseContext, database: FileMakerDatabase, account: FileMakerDatabase.Account)
        async throws -> FileMakerBench
    {
        context.conceal([account.password])
        var headers = HTTPFields()
        let credentials = Data("\(account.username):\(account.password)".utf8).base64EncodedString()
        headers[.authorization] = "Basic \(credentials)"
        context.conceal([credentials])
        let path = "/fmi/data/vLatest/databases/\(FileMakerPathSegment.escape(database.name))/sessions"
        let reply = try await context.send(.post, path, headers: headers, body: .object(JSONObject()))
        try context.require(
            reply, status: 200, rule: nil,
            "logging in to \(database.name) as \(account.username) (set $TREATY_FM_USER and $TREATY_FM_PASSWORD)")
        guard let token = reply.value(at: "/response/token")?.stringValue, !token.isEmpty else {
            context.fail(.fileMakerEnvelope, at: "/response/token", "\(reply.request) answered 200 without a token")
            throw CaseContext.Stop()
        }
        context.conceal([token])
        if reply.header("X-FM-Data-Access-Token") != token {
            context.fail(
                .fileMakerEnvelope, "\(reply.request): the token is not also in the X-FM-Data-Access-Token header",
                detail: "FileMaker Server sends the session token in the body and in X-FM-Data-Access-Token")
        }
        var session = HTTPFields()
        session[.authorization] = "Bearer \(token)"
        context.useSession(session)
        return FileMakerBench(context: context, database: database, token: token)
    }

    func records(_ layout: FileMakerLayout) -> String {
        "\(base)/layouts/\(FileMakerPathSegment.escape(layout.name))/records"
    }

    /// Creates a record with valid values for every writable field; returns its id and the
    /// values sent.
    func create(_ layout: FileMakerLayout, unique: String) async throws -> (id: String, sent: JSONObject) {
        var fieldData = JSONObject()
        for field in FileMakerSampleValues.writable(layout) {
            let key = FileMakerRepetition.keys(of: field).first ?? field.name
            fieldData[key] = FileMakerSampleValues.value(for: field, layout: layout, unique: unique)
        }
        let reply = try await context.send(.post, records(layout), body: ["fieldData": .object(fieldData)])
        judgeEnvelope(reply)
        try context.require(reply, status: 200, rule: nil, "creating a valid \(layout.name) record must succeed")
        guard let id = reply.value(at: "/response/recordId")?.stringValue,
            reply.value(at: "/response/modId")?.stringValue == "0"
        else {
            context.fail(
                .fileMakerRecord, at: "/response",
                "\(reply.request): a create answers {recordId, modId: \"0\"} as strings")
            throw CaseContext.Stop()
        }
        context.adopt(id: id, deletePath: records(layout) + "/" + id)
        return (id, fieldData)
    }

    /// Reads a record that must exist, judging the answer.
    func read(_ layout: FileMakerLayout, _ id: String) async throws -> JSONObject {
        let reply = try await context.send(.get, records(layout) + "/" + id)
        try context.require(reply, status: 200, rule: nil, "reading a record the case created")
        judge(reply, layout: layout)
        guard let record = reply.value(at: "/response/data/0")?.objectValue else {
            context.fail(.fileMakerData, at: "/response/data", "\(reply.request) answered no record")
            throw CaseContext.Stop()
        }
        return record
    }

    /// Judges a records answer with the FM rules.
    func judge(_ reply: Reply, layout: FileMakerLayout) {
        context.record(
            FileMakerConformance(layout: layout, database: database).checkRecordsAnswer(reply.json ?? .null), in: reply)
    }

    func judgeEnvelope(_ reply: Reply) {
        context.record(FileMakerConformance.envelopeViolations(reply.json), in: reply)
    }

    /// Requires an error answer with `code`, in the error format.
    func requireError(_ reply: Reply, code: Int, status: Int, rule: RuleID, _ meaning: String) throws {
        try context.require(reply, status: status, rule: rule, meaning)
        context.record(FileMakerConformance.checkError(reply.json, status: reply.status), in: reply)
        let found = reply.value(at: "/messages/0/code")?.stringValue
        if found != String(code) {
            context.fail(
                rule, at: "/messages/0/code",
                "\(reply.request): expected FileMaker code \"\(code)\", got \(found.map { "\"\($0)\"" } ?? "none")",
                detail: meaning)
        }
    }
}
