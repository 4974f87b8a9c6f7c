import Foundation
import HTTPTypes
import Synchronization
import TreatyCore
import TreatyDialect
import TreatyJSON
import TreatyQuery

extension PocketBaseDialect {
    /// The auth routes of an auth collection (§11).
    func authRoute(_ call: PocketBaseCall, _ collection: PocketBaseCollection, action: String, extra: [String])
        throws(PocketBaseErrorResponse) -> DialectResponse
    {
        let auth = collection.auth ?? .defaults
        let method = call.request.method
        switch (action, method, extra.count) {
        case ("auth-methods", .get, 0):
            let methods: JSONObject = [
                "authProviders": [], "emailPassword": .bool(auth.passwordAuth.enabled),
                "mfa": ["duration": .number(JSONNumber(auth.mfa.enabled ? auth.mfa.duration : 0)), "enabled": .bool(auth.mfa.enabled)],
                "oauth2": ["enabled": .bool(auth.oauth2.enabled), "providers": []],
                "otp": ["duration": .number(JSONNumber(auth.otp.enabled ? auth.otp.duration : 0)), "enabled": .bool(auth.otp.enabled)],
                "password": [
                    "enabled": .bool(auth.passwordAuth.enabled),
                    "identityFields": .array(auth.passwordAuth.identityFields.map(JSONValue.string)),
                ],
                "usernamePassword": false,
            ]
            return try reply(methods, call)
        case ("auth-with-password", .post, 0):
            return try authWithPassword(call, collection)
        case ("auth-refresh", .post, 0):
            guard case .record(let tokenCollection, let record, let claims, let token) = call.caller else {
                throw .unauthorized
            }
            guard tokenCollection.id == collection.id else {
                throw PocketBaseErrorResponse(
                    status: 403, message: "The request requires auth record from \(tokenCollection.name) collection.")
            }
            let refreshable = claims["refreshable"]?.boolValue ?? false
            let newToken = refreshable ? self.token(for: record, in: collection, at: call.store.presentTime()) : token
            return try authReply(call, collection, record: record, token: newToken)
        case ("request-otp", .post, 0):
            guard auth.otp.enabled else {
                throw PocketBaseErrorResponse(
                    status: 403, message: "The collection is not configured to allow OTP authentication.")
            }
            let email = try requireEmail(call, key: "email")
            let record = Self.records(collection, in: call.store).first { $0["email"]?.stringValue == email }
            let otpId = newRecordID(call.store)
            if let record, let id = record["id"]?.stringValue {
                let code = String((0..<auth.otp.length).map { _ in Character(String(Int.random(in: 0...9))) })
                let entry: JSONValue = [
                    "collectionId": .string(collection.id), "recordId": .string(id), "password": .string(code),
                ]
                call.store.attach(entry, as: PocketBaseStoredKeys.otp(otpId))
            }
            return Self.json(["otpId": .string(otpId)])
        case ("auth-with-otp", .post, 0):
            // As request-otp: the real 0.40 refuses before reading the body.
            guard auth.otp.enabled else {
                throw PocketBaseErrorResponse(
                    status: 403, message: "The collection is not configured to allow OTP authentication.")
            }
            let body = try bodyObject(call.request)
            let otpId = body["otpId"].map(GoCast.string) ?? ""
            let password = body["password"].map(GoCast.string) ?? ""
            var errors: [String: PocketBaseFieldError] = [:]
            if otpId.isEmpty { errors["otpId"] = .required }
            if password.isEmpty { errors["password"] = .required }
            guard errors.isEmpty else { throw .invalidSubmittedData(errors) }
            guard let entry = call.store.attachment(PocketBaseStoredKeys.otp(otpId))?.value,
                entry["collectionId"]?.stringValue == collection.id, entry["password"]?.stringValue == password,
                let recordId = entry["recordId"]?.stringValue,
                let record = try? call.store.get(collection.name, id: recordId)
            else { throw PocketBaseErrorResponse(status: 400, message: "Invalid or expired OTP.") }
            call.store.attach(nil, as: PocketBaseStoredKeys.otp(otpId))
            return try authReply(call, collection, record: record, token: token(for: record, in: collection, at: call.store.presentTime()))
        case ("auth-with-oauth2", .post, 0):
            throw PocketBaseErrorResponse(
                status: 403, message: "The collection is not configured to allow OAuth2 authentication.")
        case ("request-password-reset", .post, 0), ("request-verification", .post, 0):
            _ = try requireEmail(call, key: "email")
            return Self.noContent
        case ("confirm-verification", .post, 0):
            let token = try bodyObject(call.request)["token"].map(GoCast.string) ?? ""
            let claims = PocketBaseToken.unverifiedClaims(token)
            if claims?["email"] == nil {
                throw .invalidSubmittedData([
                    "token": PocketBaseFieldError(
                        code: "validation_invalid_token_claims", message: "Missing email token claim.")
                ])
            }
            throw .invalidSubmittedData(["token": .invalidToken])
        case ("confirm-password-reset", .post, 0):
            throw .invalidSubmittedData(["token": .invalidToken])
        case ("confirm-email-change", .post, 0):
            throw .invalidSubmittedData([
                "token": PocketBaseFieldError(
                    code: "validation_invalid_token_payload", message: "Invalid token payload - newEmail must be set."),
                "password": PocketBaseFieldError(
                    code: "validation_invalid_password", message: "Missing or invalid auth record password."),
            ])
        case ("request-email-change", .post, 0):
            guard case .record(let tokenCollection, _, _, _) = call.caller, tokenCollection.id == collection.id else {
                throw .unauthorized
            }
            let email = try requireEmail(call, key: "newEmail")
            if Self.records(collection, in: call.store).contains(where: { $0["email"]?.stringValue == email }) {
                throw .invalidSubmittedData([
                    "newEmail": PocketBaseFieldError(
                        code: "validation_invalid_new_email", message: "Invalid new email address.")
                ])
            }
            throw PocketBaseErrorResponse(status: 400, message: "Failed to request email change.")
        case ("impersonate", .post, 1):
            guard call.caller.isSuperuser else { throw .forbidden }
            guard let record = try? call.store.get(collection.name, id: extra[0]) else { throw .notFound }
            let duration = try bodyObject(call.request)["duration"]?.numberValue.map { Int($0.doubleValue) }
            let token = token(
                for: record, in: collection, at: call.store.presentTime(), duration: (duration ?? 0) > 0 ? duration : nil, refreshable: false)
            return try authReply(call, collection, record: record, token: token)
        default:
            throw .notFound
        }
    }

