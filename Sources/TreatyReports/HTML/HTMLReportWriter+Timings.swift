extension HTMLReportWriter {
    /// How many of the slowest items the chart shows.
    static let chartedItems = 20

    /// A bar chart (inline SVG) of the slowest timed items, with the total time per group.
    func timings(_ report: HTMLReport, into page: inout String) {
        let timed = report.allItems.compactMap { entry in
            entry.item.durationMilliseconds.map { (label: "\(entry.group) › \(entry.item.name)", milliseconds: $0, outcome: entry.item.outcome) }
        }
        page += "<section id=\"timings\" aria-labelledby=\"timings-title\">\n<h2 id=\"timings-title\">Timings</h2>\n"
        guard !timed.isEmpty else {
            page += "<p>No \(report.itemNoun) of this run is timed.</p>\n</section>\n"
            return
        }
        let total = timed.reduce(0) { $0 + $1.milliseconds }
        let slowest = timed.enumerated().sorted { ($0.element.milliseconds, $1.offset) > ($1.element.milliseconds, $0.offset) }
            .prefix(Self.chartedItems).map(\.element)
        let longest = max(1, slowest.first?.milliseconds ?? 1)
        let barHeight = 18
        let height = slowest.count * (barHeight + 4) + 4
        page += "<p>\(timed.count) timed \(Self.plural(report.itemNoun, timed.count)), \(total) ms in all; "
        page += "the \(slowest.count) slowest:</p>\n"
        page += "<svg class=\"chart\" role=\"img\" aria-labelledby=\"chart-title\" viewBox=\"0 0 900 \(height)\" "
        page += "width=\"100%\" preserveAspectRatio=\"xMinYMin meet\">\n"
        page += "<title id=\"chart-title\">The \(slowest.count) slowest \(Self.plural(report.itemNoun, slowest.count)) in milliseconds</title>\n"
        for (index, entry) in slowest.enumerated() {
            let y = 4 + index * (barHeight + 4)
            let width = max(2, entry.milliseconds * 420 / longest)
            page += "<rect x=\"0\" y=\"\(y)\" width=\"\(width)\" height=\"\(barHeight)\" class=\"bar \(Self.style(entry.outcome))\"/>"
            page += "<text x=\"\(width + 6)\" y=\"\(y + 13)\">\(entry.milliseconds) ms · \(HTMLText.content(String(entry.label.prefix(70))))</text>\n"
        }
        page += "</svg>\n</section>\n"
    }

    /// The largest group shown unfolded (when it has failures); larger ones open on a click, so
    /// the page stays quick to lay out.
    static let openGroupLimit = 500

    /// The most items listed per group under "All"; failures beyond it are still listed, one
    /// line each, under "Failures".
    static let listedItemsPerGroup = 1000

    /// Every item, grouped (at most ``listedItemsPerGroup`` per group); groups with failures and
    /// at most ``openGroupLimit`` items unfolded.
    func everyItem(_ report: HTMLReport, into page: inout String) {
        let plural = Self.plural(report.itemNoun, 2)
        page += "<section id=\"all\" aria-labelledby=\"all-title\">\n<h2 id=\"all-title\">All \(plural)</h2>\n"
        for group in report.groups {
            let tally = HTMLReport.Tally(group.items)
            let anchor = HTMLText.anchor("group", group.name)
            let open = tally.bad > 0 && group.items.count <= Self.openGroupLimit
            page += "<details id=\"\(anchor)\"\(open ? " open" : "")><summary>\(HTMLText.content(group.name)): "
            page += "\(Self.counts(tally))</summary>\n"
            if let file = group.file { page += "<p><code>\(HTMLText.content(file))</code></p>\n" }
            if let note = group.note { page += "<p class=\"note\">\(HTMLText.content(note))</p>\n" }
            if !group.items.isEmpty {
                page += "<table class=\"items filterable\">\n<thead><tr><th scope=\"col\">\(report.itemNoun)</th>"
                page += "<th scope=\"col\">outcome</th><th scope=\"col\">ms</th></tr></thead>\n<tbody>\n"
                for item in group.items.prefix(Self.listedItemsPerGroup) {
                    var outcome = item.outcome.word
                    if case .skipped(let reason) = item.outcome { outcome += ": " + reason }
                    page += "<tr class=\"\(Self.style(item.outcome))\"><td>\(HTMLText.content(item.name))</td>"
                    page += "<td>\(HTMLText.content(outcome))</td><td>\(item.durationMilliseconds.map(String.init) ?? "")</td></tr>\n"
                }
                page += "</tbody>\n</table>\n"
                if group.items.count > Self.listedItemsPerGroup {
                    page += "<p class=\"note\">\(group.items.count - Self.listedItemsPerGroup) more not listed here; "
                    page += "every failure is listed under <a href=\"#failures\">Failures</a>.</p>\n"
                }
            }
            page += "</details>\n"
        }
        page += "</section>\n"
    }

    /// What each rule the page names means.
    func ruleDescriptions(_ report: HTMLReport, into page: inout String) {
        page += "<section id=\"rules\" aria-labelledby=\"rules-title\">\n<h2 id=\"rules-title\">Rules</h2>\n"
        guard !report.rules.isEmpty else {
            page += "<p>No rule descriptions for this run; <code>treaty rules</code> lists them.</p>\n</section>\n"
            return
        }
        page += "<dl class=\"rules\">\n"
        for rule in report.rules {
            page += "<dt id=\"\(HTMLText.anchor("rule", rule.id))\"><code>\(HTMLText.content(rule.id))</code></dt>"
            page += "<dd>\(HTMLText.content(rule.meaning))</dd>\n"
        }
        page += "</dl>\n</section>\n"
    }
}
