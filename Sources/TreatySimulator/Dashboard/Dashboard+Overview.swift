import TreatyCore
import TreatyDialect

extension Dashboard {
    /// What the simulator serves: the contract, the store's counters, records per resource,
    /// and each endpoint with how often the journal saw it.
    func overview() -> DialectResponse {
        let contract = store.contract
        var body = "<dl class=\"facts\">"
        for (label, value) in [
            ("dialect", type(of: dialect).id.rawValue), ("api", contract.api), ("contract", contract.file ?? "(built in)"),
            ("store version", String(store.currentVersion)), ("requests in the journal", String(journal.count(matching: .init()))),
            ("snapshots", String(store.snapshotNames.count)), ("fault rules", String(faults.rules.count)),
        ] {
            body += "<dt>\(label)</dt><dd>\(DashboardPage.text(value))</dd>"
        }
        body += "</dl>\n<h2>Records</h2>\n" + resourceTable()
        body += "<h2>Endpoints</h2>\n<p class=\"note\">How often each endpoint was requested, among the requests the journal holds.</p>\n"
        var hits: [String: (count: Int, failed: Int)] = [:]
        for entry in journal.entries(matching: .init()) {
            let name = EndpointName.of(method: entry.method, path: entry.path, in: contract)
            hits[name, default: (0, 0)].count += 1
            if (entry.status ?? 599) >= 400 { hits[name, default: (0, 0)].failed += 1 }
        }
        let declared = contract.endpoints.map { "\($0.method) \($0.path)" }
        let seen = hits.keys.filter { !declared.contains($0) }.sorted()
        body += "<table><thead><tr><th scope=\"col\">endpoint</th><th scope=\"col\">in the contract</th>"
        body += "<th scope=\"col\">requests</th><th scope=\"col\">of them failed</th></tr></thead><tbody>\n"
        for name in declared + seen {
            let hit = hits[name] ?? (0, 0)
            let filter = name.split(separator: " ", maxSplits: 1)
            let link =
                "\(Self.uiPrefix)/journal?method=\(filter.first.map(String.init) ?? "")&operation=\(PercentEncoding.component(name))"
            body += "<tr><td><a href=\"\(DashboardPage.attribute(link))\"><code>\(DashboardPage.text(name))</code></a></td>"
            body += "<td>\(declared.contains(name) ? "yes" : "no")</td><td>\(hit.count)</td><td>\(hit.failed)</td></tr>\n"
        }
        body += "</tbody></table>\n"
        return DashboardPage.render("Overview", section: .overview, body: body)
    }

    /// Each resource with its live records and tombstones, linked to its records.
    func resourceTable() -> String {
        var table = "<table><thead><tr><th scope=\"col\">resource</th><th scope=\"col\">live records</th>"
        table += "<th scope=\"col\">tombstones</th></tr></thead><tbody>\n"
        for resource in store.resources {
            guard let page = store.browse(resource.name, offset: 0, limit: 0) else { continue }
            let link = "\(Self.uiPrefix)/records/\(PercentEncoding.component(resource.name))"
            table += "<tr><td><a href=\"\(DashboardPage.attribute(link))\">\(DashboardPage.text(resource.name))</a></td>"
            table += "<td>\(page.total - page.tombstones)</td><td>\(page.tombstones)</td></tr>\n"
        }
        return table + "</tbody></table>\n"
    }
}
