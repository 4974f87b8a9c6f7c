import HTTPTypes
import Logging
import TreatyCore
import TreatyDialect
import TreatyJSON

/// The simulator's own endpoints under `/__treaty/`: reset, snapshots, state dumps, the
/// request journal, fault rules, dropping open streams, writing the store as fixtures, the
/// routes `--spy --record` learned, and the ``Dashboard`` pages. They
/// answer JSON (the dashboard HTML) and never reach the dialect; state dumps and the journal
/// mask what `SecretPolicy` calls secret.
struct AdminAPI: Sendable {
    /// The reserved path prefix; no contract route can start with it.
    static let prefix = "/__treaty"

    let store: RecordStore
    let journal: RequestJournal
    let faults: FaultInjector
    let streams: OpenStreams
    let stubs: StubRouter
    /// What `--spy --record` learned, when it records.
    let recorder: RouteRecorder?
    /// Where `POST /__treaty/export` writes, when it is on.
    let fixtureExport: FixtureExport?
    let logger: Logger
    let dashboard: Dashboard

    init(
        store: RecordStore, journal: RequestJournal, faults: FaultInjector, streams: OpenStreams, stubs: StubRouter,
        recorder: RouteRecorder?, fixtureExport: FixtureExport?, dialect: any Dialect, logger: Logger
    ) {
        self.stubs = stubs
        self.recorder = recorder
        self.fixtureExport = fixtureExport
        self.store = store
        self.journal = journal
        self.faults = faults
        self.streams = streams
        self.logger = logger
        dashboard = Dashboard(store: store, journal: journal, faults: faults, dialect: dialect, logger: logger)
    }

    /// The header that may carry the admin token instead of `Authorization: Bearer`.
    static let tokenHeader = HTTPField.Name("X-Treaty-Admin-Token")!

    /// Whether `headers` carry `token`, as `Authorization: Bearer TOKEN`,
    /// `X-Treaty-Admin-Token: TOKEN` or the dashboard's cookie, compared in time that does not
    /// depend on where they differ.
    static func isAuthorized(_ headers: HTTPFields, token: String) -> Bool {
        var offered: [String] = headers[values: tokenHeader]
        for value in headers[values: .authorization] where value.hasPrefix("Bearer ") {
            offered.append(String(value.dropFirst("Bearer ".count)))
        }
        for cookies in headers[values: .cookie] {
            for pair in cookies.split(separator: ";") {
                let pair = pair.drop { $0 == " " }
                if pair.hasPrefix(Dashboard.cookieName + "=") {
                    offered.append(PercentDecoding.decode(pair.dropFirst(Dashboard.cookieName.count + 1)))
                }
            }
        }
        return isAuthorized(offered: offered, token: token)
    }

    /// Whether one of `offered` is `token`, compared in time that does not depend on where they
    /// differ.
    static func isAuthorized(offered: [String], token: String) -> Bool {
        offered.contains { constantTimeEqual(Array($0.utf8), Array(token.utf8)) }
    }

