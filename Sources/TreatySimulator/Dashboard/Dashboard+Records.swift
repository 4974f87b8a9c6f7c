import HTTPTypes
import TreatyCore
import TreatyDialect
import TreatyJSON

extension Dashboard {
    /// The most records one page lists.
    static let recordsPageSize = 50

    /// Every resource with its counts.
    func resourcesPage() -> DialectResponse {
        DashboardPage.render("Records", section: .records, body: resourceTable())
    }

    /// One page of a resource's records, in insertion order with tombstones, each with its
    /// version and last change; secret members masked.
    func recordsPage(_ resource: String, _ request: DialectRequest) -> DialectResponse {
        let offset = max(0, request.queryValue("offset").flatMap { Int($0) } ?? 0)
        guard let page = store.browse(resource, offset: offset, limit: Self.recordsPageSize) else {
            let known = store.resources.map(\.name).joined(separator: ", ")
            return DashboardPage.problem(.notFound, "There is no resource '\(resource)'; the store has: \(known).", section: .records)
        }
        let base = "\(Self.uiPrefix)/records/\(PercentEncoding.component(resource))"
        var body = "<p>\(page.total - page.tombstones) live records and \(page.tombstones) tombstones"
        body += page.total > 0 ? "; \(offset + 1)–\(offset + page.records.count) of \(page.total) shown.</p>\n" : ".</p>\n"
        body += "<table><thead><tr><th scope=\"col\">id</th><th scope=\"col\">version</th><th scope=\"col\">changed</th>"
        body += "<th scope=\"col\">state</th><th scope=\"col\">record</th></tr></thead><tbody>\n"
        for row in page.records {
            var text = JSONValue.object(row.record).redacted.serialized()
            if text.count > 600 { text = String(text.prefix(600)) + " …" }
            body += "<tr\(row.deleted ? " class=\"off\"" : "")><td><code>\(DashboardPage.text(row.id))</code></td>"
            body += "<td>\(row.version)</td><td>\(TimestampText.format(row.updatedMilliseconds))</td>"
            body += "<td>\(row.deleted ? "tombstone" : "live")</td><td class=\"json\"><code>\(DashboardPage.text(text))</code></td></tr>\n"
        }
        body += "</tbody></table>\n<nav class=\"pager\" aria-label=\"Pages\">"
        if offset > 0 { body += "<a href=\"\(base)?offset=\(max(0, offset - Self.recordsPageSize))\">previous</a>" }
        if offset + page.records.count < page.total {
            body += "<a href=\"\(base)?offset=\(offset + Self.recordsPageSize)\">next</a>"
        }
        body += "</nav>\n"
        return DashboardPage.render("Records of \(resource)", section: .records, body: body)
    }
}
