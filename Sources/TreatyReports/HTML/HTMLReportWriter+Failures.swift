extension HTMLReportWriter {
    /// Every item that failed, errored or warned: the first ``maxDetailedItems`` in full, the
    /// rest one line each.
    func failures(_ report: HTMLReport, into page: inout String) {
        let failing = report.allItems.filter { entry in
            switch entry.item.outcome {
            case .failed, .errored, .warned: true
            case .passed, .skipped: false
            }
        }
        page += "<section id=\"failures\" aria-labelledby=\"failures-title\">\n<h2 id=\"failures-title\">Failures</h2>\n"
        guard !failing.isEmpty else {
            page += "<p>None: nothing failed.</p>\n</section>\n"
            return
        }
        page += "<p><label for=\"filter\">Show only failures containing</label> "
        page += "<input id=\"filter\" type=\"search\" placeholder=\"rule, path, text\" disabled></p>\n"
        let described = Set(report.rules.map(\.id))
        for (number, entry) in failing.prefix(maxDetailedItems).enumerated() {
            article(entry.item, group: entry.group, number: number + 1, described: described, into: &page)
        }
        if failing.count > maxDetailedItems {
            let rest = failing.dropFirst(maxDetailedItems)
            page += "<details class=\"brief\"><summary>\(rest.count) more failing \(Self.plural(report.itemNoun, rest.count)), "
            page += "one line each (the first \(maxDetailedItems) are shown in full above)</summary>\n"
            page += "<table class=\"brief filterable\">\n<thead><tr><th scope=\"col\">#</th><th scope=\"col\">\(report.itemNoun)</th>"
            page += "<th scope=\"col\">where</th><th scope=\"col\">first finding</th><th scope=\"col\">findings</th></tr></thead>\n<tbody>\n"
            var previousGroup = ""
            for (offset, entry) in rest.enumerated() {
                let first = entry.item.findings.first.map(Self.headline) ?? entry.item.outcome.word
                // The group and a location in the group's file are said once, not on every row.
                let group = entry.group == previousGroup ? "" : HTMLText.content(entry.group) + " › "
                previousGroup = entry.group
                var location = entry.item.location ?? ""
                if location.hasPrefix(entry.group + ":") { location = "line " + location.dropFirst(entry.group.count + 1) }
                page += "<tr><td>\(maxDetailedItems + offset + 1)</td>"
                page += "<td>\(group)\(HTMLText.content(entry.item.name))</td>"
                page += "<td>\(HTMLText.content(location))</td>"
                page += "<td>\(HTMLText.content(first))</td><td>\(entry.item.findings.count)</td></tr>\n"
            }
            page += "</tbody>\n</table>\n</details>\n"
        }
        page += "</section>\n"
    }

    private func article(
        _ item: HTMLReport.Item, group: String, number: Int, described: Set<String>, into page: inout String
    ) {
        let outcome = item.outcome.word
        page += "<article class=\"failure filterable\" id=\"failure-\(number)\" aria-labelledby=\"failure-\(number)-title\">\n"
        page += "<h3 id=\"failure-\(number)-title\"><span class=\"badge \(Self.style(item.outcome))\">\(outcome)</span> "
        page += "\(HTMLText.content(group)) › \(HTMLText.content(item.name))</h3>\n<p class=\"where\">"
        var facts: [String] = []
        if let location = item.location { facts.append("<code>\(HTMLText.content(location))</code>") }
        if let endpoint = item.endpoint { facts.append("endpoint <code>\(HTMLText.content(endpoint))</code>") }
        if let milliseconds = item.durationMilliseconds { facts.append("\(milliseconds) ms") }
        if !item.rules.isEmpty {
            facts.append("rules " + item.rules.map { Self.ruleLink($0, described: described) }.joined(separator: ", "))
        }
        page += facts.joined(separator: " · ") + "</p>\n<ul class=\"findings\">\n"
        for finding in item.findings.prefix(maxFindingsPerItem) {
            findingLine(finding, described: described, into: &page)
        }
        if item.findings.count > maxFindingsPerItem {
            page += "<li>\(item.findings.count - maxFindingsPerItem) more findings not shown</li>\n"
        }
        page += "</ul>\n"
        let shown = Array(item.findings.prefix(maxFindingsPerItem))
        if let payload = item.payload {
            let title = "The \(payload.pointer.isEmpty ? "payload" : "value at " + payload.pointer)"
                + (payload.location.map { " (\($0))" } ?? "") + " beside the contract"
            payloadTable(payload.json, base: payload.pointer, findings: shown, title: title, into: &page)
        }
        let annotated = Self.annotatedExchange(item.exchanges, findings: shown)
        for (index, exchange) in item.exchanges.enumerated() {
            let findings = index == annotated ? shown : []
            exchangeBlock(exchange, findings: findings, open: index == annotated, into: &page)
        }
        page += "</article>\n"
    }

    private func findingLine(_ finding: HTMLReport.Finding, described: Set<String>, into page: inout String) {
        let mark = finding.pointer == nil ? nil : PayloadMark(finding)
        page += "<li class=\"finding\(mark.map { " mark-" + $0.rawValue } ?? "")\">"
        if let rule = finding.rule { page += Self.ruleLink(rule, described: described) + " " }
        if let pointer = finding.pointer { page += "<code class=\"pointer\">\(HTMLText.content(pointer.isEmpty ? "/" : pointer))</code> " }
        if let mark { page += "<span class=\"tag\">\(mark.label)</span> " }
        page += HTMLText.content(finding.summary)
        if let expected = finding.expected {
            page += "<br><span class=\"expect\">expected \(HTMLText.content(expected))"
            if let found = finding.found { page += "; found \(HTMLText.content(found))" }
            page += "</span>"
        }
        if !finding.detail.isEmpty {
            page += "<details><summary>detail</summary><pre>\(HTMLText.content(finding.detail))</pre></details>"
        }
        page += "</li>\n"
    }

    private func exchangeBlock(
        _ exchange: HTMLReport.Exchange, findings: [HTMLReport.Finding], open: Bool, into page: inout String
    ) {
        let status = exchange.status.map(String.init) ?? "no answer"
        page += "<details class=\"exchange\"\(open ? " open" : "")><summary><code>\(HTMLText.content(exchange.request))</code>"
        page += " → \(status) (\(exchange.totalMilliseconds) ms)</summary>\n"
        var request = ([exchange.request] + exchange.requestHeaders).joined(separator: "\n")
        if !exchange.requestBody.isEmpty { request += "\n\n" + exchange.requestBody }
        page += "<h4>Request</h4><pre>\(HTMLText.content(request))</pre>\n<h4>Answer</h4>"
        let head = (["\(status)"] + exchange.responseHeaders).joined(separator: "\n")
        page += "<pre>\(HTMLText.content(head))</pre>\n"
        if !exchange.responseBody.isEmpty {
            if findings.contains(where: { $0.pointer != nil }) {
                payloadTable(exchange.responseBody, base: "", findings: findings, title: "The answer beside the contract", into: &page)
            } else {
                page += "<pre>\(HTMLText.content(exchange.responseBody))</pre>\n"
            }
        }
        page += "</details>\n"
    }

    /// The payload laid out line by line, each finding's line marked, with what the contract
    /// expects beside it; plain text when it is not JSON.
    private func payloadTable(
        _ json: String, base: String, findings: [HTMLReport.Finding], title: String, into page: inout String
    ) {
        guard let view = PayloadView(json: json, base: base, findings: findings) else {
            page += "<pre>\(HTMLText.content(json))</pre>\n"
            return
        }
        page += "<table class=\"payload\">\n<caption>\(HTMLText.content(title))</caption>\n"
        page += "<thead><tr><th scope=\"col\">payload</th><th scope=\"col\">contract</th></tr></thead>\n<tbody>\n"
        for row in view.rows {
            let style = row.mark.map { " class=\"mark-\($0.rawValue)\(row.isGhost ? " ghost" : "")\"" } ?? ""
            page += "<tr\(style)><td><code style=\"--depth:\(row.depth)\">\(HTMLText.content(row.text))</code></td><td>"
            if let mark = row.mark {
                page += "<span class=\"tag\">\(mark.label)</span> "
                page += row.notes.map(HTMLText.content).joined(separator: "<br>")
            }
            page += "</td></tr>\n"
        }
        if view.omittedRows > 0 {
            page += "<tr><td colspan=\"2\">… \(view.omittedRows) more lines not shown</td></tr>\n"
        }
        page += "</tbody>\n</table>\n"
    }

    /// The exchange whose answer the findings are about: the last one a finding's summary names,
    /// else the last one with a body.
    static func annotatedExchange(_ exchanges: [HTMLReport.Exchange], findings: [HTMLReport.Finding]) -> Int? {
        guard findings.contains(where: { $0.pointer != nil }) else { return exchanges.indices.last }
        if let named = exchanges.indices.last(where: { index in
            findings.contains { $0.summary.contains(exchanges[index].request) }
        }) {
            return named
        }
        return exchanges.indices.last { !exchanges[$0].responseBody.isEmpty }
    }

    static func headline(_ finding: HTMLReport.Finding) -> String {
        [finding.rule, finding.pointer.map { $0.isEmpty ? "/" : $0 }].compactMap { $0 }.joined(separator: " ")
            + ": " + finding.summary
    }

    static func style(_ outcome: HTMLReport.Item.Outcome) -> String {
        switch outcome {
        case .passed: "passed"
        case .failed: "failed"
        case .errored: "errored"
        case .skipped: "skipped"
        case .warned: "warned"
        }
    }
}
