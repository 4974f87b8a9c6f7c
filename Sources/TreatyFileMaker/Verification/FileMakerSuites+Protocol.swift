internal import Foundation
internal import HTTPTypes
internal import TreatyCore
internal import TreatyDialectKit
internal import TreatyJSON

extension FileMakerSuites {
    /// The database-wide cases of the clause map: URL versions and protocol errors, sessions,
    /// metadata, scripts with record calls and globals (filemaker.md §1, §2, §3, §6, §7).
    func protocolCases(suite: String) -> [VerificationCase] {
        var cases = [protocolCase(suite: suite), sessionsCase(suite: suite), metadataCase(suite: suite)]
        if let layout = database.layouts.first(where: { !FileMakerSampleValues.writable($0).isEmpty }) {
            cases.append(contentsOf: scriptCases(layout, suite: suite))
        }
        if let layout = database.layouts.first(where: { $0.fields.contains(where: \.global) }),
            let global = layout.fields.first(where: \.global), global.result == .text,
            database.table(named: layout.table) != nil
        {
            cases.append(globalsCase(layout, global, suite: suite))
        }
        return cases
    }

    /// Basic credentials of the suite's account.
    var basic: String {
        "Basic " + Data("\(account.username):\(account.password)".utf8).base64EncodedString()
    }

