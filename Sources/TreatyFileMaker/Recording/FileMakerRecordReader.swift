internal import Foundation
internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

/// Reads a live FileMaker Data API's records (`treaty record`): per database, a Basic login as
/// the run's account, every table through its widest layout page by page (`_offset`, `_limit`,
/// until a short page), then a logout. Each record's `fieldData` with its `recordId` and
/// `modId` is what a fixture file holds; ``FileMakerFixtureLoader`` turns it into the store's
/// record, as it does a file's, so the recording is checked by the same rules.
///
/// Portal rows are left out (they are the related table's records, read through its own
/// layout), as are globals and related fields, which no fixture holds.
struct FileMakerRecordReader: Sendable {
    /// The databases to read, each with the account that logs in to it.
    let logins: [(database: FileMakerDatabase, account: FileMakerDatabase.Account)]
    /// Records per page.
    var limit = 500
    /// The codes a range past the last record (or of an empty table) answers: 101 "Record is
    /// missing", 401 "No records match the request".
    static let noMoreRecords: Set<String> = ["101", "401"]

    var reader: RecordReader {
        let reader = self
        return RecordReader { session in try await reader.read(session) }
    }

    func read(_ session: RecordingSession) async throws {
        for (database, account) in logins {
            let base = "/fmi/data/vLatest/databases/\(FileMakerPathSegment.escape(database.name))"
            let token = try await logIn(database, account: account, base: base, session)
            defer { session.context.useSession([:]) }
            try await readTables(of: database, base: base, session)
            _ = try await session.send(
                .delete, "\(base)/sessions/\(token)", endpoint: "DELETE \(base)/sessions/{token}")
            if session.isFull { return }
        }
    }

    private func logIn(
        _ database: FileMakerDatabase, account: FileMakerDatabase.Account, base: String, _ session: RecordingSession
    ) async throws -> String {
        let endpoint = "POST \(base)/sessions"
        let credentials = Data("\(account.username):\(account.password)".utf8).base64EncodedString()
        session.context.conceal([account.password, credentials])
        var headers = HTTPFields()
        headers[.authorization] = "Basic \(credentials)"
        let sent = try await session.send(
            .post, "\(base)/sessions", headers: headers, body: .object(JSONObject()), endpoint: endpoint)
        let reply = try session.accept(sent, endpoint: endpoint)
        guard let token = reply.value(at: "/response/token")?.stringValue, !token.isEmpty else {
            throw RecordingFailure(.unreadable, at: endpoint, "\(reply.request) answered 200 without a token")
        }
        session.context.conceal([token])
        var bearer = HTTPFields()
        bearer[.authorization] = "Bearer \(token)"
        session.context.useSession(bearer)
        return token
    }

    private func readTables(of database: FileMakerDatabase, base: String, _ session: RecordingSession) async throws {
        for table in database.tables {
            let layouts = database.layouts.filter { $0.table == table.name }
            guard let layout = layouts.max(by: { $0.fields.count < $1.fields.count }) else {
                session.skip("table '\(table.name)'", because: "no layout of the contract shows it")
                continue
            }
            let items = try await readLayout(layout, base: base, session)
            let endpoint = "GET \(base)/layouts/\(layout.name)/records"
            let converted = FileMakerFixtureLoader.records(
                items, layout: layout, database: database, existing: [],
                locate: { message, _, rule, fix in .error(rule, message, fix: fix) })
            if let finding = converted.diagnostics.first {
                throw RecordingFailure(.unreadable, at: endpoint, "\(finding.message) (rule \(finding.rule))")
            }
            let resource = FileMakerStoreModel.resource(database: database.name, table: table.name)
            for record in converted.records {
                guard session.keep(record, in: resource) else { return }
            }
        }
    }

    /// Every record of the layout as a fixture file holds it.
    private func readLayout(_ layout: FileMakerLayout, base: String, _ session: RecordingSession) async throws
        -> [JSONValue]
    {
        let path = "\(base)/layouts/\(FileMakerPathSegment.escape(layout.name))/records"
        let endpoint = "GET \(base)/layouts/\(layout.name)/records"
        var walk = PageWalk(endpoint: endpoint)
        var items: [JSONValue] = []
        var offset = 1
        while items.count < session.maxRecords {
            let sent = try await session.send(
                .get, path, query: [("_offset", "\(offset)"), ("_limit", "\(limit)")], endpoint: endpoint)
            if sent.status == 500, let code = sent.value(at: "/messages/0/code")?.stringValue,
                Self.noMoreRecords.contains(code)
            {
                break
            }
            let reply = try session.accept(sent, endpoint: endpoint)
            guard let data = reply.value(at: "/response/data")?.arrayValue else {
                throw RecordingFailure(.unreadable, at: endpoint, "\(reply.request) answered no 'response.data' array")
            }
            var page: [JSONValue] = []
            for item in data {
                guard let record = item.objectValue, let fields = record["fieldData"]?.objectValue,
                    let id = record["recordId"]?.stringValue
                else {
                    throw RecordingFailure(
                        .unreadable, at: endpoint, "\(reply.request): a record has no fieldData or recordId")
                }
                page.append(
                    .object(Self.fixture(fields, id: id, modId: record["modId"]?.stringValue ?? "0", layout: layout)))
            }
            try walk.visit(
                marker: "_offset=\(offset)", ids: page.compactMap { $0.objectValue?["recordId"]?.stringValue })
            items += page
            guard page.count >= limit else { break }
            offset += limit
        }
        return items
    }

    /// A record as a fixture file holds it: the layout's own stored fields (not globals or
    /// related fields), its `recordId` and `modId`.
    static func fixture(_ fields: JSONObject, id: String, modId: String, layout: FileMakerLayout) -> JSONObject {
        var record: JSONObject = ["recordId": .string(id), "modId": .string(modId)]
        for member in fields.members {
            let (name, _) = FileMakerRepetition.parse(member.key)
            guard let field = layout.field(named: name), !field.global else { continue }
            record[member.key] = member.value
        }
        return record
    }
}
