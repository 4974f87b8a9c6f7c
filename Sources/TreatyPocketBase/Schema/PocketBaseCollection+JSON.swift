import TreatyJSON

extension PocketBaseCollection {
    /// The collection as PocketBase's admin UI exports it (no timestamps, keys in PocketBase's
    /// order); `GET /api/collections` adds `created` and `updated`.
    var json: JSONValue {
        var object: JSONObject = [
            "id": .string(id), "listRule": .rule(rules.list), "viewRule": .rule(rules.view),
            "createRule": .rule(rules.create), "updateRule": .rule(rules.update), "deleteRule": .rule(rules.delete),
            "name": .string(name), "type": .string(type.rawValue), "fields": .array(fields.map(\.json)),
            "indexes": .strings(indexes), "system": .bool(system),
        ]
        if let auth {
            for member in auth.jsonMembers { object[member.key] = member.value }
        }
        if type == .view { object["viewQuery"] = .string(viewQuery ?? "") }
        return .object(object)
    }

    /// ``json`` with `created` and `updated` after `indexes`, as `GET /api/collections` answers.
    ///
    /// - Parameters:
    ///   - created: When the collection was created.
    ///   - updated: When it last changed.
    /// - Returns: The collection object.
    func json(created: PocketBaseDateTime, updated: PocketBaseDateTime) -> JSONValue {
        guard case .object(let object) = json else { return json }
        var members: [JSONObject.Member] = []
        for member in object.members {
            members.append(member)
            if member.key == "indexes" {
                members.append(.init(key: "created", value: .string(created.description)))
                members.append(.init(key: "updated", value: .string(updated.description)))
            }
        }
        return .object(JSONObject(members))
    }
}

extension PocketBaseAuthOptions {
    /// The auth members of a collection object, in PocketBase's order.
    var jsonMembers: JSONObject {
        var oauth2Object = JSONObject()
        if let providers = oauth2.providers { oauth2Object["providers"] = .array(providers) }
        oauth2Object["mappedFields"] = [
            "id": .string(oauth2.mappedFields.id), "name": .string(oauth2.mappedFields.name),
            "username": .string(oauth2.mappedFields.username), "avatarURL": .string(oauth2.mappedFields.avatarURL),
        ]
        oauth2Object["enabled"] = .bool(oauth2.enabled)
        return [
            "authRule": .rule(authRule), "manageRule": .rule(manageRule),
            "authAlert": ["enabled": .bool(authAlert.enabled), "emailTemplate": authAlert.emailTemplate.json],
            "oauth2": .object(oauth2Object),
            "passwordAuth": [
                "enabled": .bool(passwordAuth.enabled), "identityFields": .strings(passwordAuth.identityFields),
            ],
            "mfa": ["enabled": .bool(mfa.enabled), "duration": .int(mfa.duration), "rule": .string(mfa.rule)],
            "otp": [
                "enabled": .bool(otp.enabled), "duration": .int(otp.duration), "length": .int(otp.length),
                "emailTemplate": otp.emailTemplate.json,
            ],
            "authToken": ["duration": .int(authTokenDuration)],
            "passwordResetToken": ["duration": .int(passwordResetTokenDuration)],
            "emailChangeToken": ["duration": .int(emailChangeTokenDuration)],
            "verificationToken": ["duration": .int(verificationTokenDuration)],
            "fileToken": ["duration": .int(fileTokenDuration)],
            "verificationTemplate": verificationTemplate.json,
            "resetPasswordTemplate": resetPasswordTemplate.json,
            "confirmEmailChangeTemplate": confirmEmailChangeTemplate.json,
        ]
    }
}

extension PocketBaseEmailTemplate {
    /// `{"subject", "body"}`.
    var json: JSONValue { ["subject": .string(subject), "body": .string(body)] }
}
