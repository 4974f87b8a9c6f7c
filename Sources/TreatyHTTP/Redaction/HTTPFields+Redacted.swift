internal import HTTPTypes
internal import Logging
internal import TreatySecrets

extension HTTPFields {
    /// The fields as log metadata, `name: value` in order, secret values redacted.
    var redactedMetadata: Logger.MetadataValue {
        .array(
            map { field in
                let value = SecretPolicy.redactedHeaderValue(field.value, name: field.name.rawName)
                return .string("\(field.name.rawName): \(value)")
            })
    }
}
