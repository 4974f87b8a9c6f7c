import Foundation
import HTTPTypes
import TreatyCore
import TreatyDialect
import TreatyJSON

extension Dashboard {
    /// Snapshots: take one, restore one, or reset to the fixtures.
    func snapshotsPage(_ request: DialectRequest) -> DialectResponse {
        var body = request.queryValue("done").map { "<p role=\"status\">\(DashboardPage.text($0))</p>\n" } ?? ""
        body += "<form method=\"post\" action=\"\(Self.uiPrefix)/snapshots\"><label for=\"name\">Snapshot name</label> "
        body += "<input id=\"name\" name=\"name\" required pattern=\"[^/]+\"> <button type=\"submit\">Take a snapshot</button></form>\n"
        let names = store.snapshotNames
        if names.isEmpty {
            body += "<p>No snapshot yet.</p>\n"
        } else {
            body += "<table><thead><tr><th scope=\"col\">snapshot</th><th scope=\"col\">action</th></tr></thead><tbody>\n"
            for name in names {
                let action = "\(Self.uiPrefix)/snapshots/\(PercentEncoding.component(name))/restore"
                body += "<tr><td>\(DashboardPage.text(name))</td><td><form class=\"inline\" method=\"post\" "
                body += "action=\"\(DashboardPage.attribute(action))\"><button type=\"submit\">Restore \(DashboardPage.text(name))</button></form></td></tr>\n"
            }
            body += "</tbody></table>\n"
        }
        body += "<h2>Reset</h2>\n<form method=\"post\" action=\"\(Self.uiPrefix)/reset\"><button type=\"submit\">Reset to the fixtures</button> "
        body += "<span class=\"note\">every record returns to the fixtures; snapshots stay</span></form>\n"
        return DashboardPage.render("Snapshots", section: .snapshots, body: body)
    }

    func takeSnapshot(_ form: [QueryItem]) -> DialectResponse {
        guard let name = Self.field("name", in: form)?.trimmingCharacters(in: .whitespaces), !name.isEmpty, !name.contains("/")
        else {
            return DashboardPage.problem(.badRequest, "A snapshot needs a name without '/'.", section: .snapshots)
        }
        store.snapshot(named: name)
        return DashboardPage.redirect(to: "\(Self.uiPrefix)/snapshots?done=\(PercentEncoding.component("Took snapshot \(name)."))")
    }

    func restore(_ name: String) -> DialectResponse {
        guard store.restore(named: name) else {
            return DashboardPage.problem(.notFound, "There is no snapshot named '\(name)'.", section: .snapshots)
        }
        return DashboardPage.redirect(to: "\(Self.uiPrefix)/snapshots?done=\(PercentEncoding.component("Restored \(name)."))")
    }

    func reset() -> DialectResponse {
        AdminAPI.reset(store, logger: logger)
        return DashboardPage.redirect(to: "\(Self.uiPrefix)/snapshots?done=\(PercentEncoding.component("Reset to the fixtures."))")
    }

    /// Fault rules: each with a switch, a form to add one, and one to remove them all.
    func faultsPage(_ request: DialectRequest) -> DialectResponse {
        var body = request.queryValue("done").map { "<p role=\"status\">\(DashboardPage.text($0))</p>\n" } ?? ""
        let rules = faults.states
        if rules.isEmpty {
            body += "<p>No fault rule.</p>\n"
        } else {
            body += "<table><thead><tr><th scope=\"col\">#</th><th scope=\"col\">rule</th><th scope=\"col\">state</th>"
            body += "<th scope=\"col\">switch</th></tr></thead><tbody>\n"
            for (index, state) in rules.enumerated() {
                let word = state.on ? "on" : "off"
                body += "<tr\(state.on ? "" : " class=\"off\"")><td>\(index)</td><td><code>\(DashboardPage.text(state.rule.json.serialized()))</code></td>"
                body += "<td>\(word)</td><td><form class=\"inline\" method=\"post\" action=\"\(Self.uiPrefix)/faults/\(index)/toggle\">"
                body += "<button type=\"submit\">Switch \(state.on ? "off" : "on") rule \(index)</button></form></td></tr>\n"
            }
            body += "</tbody></table>\n<form method=\"post\" action=\"\(Self.uiPrefix)/faults/clear\">"
            body += "<button type=\"submit\">Remove every rule</button></form>\n"
        }
        body += "<h2>Add a rule</h2>\n<form method=\"post\" action=\"\(Self.uiPrefix)/faults\">"
        body += "<label for=\"rule\">The rule as JSON, as <code>POST /__treaty/faults</code> takes it</label><br>"
        body += "<textarea id=\"rule\" name=\"rule\" rows=\"3\" cols=\"70\" required>"
        body += DashboardPage.text(#"{"path": "/projects/*/tasks", "status": 503, "probability": 0.5}"#)
        body += "</textarea><br><button type=\"submit\">Add the rule</button></form>\n"
        return DashboardPage.render("Fault rules", section: .faults, body: body)
    }

    func addFault(_ form: [QueryItem]) -> DialectResponse {
        let text = Self.field("rule", in: form) ?? ""
        do {
            let rule = try FaultRule(json: try JSONParser().parse(text))
            faults.add(rule)
            return DashboardPage.redirect(to: "\(Self.uiPrefix)/faults?done=\(PercentEncoding.component("Added the rule."))")
        } catch let error as FaultSpecError {
            return DashboardPage.problem(.badRequest, error.message + (error.hint.map { "; \($0)" } ?? ""), section: .faults)
        } catch {
            return DashboardPage.problem(.badRequest, "The rule is not JSON: \(error)", section: .faults)
        }
    }

    func toggleFault(_ number: String) -> DialectResponse {
        guard let index = Int(number), let on = faults.toggle(index) else {
            return DashboardPage.problem(.notFound, "There is no fault rule #\(number).", section: .faults)
        }
        return DashboardPage.redirect(
            to: "\(Self.uiPrefix)/faults?done=\(PercentEncoding.component("Switched rule \(index) \(on ? "on" : "off")."))")
    }

    func clearFaults() -> DialectResponse {
        let count = faults.clear()
        return DashboardPage.redirect(to: "\(Self.uiPrefix)/faults?done=\(PercentEncoding.component("Removed \(count) rules."))")
    }
}