    private static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for index in 0..<max(a.count, b.count) {
            difference |= (index < a.count ? a[index] : 0) ^ (index < b.count ? b[index] : 0)
        }
        return difference == 0
    }

    /// Whether `path` belongs to the admin API.
    static func owns(_ path: String) -> Bool {
        path == prefix || path.hasPrefix(prefix + "/")
    }

    func respond(to request: DialectRequest) -> DialectResponse {
        if Dashboard.owns(request.path) { return dashboard.respond(to: request) }
        let segments = request.path.dropFirst(Self.prefix.count).split(separator: "/").map { PercentDecoding.decode($0) }
        let method = request.method
        switch segments.first {
        case "reset" where segments.count == 1:
            guard method == .post else { return AdminResponse.methodNotAllowed([.post], path: request.path) }
            Self.reset(store, logger: logger)
            stubs.reset()
            return AdminResponse.json(["reset": true])
        case "snapshots":
            return snapshots(Array(segments.dropFirst()), method: method, path: request.path)
        case "state" where segments.count == 2:
            guard method == .get else { return AdminResponse.methodNotAllowed([.get], path: request.path) }
            let resource = segments[1]
            guard let records = store.dump(resource) else {
                let known = store.contract.resources.map(\.name).joined(separator: ", ")
                return AdminResponse.error(.notFound, "no resource '\(resource)'; the contract has: \(known)")
            }
            return AdminResponse.json([
                "resource": .string(resource), "records": .array(records.map { JSONValue.object($0).redacted }),
            ])
        case "requests" where segments.count == 1:
            return requests(request)
        case "requests" where segments.count == 2 && segments[1] == "count":
            guard method == .get else { return AdminResponse.methodNotAllowed([.get], path: request.path) }
            return AdminResponse.json(["count": .number(JSONNumber(journal.count(matching: Self.filter(request))))])
        case "faults" where segments.count == 1:
            return faultRules(request)
        case "export" where segments.count == 1:
            guard method == .post else { return AdminResponse.methodNotAllowed([.post], path: request.path) }
            return export()
        case "recorded" where segments.count == 2 && segments[1] == "routes":
            guard method == .get else { return AdminResponse.methodNotAllowed([.get], path: request.path) }
            guard let recorder else {
                return AdminResponse.error(.notFound, "nothing is recorded; start with treaty serve --spy URL --record")
            }
            var headers = HTTPFields()
            headers[.contentType] = "application/yaml; charset=utf-8"
            return DialectResponse(status: .ok, headers: headers, body: Array(recorder.yaml.utf8))
        case "streams" where segments.count == 2 && segments[1] == "drop":
            guard method == .post else { return AdminResponse.methodNotAllowed([.post], path: request.path) }
            return AdminResponse.json(["dropped": .number(JSONNumber(streams.cancelAll()))])
        default:
            return AdminResponse.error(
                .notFound,
                "no admin endpoint \(request.method.rawValue) \(request.path); "
                    + "see /__treaty/{reset,snapshots,state,requests,faults,streams/drop,export,recorded/routes}")
        }
    }

    /// Returns the store to its fixtures, and says so in the log when the state is persisted.
    static func reset(_ store: RecordStore, logger: Logger) {
        store.reset()
        if store.commitLog != nil {
            logger.notice("reset: the records are the fixtures again, in memory and in the persisted state")
        }
    }

    /// Writes the store as fixtures to the configured directory.
    private func export() -> DialectResponse {
        guard let fixtureExport else {
            return AdminResponse.error(.notFound, "export is off; start with treaty serve --export-dir DIR")
        }
        do {
            let files = try fixtureExport.write(store)
            logger.notice("exported the records as fixtures to \(fixtureExport.directory) (\(files.count) files)")
            return AdminResponse.json([
                "directory": .string(fixtureExport.directory), "files": .array(files.map { .string($0) }),
            ])
        } catch {
            return AdminResponse.error(.conflict, error.message)
        }
    }

    private func snapshots(_ rest: [String], method: HTTPRequest.Method, path: String) -> DialectResponse {
        switch rest.count {
        case 0:
            guard method == .get else { return AdminResponse.methodNotAllowed([.get], path: path) }
            return AdminResponse.json(["snapshots": .array(store.snapshotNames.map { .string($0) })])
        case 1:
            guard method == .post else { return AdminResponse.methodNotAllowed([.post], path: path) }
            store.snapshot(named: rest[0])
            return AdminResponse.json(["snapshot": .string(rest[0])], status: .created)
        case 2 where rest[1] == "restore":
            guard method == .post else { return AdminResponse.methodNotAllowed([.post], path: path) }
            guard store.restore(named: rest[0]) else {
                return AdminResponse.error(.notFound, "no snapshot named '\(rest[0])'")
            }
            return AdminResponse.json(["restored": .string(rest[0])])
        default:
            return AdminResponse.error(.notFound, "no admin endpoint \(path)")
        }
    }

    private func requests(_ request: DialectRequest) -> DialectResponse {
        switch request.method {
        case .get:
            let entries = journal.entries(matching: Self.filter(request))
            return AdminResponse.json(["requests": .array(entries.map(\.json))])
        case .delete:
            return AdminResponse.json(["cleared": .number(JSONNumber(journal.clear()))])
        default:
            return AdminResponse.methodNotAllowed([.get, .delete], path: request.path)
        }
    }

    private func faultRules(_ request: DialectRequest) -> DialectResponse {
        switch request.method {
        case .get:
            return AdminResponse.json(["faults": .array(faults.rules.map(\.json))])
        case .post:
            let value: JSONValue
            do {
                value = try JSONParser().parse(request.body)
            } catch {
                return AdminResponse.error(.badRequest, "the body is not JSON: \(error)")
            }
            do throws(FaultSpecError) {
                let rule = try FaultRule(json: value)
                faults.add(rule)
                return AdminResponse.json(["fault": rule.json], status: .created)
            } catch {
                return AdminResponse.error(.badRequest, error.message + (error.hint.map { "; \($0)" } ?? ""))
            }
        case .delete:
            return AdminResponse.json(["cleared": .number(JSONNumber(faults.clear()))])
        default:
            return AdminResponse.methodNotAllowed([.get, .post, .delete], path: request.path)
        }
    }

    private static func filter(_ request: DialectRequest) -> RequestJournal.Filter {
        RequestJournal.Filter(
            method: request.queryValue("method").flatMap { $0.isEmpty ? nil : $0 },
            path: request.queryValue("path").flatMap { $0.isEmpty ? nil : PathPattern($0) })
    }
}
