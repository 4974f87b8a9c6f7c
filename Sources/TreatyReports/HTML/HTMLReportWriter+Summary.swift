extension HTMLReportWriter {
    /// The counts, then one table per group, per rule and per endpoint.
    func summary(_ report: HTMLReport, into page: inout String) {
        let tally = HTMLReport.Tally(report.groups.flatMap(\.items))
        page += "<section id=\"summary\" aria-labelledby=\"summary-title\">\n<h2 id=\"summary-title\">Summary</h2>\n"
        page += "<ul class=\"tiles\">"
        for (label, count, style) in [
            ("passed", tally.passed, "passed"), ("failed", tally.failed, "failed"), ("errors", tally.errored, "errored"),
            ("warnings", tally.warned, "warned"), ("skipped", tally.skipped, "skipped"),
        ] where count > 0 || label == "passed" || label == "failed" {
            page += "<li class=\"tile \(style)\"><span class=\"count\">\(count)</span> \(label)</li>"
        }
        page += "</ul>\n"
        let groupTitle = report.itemNoun == "case" ? "suite" : "file"
        let timed = report.groups.contains { $0.items.contains { $0.durationMilliseconds != nil } }
        table(
            caption: "By \(groupTitle)", first: groupTitle, timed: timed,
            rows: report.groups.map { group in
                let anchor = HTMLText.anchor("group", group.name)
                return (
                    "<a href=\"#\(anchor)\">\(HTMLText.content(group.name))</a>", HTMLReport.Tally(group.items)
                )
            }, into: &page)
        let described = Set(report.rules.map(\.id))
        table(
            caption: "By rule", first: "rule", timed: timed,
            rows: report.tallyByRule().map { entry in
                (Self.ruleLink(entry.rule, described: described), entry.tally)
            }, into: &page)
        let endpoints = report.tallyByEndpoint()
        if !endpoints.isEmpty {
            table(
                caption: "By endpoint", first: "endpoint", timed: timed,
                rows: endpoints.map { ("<code>\(HTMLText.content($0.endpoint))</code>", $0.tally) }, into: &page)
        }
        page += "</section>\n"
    }

    /// A link to a rule's description when the page has one, else the rule id.
    static func ruleLink(_ rule: String, described: Set<String>) -> String {
        guard described.contains(rule) else { return "<code>\(HTMLText.content(rule))</code>" }
        return "<a href=\"#\(HTMLText.anchor("rule", rule))\"><code>\(HTMLText.content(rule))</code></a>"
    }

    private func table(
        caption: String, first: String, timed: Bool, rows: [(String, HTMLReport.Tally)], into page: inout String
    ) {
        guard !rows.isEmpty else { return }
        page += "<table class=\"tally filterable\">\n<caption>\(caption)</caption>\n<thead><tr>"
        page += "<th scope=\"col\">\(first)</th><th scope=\"col\">passed</th><th scope=\"col\">failed</th>"
        page += "<th scope=\"col\">errors</th><th scope=\"col\">skipped</th>"
        page += (timed ? "<th scope=\"col\">time (ms)</th>" : "") + "</tr></thead>\n<tbody>\n"
        for (name, tally) in rows {
            let style = tally.bad > 0 ? " class=\"bad\"" : ""
            page += "<tr\(style)><th scope=\"row\">\(name)</th><td>\(tally.passed)</td><td>\(tally.failed)</td>"
            page += "<td>\(tally.errored)</td><td>\(tally.skipped)</td>"
            page += (timed ? "<td>\(tally.milliseconds)</td>" : "") + "</tr>\n"
        }
        page += "</tbody>\n</table>\n"
    }
}
