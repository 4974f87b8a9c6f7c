import Foundation
import HTTPTypes

/// The headers a command sends to a live target: `$TREATY_TOKEN` as a bearer token, then
/// `$TREATY_HEADERS` (one `Name: value` per line), then each `--header`.
enum LiveCredentials {
    /// The headers, or exit 2 after printing which `$TREATY_HEADERS` line is not a header.
    static func headers(environment: [String: String], options: [String]) throws -> HTTPFields {
        var credentials = HTTPFields()
        if let token = environment["TREATY_TOKEN"], !token.isEmpty { credentials[.authorization] = "Bearer \(token)" }
        let fromEnvironment = (environment["TREATY_HEADERS"] ?? "").split(separator: "\n").map(String.init)
        for header in fromEnvironment + options where !header.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let (name, value) = HeaderSpec.parse(header) else {
                Console.standardError.write("error: TREATY_HEADERS holds '\(header.prefix(40))…', which is not 'Name: value'\n")
                throw Status.unusableInput
            }
            credentials[name] = value
        }
        return credentials
    }
}
