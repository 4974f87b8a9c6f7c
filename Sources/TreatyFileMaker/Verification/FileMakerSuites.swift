internal import Foundation
internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

/// The generated suites of a FileMaker contract, for its first database (or
/// `$TREATY_FM_DATABASE`), logged in as its first account (or `$TREATY_FM_USER` /
/// `$TREATY_FM_PASSWORD` on a live server):
///
/// - `<api>.sessions`: a bad password is 212 on 401; a logged-out token is 952 on 401; product
///   info; a script round trip.
/// - `<api>.<layout>` per layout with writable fields: create and read back, range, find (and an
///   omit that leaves nothing: 401), edit with the current and a stale `modId` (306), a portal
///   row through an edit, duplicate, delete (then 101).
///
/// Further cases prove the clauses of filemaker.md one by one (``FileMakerPlugin/specClauses``):
/// protocol and sessions (`+Protocol`), scripts and globals (`+Scripts`), writes (`+Writes`),
/// portals (`+Portals`) and `_find` (`+Finds`).
struct FileMakerSuites {
    let contract: Contract
    let schema: FileMakerSchema
    let database: FileMakerDatabase
    let account: FileMakerDatabase.Account

    func suites() -> [VerificationSuite] {
        let sessions = "\(contract.api).sessions"
        var suites = [
            VerificationSuite(name: sessions, file: contract.file, cases: sessionCases() + protocolCases(suite: sessions))
        ]
        for layout in database.layouts where !FileMakerSampleValues.writable(layout).isEmpty {
            let name = "\(contract.api).\(layout.name)"
            var cases = recordCases(layout, suite: name) + queryCases(layout, suite: name)
            cases += writeCases(layout, suite: name) + findCases(layout, suite: name) + portalCases(layout, suite: name)
            cases += mutationCases(layout, suite: name)
            if suites.count == 1 { cases.append(defaultLimitCase(layout, suite: name)) }
            suites.append(VerificationSuite(name: name, file: contract.file, cases: cases))
        }
        return suites
    }

    func makeCase(
        _ suite: String, _ name: String, rules: [RuleID], clauses: [String] = [], location: SourceLocation?,
        writes: Bool, run: @escaping @Sendable (FileMakerBench, String) async throws -> Void
    ) -> VerificationCase {
        let (database, account) = (self.database, self.account)
        let title = "\(rules.map(\.rawValue).joined(separator: ", ")) \(name)"
        return VerificationCase(
            suite: suite, name: title, rules: rules, clauses: clauses, location: location, writes: writes
        ) {
            context in
            let bench = try await FileMakerBench.start(context, database: database, account: account)
            try await run(bench, UUID().uuidString.prefix(8).lowercased())
        }
    }

    private func sessionCases() -> [VerificationCase] {
        let suite = "\(contract.api).sessions"
        let (database, account) = (self.database, self.account)
        let base = "/fmi/data/vLatest/databases/\(FileMakerPathSegment.escape(database.name))"
        var cases = [
            VerificationCase(
                suite: suite, name: "FM-ERR-1 a wrong password is refused with 212 on HTTP 401",
                rules: [.fileMakerError], clauses: ["§1.5", "§2.2"],
                writes: false
            ) { context in
                var headers = HTTPFields()
                let wrong = Data("\(account.username):treaty-wrong-password".utf8).base64EncodedString()
                headers[.authorization] = "Basic \(wrong)"
                let reply = try await context.send(
                    .post, base + "/sessions", headers: headers, body: .object(JSONObject()))
                let bench = FileMakerBench(context: context, database: database, token: "")
                try bench.requireError(
                    reply, code: 212, status: 401, rule: .fileMakerError, "a login with a wrong password")
            },
            makeCase(
                suite, "a logged-out token is refused with 952 on HTTP 401", rules: [.fileMakerError],
                clauses: ["§2.5"], location: nil,
                writes: false
            ) {
                bench, _ in
                let logout = try await bench.context.send(.delete, "\(bench.base)/sessions/\(bench.token)")
                bench.judgeEnvelope(logout)
                try bench.context.require(
                    logout, status: 200, rule: .fileMakerEnvelope, "logging out by the token in the path")
                let reply = try await bench.context.send(.get, "\(bench.base)/layouts")
                try bench.requireError(
                    reply, code: 952, status: 401, rule: .fileMakerError, "a call with a logged-out token")
            },
            makeCase(
                suite, "product info and the layout list answer in the envelope", rules: [.fileMakerEnvelope],
                clauses: ["§1.3", "§3.3"], location: nil, writes: false
            ) {
                bench, _ in
                let product = try await bench.context.send(.get, "/fmi/data/vLatest/productInfo")
                bench.judgeEnvelope(product)
                try bench.context.require(product, status: 200, rule: .fileMakerEnvelope, "GET /productInfo")
                let layouts = try await bench.context.send(.get, "\(bench.base)/layouts")
                bench.judgeEnvelope(layouts)
                try bench.context.require(layouts, status: 200, rule: .fileMakerEnvelope, "GET …/layouts")
                let names = Self.layoutNames(layouts.value(at: "/response/layouts"))
                for layout in database.layouts where !names.contains(layout.name) {
                    bench.context.fail(
                        .fileMakerEnvelope, at: "/response/layouts",
                        "\(layouts.request) does not list layout '\(layout.name)'")
                }
            },
        ]
        if let script = database.scripts.first(where: { if case .result = $0.behaviour { true } else { false } }),
            let layout = database.layouts.first
        {
            cases.append(
                makeCase(
                    suite, "script '\(script.name)' runs with its parameter", rules: [.fileMakerEnvelope],
                    clauses: ["§6.1"], location: script.location, writes: false
                ) {
                    bench, unique in
                    let path =
                        "\(bench.base)/layouts/\(FileMakerPathSegment.escape(layout.name))/script/\(FileMakerPathSegment.escape(script.name))"
                    let reply = try await bench.context.send(.get, path, query: [("script.param", "treaty-\(unique)")])
                    bench.judgeEnvelope(reply)
                    try bench.context.require(reply, status: 200, rule: .fileMakerEnvelope, "running a script")
                    let expected = script.run(parameter: "treaty-\(unique)")
                    if reply.value(at: "/response/scriptError")?.stringValue != "0" {
                        bench.context.fail(
                            nil, at: "/response/scriptError", "\(reply.request): scriptError is not \"0\"")
                    }
                    if let result = expected.result, reply.value(at: "/response/scriptResult")?.stringValue != result {
                        bench.context.fail(
                            nil, at: "/response/scriptResult", "\(reply.request): expected scriptResult \"\(result)\"")
                    }
                })
        }
        return cases
    }

    static func layoutNames(_ value: JSONValue?) -> [String] {
        (value?.arrayValue ?? []).flatMap { item -> [String] in
            guard let object = item.objectValue else { return [] }
            if object["isFolder"] == .bool(true) { return layoutNames(object["folderLayoutNames"]) }
            return object["name"]?.stringValue.map { [$0] } ?? []
        }
    }
}
