import Foundation

/// Renders an ``HTMLReport`` as one self-contained page: no network (a Content-Security-Policy
/// forbids every request), no external file, readable without JavaScript, with a small script
/// that only filters what is already on the page.
///
/// The page has a summary with the verdict and counts, tables per group, per rule and per
/// endpoint, every failure with its findings, its payload beside the contract's expectations
/// (missing keys as ghost lines, nulls, extra keys and wrong values marked in colour and in
/// words) and its requests and answers, a chart of the slowest items, the list of all items, and
/// what each rule means. Text passes the shared secret policy before it is written.
///
/// Size is bounded: at most ``maxDetailedItems`` failures are shown in full and
/// ``maxFindingsPerItem`` findings per item; later failures get one line each. With the
/// defaults, a run of 10,000 findings renders in a few megabytes (see the HTML report article).
public struct HTMLReportWriter: Sendable {
    /// The most failing items shown with their findings, payloads and exchanges.
    public var maxDetailedItems: Int
    /// The most findings shown per item; the rest are counted.
    public var maxFindingsPerItem: Int

    /// Creates a writer.
    public init(maxDetailedItems: Int = 200, maxFindingsPerItem: Int = 50) {
        self.maxDetailedItems = maxDetailedItems
        self.maxFindingsPerItem = maxFindingsPerItem
    }

    /// The page's HTML.
    public func render(_ report: HTMLReport) -> String {
        var page = ""
        page.reserveCapacity(64 * 1024)
        let tally = HTMLReport.Tally(report.groups.flatMap(\.items))
        page += """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="\(HTMLReportStyle.contentSecurityPolicy)">
            <title>\(HTMLText.content(report.title))</title>
            <style>\(HTMLReportStyle.css)</style>
            </head>
            <body>

            """
        header(report, tally: tally, into: &page)
        page += "<main>\n"
        summary(report, into: &page)
        failures(report, into: &page)
        timings(report, into: &page)
        everyItem(report, into: &page)
        ruleDescriptions(report, into: &page)
        page += "</main>\n<footer><p>Written by \(HTMLText.content(report.command)) (Treaty). "
        page += "This page makes no network requests and needs no script; the filter box uses one if it runs.</p></footer>\n"
        page += "<script>\(HTMLReportStyle.script)</script>\n</body>\n</html>\n"
        return page
    }

    /// Writes the page to `path` atomically, creating missing directories.
    ///
    /// - Throws: ``ReportError`` naming `path` when it cannot be written.
    public func write(_ report: HTMLReport, to path: String) throws {
        try AtomicFile.write(Array(render(report).utf8), to: path)
    }

    private func header(_ report: HTMLReport, tally: HTMLReport.Tally, into page: inout String) {
        let noun = report.itemNoun
        let verdict: String
        let verdictClass: String
        if tally.bad > 0 {
            verdict = "Failed: \(tally.bad) of \(tally.total) \(Self.plural(noun, tally.total)) did not pass"
            verdictClass = "bad"
        } else if tally.total == 0 {
            verdict = "Nothing ran"
            verdictClass = "none"
        } else {
            verdict = "Passed: every \(noun) that ran passed"
            verdictClass = "good"
        }
        page += "<header>\n<h1>\(HTMLText.content(report.title))</h1>\n"
        page += "<p class=\"verdict \(verdictClass)\" id=\"verdict\">\(HTMLText.content(verdict))</p>\n"
        page += "<dl class=\"facts\">\n"
        let started = ISO8601DateFormatter().string(from: report.startedAt)
        for fact in [HTMLReport.Fact("command", report.command), HTMLReport.Fact("started", started)] + report.facts {
            page += "<dt>\(HTMLText.content(fact.label))</dt><dd>\(HTMLText.content(fact.value))</dd>\n"
        }
        page += "</dl>\n<nav aria-label=\"Sections\"><ul>"
        for (anchor, title) in [
            ("summary", "Summary"), ("failures", "Failures"), ("timings", "Timings"), ("all", "All \(Self.plural(noun, 2))"),
            ("rules", "Rules"),
        ] {
            page += "<li><a href=\"#\(anchor)\">\(title)</a></li>"
        }
        page += "</ul></nav>\n</header>\n"
    }

    static func plural(_ noun: String, _ count: Int) -> String {
        count == 1 ? noun : noun + "s"
    }

    static func counts(_ tally: HTMLReport.Tally) -> String {
        var parts = ["\(tally.passed) passed"]
        if tally.failed > 0 { parts.append("\(tally.failed) failed") }
        if tally.errored > 0 { parts.append("\(tally.errored) errors") }
        if tally.warned > 0 { parts.append("\(tally.warned) with warnings") }
        if tally.skipped > 0 { parts.append("\(tally.skipped) skipped") }
        return parts.joined(separator: ", ")
    }
}
