import HTTPTypes
import TreatyDialect
import TreatyJSON

/// The dashboard's page frame and answers: HTML with a policy that lets the page talk only to
/// the simulator itself, and redirects after a form is posted.
enum DashboardPage {
    /// Scripts and styles are the page's own; requests go to the simulator only.
    static let contentSecurityPolicy =
        "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'; "
        + "img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

    /// The dashboard's sections, in navigation order.
    enum Section: String, CaseIterable {
        case overview = "Overview", journal = "Journal", records = "Records", snapshots = "Snapshots", faults = "Faults"

        var path: String {
            self == .overview ? AdminAPI.prefix + "/" : Dashboard.uiPrefix + "/" + rawValue.lowercased()
        }
    }

    /// A complete page.
    static func render(
        _ title: String, section: Section?, body: String, status: HTTPResponse.Status = .ok, headers extra: HTTPFields = [:]
    ) -> DialectResponse {
        var page = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(text(title)) · Treaty simulator</title>
            <style>\(DashboardStyle.css)</style>
            </head>
            <body>
            <header><p class="brand">Treaty simulator</p><nav aria-label="Dashboard"><ul>
            """
        for item in Section.allCases {
            let current = item == section ? " aria-current=\"page\"" : ""
            page += "<li><a href=\"\(item.path)\"\(current)>\(item.rawValue)</a></li>"
        }
        page += "</ul></nav></header>\n<main>\n<h1>\(text(title))</h1>\n\(body)\n</main>\n"
        page += "<script>\(DashboardStyle.script)</script>\n</body>\n</html>\n"
        var headers = extra
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        headers[.contentSecurityPolicy] = contentSecurityPolicy
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        return DialectResponse(status: status, headers: headers, body: Array(page.utf8))
    }

    /// `303 See Other` to `location`: the answer to a posted form.
    static func redirect(to location: String, headers extra: HTTPFields = [:]) -> DialectResponse {
        var headers = extra
        headers[.location] = location
        headers[.cacheControl] = "no-store"
        return DialectResponse(status: .seeOther, headers: headers)
    }

    /// A page saying what went wrong, with the status that says it to a program.
    static func problem(_ status: HTTPResponse.Status, _ message: String, section: Section?) -> DialectResponse {
        render(status.reasonPhrase, section: section, body: "<p class=\"error\" role=\"alert\">\(text(message))</p>", status: status)
    }

    /// `value` escaped for element content.
    static func text(_ value: String) -> String {
        MarkupEscaping.content(value)
    }

    /// `value` escaped for a double-quoted attribute.
    static func attribute(_ value: String) -> String {
        MarkupEscaping.attribute(value)
    }

    /// A body as text to show: pretty JSON when it parses, else the text (binary as a byte count).
    static func body(_ bytes: [UInt8]) -> String {
        guard !bytes.isEmpty else { return "" }
        if let value = try? JSONParser(options: .init(maxDepth: 64, maxDocumentSize: 1 << 20)).parse(bytes) {
            return value.serialized(options: JSONWriteOptions(pretty: true))
        }
        return String(validating: bytes, as: UTF8.self) ?? "(\(bytes.count) bytes of binary data)"
    }
}
