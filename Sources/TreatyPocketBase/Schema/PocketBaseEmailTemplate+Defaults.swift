extension PocketBaseEmailTemplate {
    /// The default "Verify your {APP_NAME} email" template.
    static let defaultVerification = PocketBaseEmailTemplate(
        subject: "Verify your {APP_NAME} email",
        body: """
            <p>Hello,</p>
            <p>Thank you for joining us at {APP_NAME}.</p>
            <p>Click on the button below to verify your email address.</p>
            <p>
              <a class="btn" href="{APP_URL}/_/#/auth/confirm-verification/{TOKEN}" target="_blank" rel="noopener">Verify</a>
            </p>
            <p><i>If you didn't recently register, please ignore this email.</i></p>
            <p>
              Thanks,<br/>
              {APP_NAME} team
            </p>
            """)

    /// The default "Reset your {APP_NAME} password" template.
    static let defaultResetPassword = PocketBaseEmailTemplate(
        subject: "Reset your {APP_NAME} password",
        body: """
            <p>Hello,</p>
            <p>Click on the button below to reset your password.</p>
            <p>
              <a class="btn" href="{APP_URL}/_/#/auth/confirm-password-reset/{TOKEN}" target="_blank" rel="noopener">Reset password</a>
            </p>
            <p><i>If you didn't ask to reset your password, please ignore this email.</i></p>
            <p>
              Thanks,<br/>
              {APP_NAME} team
            </p>
            """)

    /// The default "Confirm your {APP_NAME} new email address" template.
    static let defaultConfirmEmailChange = PocketBaseEmailTemplate(
        subject: "Confirm your {APP_NAME} new email address",
        body: """
            <p>Hello,</p>
            <p>Click on the button below to confirm your new email address.</p>
            <p>
              <a class="btn" href="{APP_URL}/_/#/auth/confirm-email-change/{TOKEN}" target="_blank" rel="noopener">Confirm new email</a>
            </p>
            <p><i>If you didn't ask to change your email address, please ignore this email.</i></p>
            <p>
              Thanks,<br/>
              {APP_NAME} team
            </p>
            """)

    /// The default "OTP for {APP_NAME}" template.
    static let defaultOTP = PocketBaseEmailTemplate(
        subject: "OTP for {APP_NAME}",
        body: """
            <p>Hello,</p>
            <p>Your one-time password is: <strong>{OTP}</strong></p>
            <p><i>If you didn't ask for the one-time password, you can ignore this email.</i></p>
            <p>
              Thanks,<br/>
              {APP_NAME} team
            </p>
            """)

    /// The default "Login from a new location" template.
    static let defaultAuthAlert = PocketBaseEmailTemplate(
        subject: "Login from a new location",
        body: """
            <p>Hello,</p>
            <p>We noticed a login to your {APP_NAME} account from a new location:</p>
            <p><em>{ALERT_INFO}</em></p>
            <p><strong>If this wasn't you, you should immediately change your {APP_NAME} account password to revoke access from all other locations.</strong></p>
            <p>If this was you, you may disregard this email.</p>
            <p>
              Thanks,<br/>
              {APP_NAME} team
            </p>
            """)
}
