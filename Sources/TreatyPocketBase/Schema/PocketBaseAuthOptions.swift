/// The options of an auth collection: extra rules, sign-in methods, token lifetimes and email
/// templates.
///
/// ``defaults`` holds what PocketBase gives a new auth collection. Token lifetimes are in
/// seconds; token secrets are never exported and are not modelled.
struct PocketBaseAuthOptions: Sendable, Hashable {
    /// Checked after a successful sign-in (`nil` forbids signing in; `""` allows anyone).
    var authRule: String?
    /// Lets matching records manage other records' email, password and verification (`nil`:
    /// superusers only).
    var manageRule: String?
    /// The new-location login alert.
    var authAlert: AuthAlert
    /// OAuth2 sign-in.
    var oauth2: OAuth2
    /// Identity and password sign-in.
    var passwordAuth: PasswordAuth
    /// Multi-factor authentication.
    var mfa: MFA
    /// One-time passwords by email.
    var otp: OTP
    /// Lifetime of auth tokens, in seconds.
    var authTokenDuration: Int
    /// Lifetime of password reset tokens, in seconds.
    var passwordResetTokenDuration: Int
    /// Lifetime of email change tokens, in seconds.
    var emailChangeTokenDuration: Int
    /// Lifetime of verification tokens, in seconds.
    var verificationTokenDuration: Int
    /// Lifetime of file access tokens, in seconds.
    var fileTokenDuration: Int
    /// The verification email.
    var verificationTemplate: PocketBaseEmailTemplate
    /// The password reset email.
    var resetPasswordTemplate: PocketBaseEmailTemplate
    /// The email change confirmation email.
    var confirmEmailChangeTemplate: PocketBaseEmailTemplate

    /// Creates auth options; every argument defaults to PocketBase's default for a new auth
    /// collection.
    init(
        authRule: String? = "",
        manageRule: String? = nil,
        authAlert: AuthAlert = AuthAlert(),
        oauth2: OAuth2 = OAuth2(),
        passwordAuth: PasswordAuth = PasswordAuth(),
        mfa: MFA = MFA(),
        otp: OTP = OTP(),
        authTokenDuration: Int = 432_000,
        passwordResetTokenDuration: Int = 1_800,
        emailChangeTokenDuration: Int = 1_800,
        verificationTokenDuration: Int = 86_400,
        fileTokenDuration: Int = 180,
        verificationTemplate: PocketBaseEmailTemplate = .defaultVerification,
        resetPasswordTemplate: PocketBaseEmailTemplate = .defaultResetPassword,
        confirmEmailChangeTemplate: PocketBaseEmailTemplate = .defaultConfirmEmailChange
    ) {
        self.authRule = authRule
        self.manageRule = manageRule
        self.authAlert = authAlert
        self.oauth2 = oauth2
        self.passwordAuth = passwordAuth
        self.mfa = mfa
        self.otp = otp
        self.authTokenDuration = authTokenDuration
        self.passwordResetTokenDuration = passwordResetTokenDuration
        self.emailChangeTokenDuration = emailChangeTokenDuration
        self.verificationTokenDuration = verificationTokenDuration
        self.fileTokenDuration = fileTokenDuration
        self.verificationTemplate = verificationTemplate
        self.resetPasswordTemplate = resetPasswordTemplate
        self.confirmEmailChangeTemplate = confirmEmailChangeTemplate
    }

    /// PocketBase's options for a new auth collection: password sign-in by email, OTP and MFA
    /// off, 5-day auth tokens.
    static let defaults = PocketBaseAuthOptions()
}
