/// The superuser a PocketBase suite logs in as (`POST /api/collections/_superusers/auth-with-password`).
///
/// ``PocketBasePlugin`` reads it from `$TREATY_PB_SUPERUSER` (`email:password`) for live
/// targets; the default is the differential harness's, which is also the simulator's.
struct PocketBaseSuperuser: Sendable, Hashable {
    /// The email (the identity).
    var email: String
    /// The password; it never appears in reports.
    var password: String

    /// Creates credentials.
    init(email: String, password: String) {
        self.email = email
        self.password = password
    }

    /// Parses `email:password` (the password may contain colons); `nil` without a colon or
    /// with an empty part.
    init?(parsing text: String) {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let email = String(text[..<colon])
        let password = String(text[text.index(after: colon)...])
        guard !email.isEmpty, !password.isEmpty else { return nil }
        self.init(email: email, password: password)
    }

    /// `admin@example.com` / `admin-password-123`: the harness's and the simulator's superuser.
    static let harnessDefault = PocketBaseSuperuser(email: "admin@example.com", password: "admin-password-123")
}