    private func authWithPassword(_ call: PocketBaseCall, _ collection: PocketBaseCollection)
        throws(PocketBaseErrorResponse) -> DialectResponse
    {
        let body = try bodyObject(call.request)
        let identity = body["identity"].map(GoCast.string) ?? ""
        let password = body["password"].map(GoCast.string) ?? ""
        var errors: [String: PocketBaseFieldError] = [:]
        if identity.isEmpty { errors["identity"] = .required }
        if password.isEmpty { errors["password"] = .required }
        let identityFields = (collection.auth ?? .defaults).passwordAuth.identityFields
        let identityField = body["identityField"].map(GoCast.string) ?? ""
        if !identityField.isEmpty, !identityFields.contains(identityField) {
            errors["identityField"] = PocketBaseFieldError(code: "validation_in_invalid", message: "Must be a valid value.")
        }
        guard errors.isEmpty else { throw .invalidSubmittedData(errors) }
        let fields = identityField.isEmpty ? identityFields : [identityField]
        let hash = Self.passwordHash(password)
        guard
            let record = Self.records(collection, in: call.store).first(where: { row in
                fields.contains { field in
                    let value = row[field]?.stringValue ?? ""
                    return field == "email" ? value.lowercased() == identity.lowercased() : value == identity
                }
            }), record["password"]?.stringValue == hash
        else { throw .failedToAuthenticate }
        return try authReply(call, collection, record: record, token: token(for: record, in: collection, at: call.store.presentTime()))
    }

    /// `{token, record}`, with `expand` on the record and `fields` over the whole reply.
    private func authReply(_ call: PocketBaseCall, _ collection: PocketBaseCollection, record: JSONObject, token: String)
        throws(PocketBaseErrorResponse) -> DialectResponse
    {
        let viewerCall = PocketBaseCall(
            request: call.request, store: call.store, dialect: self,
            caller: .record(collection: collection, record: record, claims: [:], token: token))
        let presented = try present(
            record, of: collection, call: viewerCall, scope: queryScope(viewerCall), applyingFields: false)
        return try reply(["record": .object(presented), "token": .string(token)], call)
    }

    /// A JSON reply with `fields=` applied to the whole object.
    func reply(_ object: JSONObject, _ call: PocketBaseCall) throws(PocketBaseErrorResponse) -> DialectResponse {
        guard let fields = call.query("fields"), !fields.isEmpty else { return Self.json(.object(object)) }
        return Self.json(.object(try Self.applyFields(fields, to: object)))
    }

    private func requireEmail(_ call: PocketBaseCall, key: String) throws(PocketBaseErrorResponse) -> String {
        let email = try bodyObject(call.request)[key].map(GoCast.string) ?? ""
        if email.isEmpty { throw .invalidSubmittedData([key: .required]) }
        guard TextFormats.isEmail(email) else { throw .invalidSubmittedData([key: .isEmail]) }
        return email
    }
}

extension PocketBaseFieldError {
    /// `validation_invalid_token` "Invalid or expired token."
    static let invalidToken = PocketBaseFieldError(code: "validation_invalid_token", message: "Invalid or expired token.")
}
