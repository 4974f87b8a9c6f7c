import TreatyJSON

extension PocketBaseAuthOptions {
    /// Identity and password sign-in.
    struct PasswordAuth: Sendable, Hashable {
        /// Whether the method is enabled.
        var enabled: Bool
        /// The fields an identity is looked up in (each needs a unique index).
        var identityFields: [String]

        /// Creates the settings; enabled with `email` by default.
        init(enabled: Bool = true, identityFields: [String] = ["email"]) {
            self.enabled = enabled
            self.identityFields = identityFields
        }
    }

    /// One-time passwords sent by email.
    struct OTP: Sendable, Hashable {
        /// Whether the method is enabled.
        var enabled: Bool
        /// How long a code stays valid, in seconds.
        var duration: Int
        /// How many characters a code has.
        var length: Int
        /// The email carrying the code.
        var emailTemplate: PocketBaseEmailTemplate

        /// Creates the settings; disabled, 180 s, 8 characters by default.
        init(
            enabled: Bool = false, duration: Int = 180, length: Int = 8,
            emailTemplate: PocketBaseEmailTemplate = .defaultOTP
        ) {
            self.enabled = enabled
            self.duration = duration
            self.length = length
            self.emailTemplate = emailTemplate
        }
    }

    /// Multi-factor authentication.
    struct MFA: Sendable, Hashable {
        /// Whether MFA is required.
        var enabled: Bool
        /// How long the first factor stays valid, in seconds.
        var duration: Int
        /// Which records need MFA (`""`: all).
        var rule: String

        /// Creates the settings; disabled, 600 s by default.
        init(enabled: Bool = false, duration: Int = 600, rule: String = "") {
            self.enabled = enabled
            self.duration = duration
            self.rule = rule
        }
    }

    /// OAuth2 sign-in. Providers are exported without secrets, and the admin UI's export leaves
    /// them out altogether; they are kept as JSON.
    struct OAuth2: Sendable, Hashable {
        /// Whether the method is enabled.
        var enabled: Bool
        /// Which record fields receive the provider's `id`, `name`, `username` and `avatarURL`,
        /// in that order (`""`: none).
        var mappedFields: MappedFields
        /// The providers as JSON objects, or `nil` when the document left them out.
        var providers: [JSONValue]?

        /// Creates the settings; disabled with no providers by default.
        init(enabled: Bool = false, mappedFields: MappedFields = MappedFields(), providers: [JSONValue]? = []) {
            self.enabled = enabled
            self.mappedFields = mappedFields
            self.providers = providers
        }
    }

    /// The record fields that receive OAuth2 profile data.
    struct MappedFields: Sendable, Hashable {
        /// Field for the provider's user id.
        var id: String
        /// Field for the display name.
        var name: String
        /// Field for the user name.
        var username: String
        /// Field for the avatar URL (a file or url field).
        var avatarURL: String

        /// Creates a mapping; nothing mapped by default.
        init(id: String = "", name: String = "", username: String = "", avatarURL: String = "") {
            self.id = id
            self.name = name
            self.username = username
            self.avatarURL = avatarURL
        }
    }

    /// The email sent when an account signs in from a new location.
    struct AuthAlert: Sendable, Hashable {
        /// Whether the alert is sent.
        var enabled: Bool
        /// The alert email.
        var emailTemplate: PocketBaseEmailTemplate

        /// Creates the settings; enabled by default.
        init(enabled: Bool = true, emailTemplate: PocketBaseEmailTemplate = .defaultAuthAlert) {
            self.enabled = enabled
            self.emailTemplate = emailTemplate
        }
    }
}
