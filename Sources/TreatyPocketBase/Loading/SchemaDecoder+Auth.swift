internal import TreatyJSON

extension SchemaDecoder {
    /// Decodes the auth options of an auth collection; missing keys take PocketBase's defaults.
    mutating func authOptions(_ object: JSONObject, at pointer: JSONPointer) -> PocketBaseAuthOptions {
        var auth = PocketBaseAuthOptions.defaults
        auth.authRule = object.containsKey("authRule") ? rule("authRule", in: object, at: pointer) : ""
        auth.manageRule = rule("manageRule", in: object, at: pointer)

        let alert = self.object("authAlert", in: object, at: pointer)
        let alertPointer = pointer.appending("authAlert")
        auth.authAlert.enabled = bool("enabled", in: alert, at: alertPointer, default: auth.authAlert.enabled)
        auth.authAlert.emailTemplate = template(
            "emailTemplate", in: alert, at: alertPointer, default: .defaultAuthAlert)

        let oauth2 = self.object("oauth2", in: object, at: pointer)
        let oauth2Pointer = pointer.appending("oauth2")
        auth.oauth2.enabled = bool("enabled", in: oauth2, at: oauth2Pointer)
        switch oauth2["providers"] {
        case nil: auth.oauth2.providers = object.containsKey("oauth2") ? nil : []
        case .null?: auth.oauth2.providers = []
        case .array(let providers)?: auth.oauth2.providers = providers
        case let other?: mismatch("providers", expected: "a list", found: other, at: oauth2Pointer)
        }
        let mapped = self.object("mappedFields", in: oauth2, at: oauth2Pointer)
        let mappedPointer = oauth2Pointer.appending("mappedFields")
        auth.oauth2.mappedFields = .init(
            id: string("id", in: mapped, at: mappedPointer), name: string("name", in: mapped, at: mappedPointer),
            username: string("username", in: mapped, at: mappedPointer),
            avatarURL: string("avatarURL", in: mapped, at: mappedPointer))

        let password = self.object("passwordAuth", in: object, at: pointer)
        let passwordPointer = pointer.appending("passwordAuth")
        auth.passwordAuth.enabled = bool("enabled", in: password, at: passwordPointer, default: true)
        if password.containsKey("identityFields") {
            auth.passwordAuth.identityFields = strings("identityFields", in: password, at: passwordPointer)
        }

        let mfa = self.object("mfa", in: object, at: pointer)
        let mfaPointer = pointer.appending("mfa")
        auth.mfa = .init(
            enabled: bool("enabled", in: mfa, at: mfaPointer),
            duration: int("duration", in: mfa, at: mfaPointer, default: 600),
            rule: string("rule", in: mfa, at: mfaPointer))

        let otp = self.object("otp", in: object, at: pointer)
        let otpPointer = pointer.appending("otp")
        auth.otp = .init(
            enabled: bool("enabled", in: otp, at: otpPointer),
            duration: int("duration", in: otp, at: otpPointer, default: 180),
            length: int("length", in: otp, at: otpPointer, default: 8),
            emailTemplate: template("emailTemplate", in: otp, at: otpPointer, default: .defaultOTP))

        auth.authTokenDuration = duration("authToken", in: object, at: pointer, default: auth.authTokenDuration)
        auth.passwordResetTokenDuration = duration("passwordResetToken", in: object, at: pointer, default: 1_800)
        auth.emailChangeTokenDuration = duration("emailChangeToken", in: object, at: pointer, default: 1_800)
        auth.verificationTokenDuration = duration("verificationToken", in: object, at: pointer, default: 86_400)
        auth.fileTokenDuration = duration("fileToken", in: object, at: pointer, default: 180)
        auth.verificationTemplate = template(
            "verificationTemplate", in: object, at: pointer, default: .defaultVerification)
        auth.resetPasswordTemplate = template(
            "resetPasswordTemplate", in: object, at: pointer, default: .defaultResetPassword)
        auth.confirmEmailChangeTemplate = template(
            "confirmEmailChangeTemplate", in: object, at: pointer, default: .defaultConfirmEmailChange)
        return auth
    }

    /// `{"duration": seconds}`.
    private mutating func duration(_ key: String, in object: JSONObject, at pointer: JSONPointer, default fallback: Int)
        -> Int
    {
        guard object.containsKey(key) else { return fallback }
        let token = self.object(key, in: object, at: pointer)
        return int("duration", in: token, at: pointer.appending(key), default: fallback)
    }

    /// `{"subject", "body"}`.
    private mutating func template(
        _ key: String, in object: JSONObject, at pointer: JSONPointer, default fallback: PocketBaseEmailTemplate
    ) -> PocketBaseEmailTemplate {
        guard object.containsKey(key) else { return fallback }
        let template = self.object(key, in: object, at: pointer)
        let templatePointer = pointer.appending(key)
        return PocketBaseEmailTemplate(
            subject: string("subject", in: template, at: templatePointer, default: fallback.subject),
            body: string("body", in: template, at: templatePointer, default: fallback.body))
    }
}
