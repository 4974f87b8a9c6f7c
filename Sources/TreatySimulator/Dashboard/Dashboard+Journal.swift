import Foundation
import HTTPTypes
import Logging
import TreatyCore
import TreatyDialect

extension Dashboard {
    /// The most journal entries one page lists.
    static let journalPageSize = 200

    /// The journal, newest first, filtered by method, path pattern, status (`404`, `4xx`,
    /// `pending`) and operation (an endpoint as the overview names it).
    func journalPage(_ request: DialectRequest) -> DialectResponse {
        let method = request.queryValue("method").flatMap { $0.isEmpty ? nil : $0 }
        let pathText = request.queryValue("path") ?? ""
        let status = request.queryValue("status") ?? ""
        let operation = request.queryValue("operation") ?? ""
        let contract = store.contract
        let filter = RequestJournal.Filter(method: method, path: pathText.isEmpty ? nil : PathPattern(pathText))
        let matching = journal.entries(matching: filter).reversed().filter { entry in
            Self.status(entry.status, matches: status)
                && (operation.isEmpty || EndpointName.of(method: entry.method, path: entry.path, in: contract) == operation)
        }
        var body = "<form class=\"filters\" method=\"get\" action=\"\(Self.uiPrefix)/journal\">"
        body += "<label>method <select name=\"method\"><option value=\"\">any</option>"
        for option in ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] {
            body += "<option\(option == method?.uppercased() ? " selected" : "")>\(option)</option>"
        }
        body += "</select></label>"
        body += Self.textField("path", label: "path (* matches one segment, ** any)", value: pathText)
        body += Self.textField("status", label: "status (404, 4xx, pending)", value: status)
        body += Self.textField("operation", label: "operation", value: operation)
        body += "<button type=\"submit\">Filter</button>"
        body += "<label><span><input type=\"checkbox\" id=\"live\" disabled> live</span></label></form>\n"
        body += "<p class=\"note\">\(matching.count) of the \(journal.count(matching: .init())) requests the journal holds"
        body += matching.count > Self.journalPageSize ? "; the newest \(Self.journalPageSize) are listed.</p>\n" : ".</p>\n"
        body += "<table><thead><tr><th scope=\"col\">#</th><th scope=\"col\">request</th><th scope=\"col\">status</th>"
        body += "<th scope=\"col\">µs</th><th scope=\"col\">fault</th><th scope=\"col\">operation</th>"
        body += "<th scope=\"col\">origin</th></tr></thead>\n"
        body += "<tbody id=\"journal-rows\">\n"
        for entry in matching.prefix(Self.journalPageSize) {
            let target = entry.query.isEmpty ? entry.path : entry.path + "?" + entry.query
            let statusText = entry.status.map(String.init) ?? (entry.durationMicros == nil ? "pending" : "reset")
            body += "<tr><td><a href=\"\(Self.uiPrefix)/journal/\(entry.sequence)\">\(entry.sequence)</a></td>"
            body += "<td><code>\(DashboardPage.text(entry.method + " " + target))</code></td>"
            body += "<td class=\"s\(statusText.prefix(1))\">\(statusText)</td><td>\(entry.durationMicros.map(String.init) ?? "")</td>"
            body += "<td>\(DashboardPage.text(entry.fault ?? ""))</td>"
            body += "<td>\(DashboardPage.text(EndpointName.of(method: entry.method, path: entry.path, in: contract)))</td>"
            let violations = entry.violations.isEmpty ? "" : " (\(entry.violations.count) violations)"
            body += "<td>\(entry.origin.rawValue)\(violations)</td></tr>\n"
        }
        body += "</tbody></table>\n"
        return DashboardPage.render("Journal", section: .journal, body: body)
    }

    /// One journal entry: the request and the answer, secrets masked, and a replay button.
    func entryPage(_ number: String) -> DialectResponse {
        guard let sequence = Int(number), let entry = journal.entry(sequence) else {
            return DashboardPage.problem(
                .notFound, "The journal holds no request #\(number) (it keeps the newest \(journal.capacity)).", section: .journal)
        }
        let target = entry.query.isEmpty ? entry.path : entry.path + "?" + entry.query
        var body = "<dl class=\"facts\"><dt>status</dt><dd>\(entry.status.map(String.init) ?? "none")</dd>"
        body += "<dt>duration</dt><dd>\(entry.durationMicros.map { "\($0) µs" } ?? "pending")</dd>"
        body += "<dt>operation</dt><dd>\(DashboardPage.text(EndpointName.of(method: entry.method, path: entry.path, in: store.contract)))</dd>"
        if let fault = entry.fault { body += "<dt>fault</dt><dd>\(DashboardPage.text(fault))</dd>" }
        body += "<dt>origin</dt><dd>\(entry.origin.rawValue)</dd>"
        if let upstreamError = entry.upstreamError {
            body += "<dt>live backend</dt><dd>\(DashboardPage.text(upstreamError))</dd>"
        }
        if let replayOf = entry.replayOf {
            body += "<dt>replays</dt><dd><a href=\"\(Self.uiPrefix)/journal/\(replayOf)\">#\(replayOf)</a></dd>"
        }
        body += "</dl>\n"
        if !entry.violations.isEmpty {
            body += "<h2>Contract violations</h2>\n<ul>"
            for violation in entry.violations {
                let place = violation.pointer.isEmpty ? "/" : violation.pointer
                body += "<li><code>\(DashboardPage.text(violation.rule))</code> at <code>\(DashboardPage.text(place))</code>: "
                body += "\(DashboardPage.text(violation.message))</li>"
            }
            body += "</ul>\n"
        }
        body += "<h2>Request</h2>\n<pre>\(DashboardPage.text(entry.method + " " + target))\n"
        body += entry.headers.map { DashboardPage.text("\($0.name): \($0.value)") }.joined(separator: "\n")
        let requestBody = DashboardPage.body(entry.body)
        if !requestBody.isEmpty { body += "\n\n" + DashboardPage.text(requestBody) }
        body += "</pre>\n<h2>Answer</h2>\n<pre>\(entry.status.map(String.init) ?? "no answer")\n"
        body += entry.answerHeaderFields.map { DashboardPage.text("\($0.name): \($0.value)") }.joined(separator: "\n")
        let answer = DashboardPage.body(entry.answer)
        if !answer.isEmpty { body += "\n\n" + DashboardPage.text(answer) }
        body += "</pre>\n"
        if entry.answerBodySize > JournalEntry.keptAnswerBytes {
            body += "<p class=\"note\">The answer's body had \(entry.answerBodySize) bytes; the journal keeps the first \(JournalEntry.keptAnswerBytes).</p>\n"
        }
        body += "<form method=\"post\" action=\"\(Self.uiPrefix)/journal/\(sequence)/replay\">"
        body += "<button type=\"submit\">Replay this request</button> <span class=\"note\">sends it to the dialect again, "
        body += "past the fault rules, as a new journal entry</span></form>\n"
        return DashboardPage.render("Request #\(sequence)", section: .journal, body: body)
    }

    /// Sends a journaled request to the dialect again, journals it as a new entry, and shows it.
    /// An answer that is a stream is ended at once; its entry shows the head.
    func replay(_ number: String) -> DialectResponse {
        guard let sequence = Int(number), let entry = journal.entry(sequence) else {
            return DashboardPage.problem(.notFound, "The journal holds no request #\(number).", section: .journal)
        }
        let started = ContinuousClock.now
        let replayed = journal.begin(entry.replay)
        let response = dialect.respond(to: entry.replayRequest, store: store)
        // A replayed stream (an event subscription) has no client to read it: end it at once.
        response.stream?.cancel()
        let elapsed = ContinuousClock.now - started
        let micros = elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
        journal.finish(replayed, status: Int(response.status.code), durationMicros: micros, fault: nil, answer: response)
        logger.info("dashboard: replayed request #\(sequence) as #\(replayed)")
        return DashboardPage.redirect(to: "\(Self.uiPrefix)/journal/\(replayed)")
    }

    /// Whether `status` passes the filter text: empty, an exact code, a class (`4xx`), or
    /// `pending`.
    static func status(_ status: Int?, matches filter: String) -> Bool {
        let filter = filter.trimmingCharacters(in: .whitespaces).lowercased()
        guard !filter.isEmpty else { return true }
        guard let status else { return filter == "pending" || filter == "reset" }
        if filter.count == 3, filter.hasSuffix("xx"), let first = filter.first?.wholeNumberValue {
            return status / 100 == first
        }
        return Int(filter) == status
    }

    static func textField(_ name: String, label: String, value: String) -> String {
        "<label>\(label) <input name=\"\(name)\" value=\"\(DashboardPage.attribute(value))\"></label>"
    }
}