    private func protocolCase(suite: String) -> VerificationCase {
        makeCase(
            suite,
            "v1, v2 and vLatest answer alike; unknown URLs, wrong verbs, non-JSON and malformed bodies are refused",
            rules: [.fileMakerEnvelope, .fileMakerError],
            clauses: ["§1.1", "§1.4", "§1.8", "§1.9", "§1.10", "§3.1", "§3.2", "§8.1", "§9.1"], location: nil,
            writes: false
        ) { bench, _ in
            let context = bench.context
            for version in ["v1", "v2", "vLatest"] {
                let product = try await context.send(
                    .get, "/fmi/data/\(version)/productInfo", headers: [.authorization: ""])
                bench.judgeEnvelope(product)
                try context.require(
                    product, status: 200, rule: .fileMakerEnvelope, "GET /fmi/data/\(version)/productInfo without auth")
                for key in ["name", "buildDate", "version", "dateFormat", "timeFormat", "timeStampFormat"] {
                    bench.expect(
                        product.value(at: "/response/productInfo/\(key)")?.stringValue != nil, .fileMakerEnvelope,
                        at: "/response/productInfo/\(key)", "\(product.request): productInfo has no '\(key)' string")
                }
                let path = bench.base.replacingOccurrences(of: "/vLatest/", with: "/\(version)/") + "/layouts"
                let layouts = try await context.send(.get, path)
                try context.require(layouts, status: 200, rule: .fileMakerEnvelope, "GET …/\(version)/…/layouts")
            }
            let databases = try await context.send(
                .get, "/fmi/data/vLatest/databases", headers: [.authorization: basic])
            try context.require(databases, status: 200, rule: .fileMakerEnvelope, "GET /databases")
            let names = (databases.value(at: "/response/databases")?.arrayValue ?? []).compactMap {
                $0["name"]?.stringValue
            }
            bench.expect(
                names.contains(database.name), .fileMakerEnvelope, at: "/response/databases",
                "\(databases.request) does not list the database '\(database.name)'")
            let unknown = try await context.send(.get, "/fmi/data/vLatest/treaty-no-such-call")
            try context.require(unknown, status: 404, rule: .fileMakerError, "an unknown URL")
            bench.judgeEnvelope(unknown)
            let records =
                bench.base + "/layouts/\(FileMakerPathSegment.escape(database.layouts.first?.name ?? ""))/records"
            let verb = try await context.send(.post, "/fmi/data/vLatest/productInfo", body: .object(JSONObject()))
            bench.requireError(
                verb, codes: [1704], statuses: [405], rule: .fileMakerError,
                "a POST to productInfo, which takes GET only")
            var plain = HTTPFields()
            plain[.contentType] = "text/plain"
            let typed = try await context.send(.post, records, headers: plain, bytes: Array(#"{"fieldData":{}}"#.utf8))
            try context.require(typed, status: 415, rule: .fileMakerError, "a create whose Content-Type is text/plain")
            bench.judgeEnvelope(typed)
            let malformed = try await context.send(.post, records, bytes: Array(#"{"fieldData": {"#.utf8))
            bench.requireError(
                malformed, codes: [1710], statuses: [400], rule: .fileMakerError, "a body that is not valid JSON")
            var json = HTTPFields()
            json[.contentType] = "application/json"
            let get = try await context.send(.get, bench.base + "/layouts", headers: json)
            try context.require(get, status: 200, rule: .fileMakerEnvelope, "a GET with Content-Type: application/json")
        }
    }

    private func sessionsCase(suite: String) -> VerificationCase {
        let (database, account, basic) = (self.database, self.account, self.basic)
        return VerificationCase(
            suite: suite, name: "FM-ENV-1, FM-ERR-1 sessions: login, Bearer tokens, validateSession and logout by path",
            rules: [.fileMakerEnvelope, .fileMakerError], clauses: ["§2.1", "§2.3", "§2.4", "§2.8", "§2.9"],
            writes: false
        ) { context in
            context.conceal([account.password, String(basic.dropFirst(6))])
            let bench = FileMakerBench(context: context, database: database, token: "")
            let sessions = bench.base + "/sessions"
            let login = try await context.send(
                .post, sessions, headers: [.authorization: basic], body: ["fmDataSource": []])
            try context.require(login, status: 200, rule: .fileMakerEnvelope, "a login with {\"fmDataSource\": []}")
            guard let token = login.value(at: "/response/token")?.stringValue, !token.isEmpty else {
                context.fail(.fileMakerEnvelope, at: "/response/token", "\(login.request) answered no token")
                return
            }
            context.conceal([token])
            bench.expect(
                login.header("X-FM-Data-Access-Token") == token, .fileMakerEnvelope,
                "\(login.request): the token is not also in X-FM-Data-Access-Token")
            let other = try await context.send(
                .post, "/fmi/data/vLatest/databases/treaty-no-such-database/sessions", headers: [.authorization: basic],
                body: .object(JSONObject()))
            bench.requireError(
                other, codes: [802], statuses: [500], rule: .fileMakerError, "a login to an unknown database")
            for header in ["", "Bearer treaty-unknown-token"] {
                let reply = try await context.send(.get, bench.base + "/layouts", headers: [.authorization: header])
                bench.requireError(
                    reply, codes: [952], statuses: [401], rule: .fileMakerError,
                    header.isEmpty ? "a call without a token" : "a call with an unknown token")
            }
            let bearer: HTTPFields = [.authorization: "Bearer \(token)"]
            let valid = try await context.send(.get, "/fmi/data/vLatest/validateSession", headers: bearer)
            try context.require(valid, status: 200, rule: .fileMakerEnvelope, "validateSession with a live token")
            bench.expect(
                valid.value(at: "/messages/0/code")?.stringValue == "0", .fileMakerEnvelope, at: "/messages/0/code",
                "\(valid.request) did not answer code \"0\"")
            let invalid = try await context.send(
                .get, "/fmi/data/vLatest/validateSession", headers: [.authorization: "Bearer treaty-unknown-token"])
            bench.requireError(
                invalid, codes: [952], statuses: [401], rule: .fileMakerError, "validateSession with an unknown token")
            context.adopt(id: token, deletePath: nil)
            let logout = try await context.send(.delete, "\(sessions)/\(token)", headers: [.authorization: ""])
            try context.require(
                logout, status: 200, rule: .fileMakerEnvelope,
                "a logout by the token in the path, without Authorization")
            bench.expect(
                logout.value(at: "/messages/0/code")?.stringValue == "0"
                    && logout.value(at: "/response")?.objectValue?.isEmpty == true,
                .fileMakerEnvelope, at: "/response", "\(logout.request) did not answer {} with code \"0\"")
            let after = try await context.send(.get, "/fmi/data/vLatest/validateSession", headers: bearer)
            bench.requireError(
                after, codes: [952], statuses: [401], rule: .fileMakerError, "validateSession after logout")
        }
    }

    private func metadataCase(suite: String) -> VerificationCase {
        makeCase(
            suite, "scripts, layout metadata and an unknown layout answer as the Data API does",
            rules: [.fileMakerEnvelope, .fileMakerField, .fileMakerError],
            clauses: ["§3.4", "§3.5", "§3.6", "§3.7", "§3.8", "§3.9"], location: nil, writes: false
        ) { bench, _ in
            let context = bench.context
            let scripts = try await context.send(.get, bench.base + "/scripts")
            try context.require(scripts, status: 200, rule: .fileMakerEnvelope, "GET …/scripts")
            let listed = Self.names(scripts.value(at: "/response/scripts"), folderKey: "folderScriptNames")
            for script in database.scripts where !listed.contains(script.name) {
                context.fail(
                    .fileMakerEnvelope, at: "/response/scripts",
                    "\(scripts.request) does not list script '\(script.name)'")
            }
            for layout in database.layouts {
                let reply = try await context.send(.get, bench.layoutPath(layout))
                try context.require(
                    reply, status: 200, rule: .fileMakerField, "the metadata of layout '\(layout.name)'")
                Self.judgeMetadata(reply, layout: layout, database: database, bench: bench)
            }
            let missing = try await context.send(.get, bench.base + "/layouts/treaty-no-such-layout/records")
            bench.requireError(
                missing, codes: [105], statuses: [500], rule: .fileMakerError, "a range of an unknown layout")
        }
    }

    static func names(_ value: JSONValue?, folderKey: String) -> [String] {
        (value?.arrayValue ?? []).flatMap { item -> [String] in
            guard let object = item.objectValue else { return [] }
            if object["isFolder"] == .bool(true) { return names(object[folderKey], folderKey: folderKey) }
            return object["name"]?.stringValue.map { [$0] } ?? []
        }
    }

    static let metadataKeys = [
        "name", "type", "displayType", "result", "global", "autoEnter", "fourDigitYear", "maxRepeat", "maxCharacters",
        "notEmpty", "numeric", "timeOfDay", "repetitionStart", "repetitionEnd",
    ]

    private static func judgeMetadata(
        _ reply: Reply, layout: FileMakerLayout, database: FileMakerDatabase, bench: FileMakerBench
    ) {
        func judge(_ items: [JSONValue], _ fields: [(String, FileMakerField)], at pointer: String) {
            for (name, field) in fields {
                guard let item = items.first(where: { $0["name"]?.stringValue == name })?.objectValue else {
                    bench.context.fail(
                        .fileMakerField, at: pointer, "\(reply.request): no metadata for field '\(name)'")
                    continue
                }
                let missing = metadataKeys.filter { item[$0] == nil }
                bench.expect(
                    missing.isEmpty, .fileMakerField, at: pointer,
                    "\(reply.request): '\(name)' lacks \(missing.joined(separator: ", "))")
                bench.expect(
                    item["type"]?.stringValue == field.kind.rawValue
                        && item["result"]?.stringValue == field.result.rawValue,
                    .fileMakerField, at: pointer,
                    "\(reply.request): '\(name)' is described as \(item["type"]?.stringValue ?? "?") \(item["result"]?.stringValue ?? "?"), expected \(field.kind.rawValue) \(field.result.rawValue)"
                )
            }
        }
        judge(
            reply.value(at: "/response/fieldMetaData")?.arrayValue ?? [], layout.fields.map { ($0.name, $0) },
            at: "/response/fieldMetaData")
        for portal in layout.portals {
            let related = database.table(named: portal.table)
            let fields = portal.fields.compactMap { name in
                related?.field(named: name).map { (portal.qualified(name), $0) }
            }
            judge(
                reply.value(at: "/response/portalMetaData/\(portal.name)")?.arrayValue ?? [], fields,
                at: "/response/portalMetaData/\(portal.name)")
        }
        let lists = reply.value(at: "/response/valueLists")?.arrayValue ?? []
        for list in layout.valueLists {
            let item = lists.first { $0["name"]?.stringValue == list.name }
            let values = (item?["values"]?.arrayValue ?? []).compactMap { $0["value"]?.stringValue }
            bench.expect(
                values == list.values && item?["type"]?.stringValue != nil, .fileMakerField, at: "/response/valueLists",
                "\(reply.request): the value list '\(list.name)' answers \(values), expected \(list.values)")
        }
    }
}
