public import TreatyJSON

extension PocketBaseAuthOptions {
    /// Identity and password sign-in.
    public struct PasswordAuth: Sendable, Hashable {
        /// Whether the method is enabled.
        public var enabled: Bool
        /// The fields an identity is looked up in (each needs a unique index).
        public var identityFields: [String]

        /// Creates the settings; enabled with `email` by default.
        public init(enabled: Bool = true, identityFields: [String] = ["email"]) {
            self.enabled = enabled
            self.identityFields = identityFields
        }
    }

    /// One-time passwords sent by email.
    public struct OTP: Sendable, Hashable {
        /// Whether the method is enabled.
        public var enabled: Bool
        /// How long a code stays valid, in seconds.
        public var duration: Int
        /// How many characters a code has.
        public var length: Int
        /// The email carrying the code.
        public var emailTemplate: PocketBaseEmailTemplate

        /// Creates the settings; disabled, 180 s, 8 characters by default.
        public init(
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
    public struct MFA: Sendable, Hashable {
        /// Whether MFA is required.
        public var enabled: Bool
        /// How long the first factor stays valid, in seconds.
        public var duration: Int
        /// Which records need MFA (`""`: all).
        public var rule: String

        /// Creates the settings; disabled, 600 s by default.
        public init(enabled: Bool = false, duration: Int = 600, rule: String = "") {
            self.enabled = enabled
            self.duration = duration
            self.rule = rule
        }
    }

    /// OAuth2 sign-in. Providers are exported without secrets, and the admin UI's export leaves
    /// them out altogether; they are kept as JSON.
    public struct OAuth2: Sendable, Hashable {
        /// Whether the method is enabled.
        public var enabled: Bool
        /// Which record fields receive the provider's `id`, `name`, `username` and `avatarURL`,
        /// in that order (`""`: none).
        public var mappedFields: MappedFields
        /// The providers as JSON objects, or `nil` when the document left them out.
        public var providers: [JSONValue]?

        /// Creates the settings; disabled with no providers by default.
        public init(enabled: Bool = false, mappedFields: MappedFields = MappedFields(), providers: [JSONValue]? = []) {
            self.enabled = enabled
            self.mappedFields = mappedFields
            self.providers = providers
        }
    }

    /// The record fields that receive OAuth2 profile data.
    public struct MappedFields: Sendable, Hashable {
        /// Field for the provider's user id.
        public var id: String
        /// Field for the display name.
        public var name: String
        /// Field for the user name.
        public var username: String
        /// Field for the avatar URL (a file or url field).
        public var avatarURL: String

        /// Creates a mapping; nothing mapped by default.
        public init(id: String = "", name: String = "", username: String = "", avatarURL: String = "") {
            self.id = id
            self.name = name
            self.username = username
            self.avatarURL = avatarURL
        }
    }

    /// The email sent when an account signs in from a new location.
    public struct AuthAlert: Sendable, Hashable {
        /// Whether the alert is sent.
        public var enabled: Bool
        /// The alert email.
        public var emailTemplate: PocketBaseEmailTemplate

        /// Creates the settings; enabled by default.
        public init(enabled: Bool = true, emailTemplate: PocketBaseEmailTemplate = .defaultAuthAlert) {
            self.enabled = enabled
            self.emailTemplate = emailTemplate
        }
    }
}
