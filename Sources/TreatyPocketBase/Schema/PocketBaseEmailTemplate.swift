/// An email template of an auth collection: a subject and an HTML body with `{APP_NAME}`,
/// `{APP_URL}`, `{TOKEN}`, `{OTP}` or `{ALERT_INFO}` placeholders.
struct PocketBaseEmailTemplate: Sendable, Hashable {
    /// The subject line.
    var subject: String
    /// The HTML body.
    var body: String

    /// Creates a template.
    ///
    /// - Parameters:
    ///   - subject: The subject line.
    ///   - body: The HTML body.
    init(subject: String, body: String) {
        self.subject = subject
        self.body = body
    }
}
