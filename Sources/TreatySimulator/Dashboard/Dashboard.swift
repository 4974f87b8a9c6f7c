import HTTPTypes
import Logging
import TreatyCore
import TreatyDialect

/// The simulator's dashboard: server-rendered pages under the admin prefix — `/__treaty/` (an
/// overview) and `/__treaty/ui/…` (the request journal, the store's records, snapshots and fault
/// rules) — behind the admin token when one is set (a login form keeps it in a cookie).
///
/// Pages work without JavaScript (links and forms; every form is answered with a redirect); a
/// small script only keeps the journal live. Nothing is loaded whole: the journal shows a
/// bounded page of entries, and records are paged from the store.
struct Dashboard: Sendable {
    /// Where the dashboard's pages live, besides the overview at `/__treaty/`.
    static let uiPrefix = AdminAPI.prefix + "/ui"

    let store: RecordStore
    let journal: RequestJournal
    let faults: FaultInjector
    let dialect: any Dialect
    let logger: Logger

    /// Whether `path` is a dashboard page.
    static func owns(_ path: String) -> Bool {
        path == AdminAPI.prefix || path == AdminAPI.prefix + "/" || path == uiPrefix || path.hasPrefix(uiPrefix + "/")
    }

    func respond(to request: DialectRequest) -> DialectResponse {
        let rest = request.path.hasPrefix(Self.uiPrefix) ? request.path.dropFirst(Self.uiPrefix.count) : ""
        let segments = rest.split(separator: "/").map { PercentDecoding.decode($0) }
        let form = request.method == .post ? QueryItem.parse(String(decoding: request.body, as: UTF8.self), plusAsSpace: true) : []
        switch (request.method, segments.count) {
        case (.get, 0): return overview()
        case (.get, 1) where segments[0] == "journal": return journalPage(request)
        case (.get, 2) where segments[0] == "journal": return entryPage(segments[1])
        case (.post, 3) where segments[0] == "journal" && segments[2] == "replay": return replay(segments[1])
        case (.get, 1) where segments[0] == "records": return resourcesPage()
        case (.get, 2) where segments[0] == "records": return recordsPage(segments[1], request)
        case (.get, 1) where segments[0] == "snapshots": return snapshotsPage(request)
        case (.post, 1) where segments[0] == "snapshots": return takeSnapshot(form)
        case (.post, 3) where segments[0] == "snapshots" && segments[2] == "restore": return restore(segments[1])
        case (.post, 1) where segments[0] == "reset": return reset()
        case (.post, 1) where segments[0] == "login": return DashboardPage.redirect(to: AdminAPI.prefix + "/")
        case (.get, 1) where segments[0] == "faults": return faultsPage(request)
        case (.post, 1) where segments[0] == "faults": return addFault(form)
        case (.post, 2) where segments[0] == "faults" && segments[1] == "clear": return clearFaults()
        case (.post, 3) where segments[0] == "faults" && segments[2] == "toggle": return toggleFault(segments[1])
        case (.get, _), (.post, _):
            return DashboardPage.problem(.notFound, "The dashboard has no page \(request.path).", section: nil)
        default:
            var response = DashboardPage.problem(
                .methodNotAllowed, "Dashboard pages answer GET, and forms POST.", section: nil)
            response.headers[.allow] = "GET, POST"
            return response
        }
    }

    /// The value of form field `name`, when it was sent.
    static func field(_ name: String, in form: [QueryItem]) -> String? {
        form.first { $0.name == name }?.value
    }
}
