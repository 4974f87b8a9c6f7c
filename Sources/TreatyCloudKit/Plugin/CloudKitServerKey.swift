public import ArgumentParser

/// A `--server-key KEYID=FILE` value: a server-to-server key's ID and the PEM file of its P-256
/// public key (read when the backend is made).
public struct CloudKitServerKey: ExpressibleByArgument, Sendable, Hashable {
    /// The key ID CloudKit issued, sent in `X-Apple-CloudKit-Request-KeyID`.
    public var keyID: String
    /// The path of the PEM file holding the public key.
    public var publicKeyFile: String

    /// Creates a key reference.
    ///
    /// - Parameters:
    ///   - keyID: The key ID.
    ///   - publicKeyFile: The path of the PEM file of its public key.
    public init(keyID: String, publicKeyFile: String) {
        self.keyID = keyID
        self.publicKeyFile = publicKeyFile
    }

    /// Reads `KEYID=FILE`; `nil` (refused by ArgumentParser, naming the option) without an `=`
    /// or with an empty part.
    ///
    /// - Parameter argument: The option's value, e.g. `3f2a…=keys/public.pem`.
    public init?(argument: String) {
        guard let equals = argument.firstIndex(of: "=") else { return nil }
        let keyID = String(argument[..<equals])
        let file = String(argument[argument.index(after: equals)...])
        guard !keyID.isEmpty, !file.isEmpty else { return nil }
        self.init(keyID: keyID, publicKeyFile: file)
    }
}
