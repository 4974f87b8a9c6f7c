import Testing
import TreatyCore
import TreatyTestSupport

/// The contract's `redact:` section: decoded with locations, refused when malformed, and
/// linted against the declared resources.
@Suite struct RedactionRuleTests {
    static func contract(redact: String) -> String {
        """
        api: people
        dialect: rest-sync
        resources:
          user:
            fields:
              email: { type: string, required: true }
              phone: { type: string, nullable: true }
              manager: { to: user }
        endpoints:
          - GET /users
        redact: \(redact)
        """
    }

    static func load(_ text: String) -> ContractLoadResult {
        ContractLoader(vocabulary: .treatyDialects).load(text: text, file: "contract.yaml")
    }

    @Test("redact rules decode in file order with their locations, and lint clean")
    func decodes() throws {
        let result = Self.load(Self.contract(redact: "{ user.email: fake, user.phone: mask, user.manager_id: drop }"))
        let contract = try #require(result.contract, "\(result.diagnostics)")
        #expect(contract.redactions.map { "\($0.resource).\($0.field)=\($0.action.rawValue)" } == [
            "user.email=fake", "user.phone=mask", "user.manager_id=drop",
        ])
        #expect(contract.redactions.first?.location?.line == 11)
        #expect(ContractLinter().lint(contract).isEmpty)
    }

    @Test("an unknown action is refused with a suggestion, a path without a dot with a fix")
    func refusesMalformed() throws {
        let badAction = Self.load(Self.contract(redact: "{ user.email: fak }")).diagnostics
        #expect(badAction.contains { $0.message == "the redaction of 'user.email' 'fak' is not one of: drop, mask, fake" })
        #expect(badAction.contains { $0.details.contains("did you mean 'fake'?") })
        let noDot = Self.load(Self.contract(redact: "{ email: fake }")).diagnostics
        #expect(noDot.contains { $0.message == "'email' in 'redact' is not a resource.field path" })
    }

    @Test("lint names an unknown resource or field, and refuses redacting the identity key")
    func lints() throws {
        let text = Self.contract(redact: "{ usr.email: fake, user.emial: mask, user.id: fake }")
        let contract = try #require(Self.load(text).contract)
        let messages = ContractLinter().lint(contract).map(\.message)
        #expect(messages == [
            "'redact' names unknown resource 'usr'",
            "'redact' names unknown field 'emial' of 'user'",
            "'redact' changes 'user.id', the identity key",
        ])
    }

    @Test("--redact text parses as resource.field=action")
    func parsesOption() {
        #expect(RedactionRule(parsing: "users.email=fake") == RedactionRule(resource: "users", field: "email", action: .fake))
        #expect(RedactionRule(parsing: "users.email") == nil)
        #expect(RedactionRule(parsing: "users.email=scramble") == nil)
        #expect(RedactionRule(parsing: ".email=drop") == nil)
    }
}
