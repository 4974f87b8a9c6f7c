internal import HTTPTypes
internal import TreatyDialect
internal import TreatyJSON

/// The user operations (cloudkit.md §1): the signed-in user (`users/current`, `users/caller`),
/// discovering identities (`GET` and `POST users/discover`) and looking users up by email or
/// record name (`users/lookup/email`, `users/lookup/id`), served from the contract's users.
///
/// A user's name shows only when the user is discoverable; an identity that cannot be discovered
/// carries only the lookup info it was asked with, so a caller cannot tell an unknown address
/// from a private one.
extension CloudKitCall {
    /// What a lookup names a user by.
    enum UserKey: String {
        case emailAddress
        case phoneNumber
        case userRecordName
    }

    /// `users/current`: the record name, and the name when the user is discoverable.
    func currentUser() -> DialectResponse {
        var object: JSONObject = ["userRecordName": .string(caller.recordName)]
        if let user = caller.user, user.discoverable {
            if let first = user.firstName { object["firstName"] = .string(first) }
            if let last = user.lastName { object["lastName"] = .string(last) }
        }
        return CloudKitAnswer.json(.object(object))
    }

    /// `users/caller`: `{"users": [identity]}` of the signed-in user.
    func callerIdentity() -> DialectResponse {
        guard let user = caller.user else { return CloudKitAnswer.json(["users": []]) }
        return CloudKitAnswer.json(["users": [Self.identity(of: user, lookupInfo: Self.lookupInfo(of: user))]])
    }

    /// `GET users/discover`: every other discoverable user (the simulator's address book holds
    /// all the contract's users); `POST users/discover`: one identity per `lookupInfos` entry, in
    /// order.
    func discoverUsers() throws(CloudKitError) -> DialectResponse {
        let users = dialect.configuration.schema.users
        guard request.method == .post else {
            let others = users.filter { $0.discoverable && $0.recordName != caller.recordName }
            return CloudKitAnswer.json(["users": .array(others.map { Self.identity(of: $0, lookupInfo: Self.lookupInfo(of: $0)) })])
        }
        let lookups = try entries("lookupInfos", keys: [.emailAddress, .phoneNumber, .userRecordName])
        let identities: [JSONValue] = lookups.map { lookup in
            guard let user = users.first(where: { $0.discoverable && $0.matches(lookup) }) else {
                return ["lookupInfo": .object(lookup.object)]
            }
            return Self.identity(of: user, lookupInfo: lookup.object)
        }
        return CloudKitAnswer.json(["users": .array(identities)])
    }

    /// `users/lookup/email` and `users/lookup/id`: a user dictionary for each discoverable user
    /// the `users` entries name; by record name, without the email address.
    func lookUpUsers(by key: UserKey) throws(CloudKitError) -> DialectResponse {
        let lookups = try entries("users", keys: [key])
        let users = dialect.configuration.schema.users
        let found: [JSONValue] = lookups.compactMap { lookup in
            guard let user = users.first(where: { $0.discoverable && $0.matches(lookup) }) else { return nil }
            var object: JSONObject = ["userRecordName": .string(user.recordName)]
            if let first = user.firstName { object["firstName"] = .string(first) }
            if let last = user.lastName { object["lastName"] = .string(last) }
            if key == .emailAddress, let email = user.email { object["emailAddress"] = .string(email) }
            return .object(object)
        }
        return CloudKitAnswer.json(["users": .array(found)])
    }

    /// The entries of the body's array `name`, each a dictionary naming a user by one of `keys`.
    private func entries(_ name: String, keys: [UserKey]) throws(CloudKitError) -> [CloudKitUserLookup] {
        let spelled = keys.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        guard let items = body[name]?.arrayValue else {
            throw .badRequest("the request needs '\(name)': an array of dictionaries with \(spelled)")
        }
        var lookups: [CloudKitUserLookup] = []
        for (index, item) in items.enumerated() {
            guard let object = item.objectValue else { throw .badRequest("\(name)[\(index)] must be a dictionary") }
            var lookup = CloudKitUserLookup(object: object)
            for key in keys {
                guard let member = object[key.rawValue] else { continue }
                guard let text = member.stringValue, !text.isEmpty else {
                    throw .badRequest("\(name)[\(index)].\(key.rawValue) must be a non-empty string")
                }
                lookup.values[key] = text
            }
            guard !lookup.values.isEmpty else { throw .badRequest("\(name)[\(index)] needs one of \(spelled)") }
            lookups.append(lookup)
        }
        return lookups
    }

    /// A user identity dictionary: the record name, the lookup info, and the name components
    /// of a discoverable user.
    private static func identity(of user: CloudKitUser, lookupInfo: JSONObject) -> JSONValue {
        var object: JSONObject = ["userRecordName": .string(user.recordName), "lookupInfo": .object(lookupInfo)]
        if user.discoverable {
            var name = JSONObject()
            if let first = user.firstName { name["givenName"] = .string(first) }
            if let last = user.lastName { name["familyName"] = .string(last) }
            object["nameComponents"] = .object(name)
        }
        return .object(object)
    }

    /// The lookup info a user can be found by.
    private static func lookupInfo(of user: CloudKitUser) -> JSONObject {
        var info: JSONObject = ["userRecordName": .string(user.recordName)]
        if let email = user.email { info["emailAddress"] = .string(email) }
        if let phone = user.phone { info["phoneNumber"] = .string(phone) }
        return info
    }
}

/// One entry of a user lookup: the dictionary as sent and the keys it names a user by.
struct CloudKitUserLookup {
    /// The entry as sent, echoed as an identity's `lookupInfo`.
    var object: JSONObject
    /// The email address, phone number or record name it gives.
    var values: [CloudKitCall.UserKey: String] = [:]
}

extension CloudKitUser {
    /// Whether `lookup` names this user: every key it gives must match (emails without regard to
    /// case, phone numbers by their digits).
    func matches(_ lookup: CloudKitUserLookup) -> Bool {
        lookup.values.allSatisfy { key, value in
            switch key {
            case .userRecordName: recordName == value
            case .emailAddress: email.map { $0.lowercased() == value.lowercased() } ?? false
            case .phoneNumber: phone.map { Self.digits($0) == Self.digits(value) } ?? false
            }
        }
    }

    private static func digits(_ text: String) -> String { text.filter(\.isNumber) }
}
