import HTTPTypes
import TreatyCore
import TreatyDialect

extension Dashboard {
    /// The cookie that carries the admin token for the dashboard's pages.
    static let cookieName = "treaty_admin"

    /// The answer to a dashboard request that does not carry the admin token: the login form
    /// (401), or — for a posted form with the right token — the cookie and a redirect to the
    /// overview.
    static func login(_ request: DialectRequest, token: String) -> DialectResponse {
        var message = ""
        if request.method == .post, request.path == uiPrefix + "/login" {
            let form = QueryItem.parse(String(decoding: request.body, as: UTF8.self), plusAsSpace: true)
            if let offered = field("token", in: form), AdminAPI.isAuthorized(offered: [offered], token: token) {
                var headers = HTTPFields()
                headers[.setCookie] = "\(cookieName)=\(PercentEncoding.component(token)); Path=\(AdminAPI.prefix); HttpOnly; SameSite=Strict"
                return DashboardPage.redirect(to: AdminAPI.prefix + "/", headers: headers)
            }
            message = "<p class=\"error\" role=\"alert\">That is not the admin token.</p>\n"
        }
        let body = message + """
            <p>This simulator's admin API and dashboard need the admin token (<code>treaty serve --admin-token</code>).</p>
            <form method="post" action="\(uiPrefix)/login">
            <label for="token">Admin token</label> <input id="token" name="token" type="password" autocomplete="current-password" required>
            <button type="submit">Open the dashboard</button>
            </form>
            """
        var headers = HTTPFields()
        headers[.wwwAuthenticate] = "Bearer realm=\"treaty\""
        return DashboardPage.render("Log in", section: nil, body: body, status: .unauthorized, headers: headers)
    }
}

