import TreatyJSON
import TreatySecrets

extension JSONValue {
    /// The value with the members ``SecretPolicy`` calls secret (`password`, `tokenKey`, …)
    /// masked at any depth, as the state dump shows records.
    var redacted: JSONValue {
        switch self {
        case .object(let object):
            .object(
                JSONObject(
                    object.map { member in
                        JSONObject.Member(
                            key: member.key,
                            value: SecretPolicy.isSecretKey(member.key)
                                ? .string(SecretPolicy.mask) : member.value.redacted)
                    }))
        case .array(let elements):
            .array(elements.map(\.redacted))
        default:
            self
        }
    }
}
