import Testing
import TreatyCore
import TreatyDialectKit
import TreatyJSON
import TreatyVerifier

/// Personal data in recordings: drop, mask and keyed fakes of the same shape.
@Suite struct RecordRedactorTests {
    static let redactor = RecordRedactor(
        rules: [
            RedactionRule(resource: "user", field: "display_name", action: .fake),
            RedactionRule(resource: "user", field: "phone", action: .mask),
            RedactionRule(resource: "user", field: "notes", action: .drop),
            RedactionRule(resource: "user", field: "nickname", action: .fake),
        ], seed: "seed-1")

    @Test("a fake keeps the shape, is the same for the same input and differs for another seed or input")
    func fakesAreDeterministic() {
        let fake = Self.redactor.fake("Ada Lovelace <ada@example.com> 42")
        #expect(fake == Self.redactor.fake("Ada Lovelace <ada@example.com> 42"))
        #expect(fake != "Ada Lovelace <ada@example.com> 42")
        #expect(fake.count == 33)
        #expect(fake.map(Self.shape) == "Ada Lovelace <ada@example.com> 42".map(Self.shape))
        #expect(RecordRedactor(rules: [], seed: "seed-2").fake("Ada") != Self.redactor.fake("Ada"))
        #expect(Self.redactor.fake("Ada") != Self.redactor.fake("Bob"))
    }

    @Test("mask keeps punctuation and length; drop removes the key; null stays null; other resources are untouched")
    func appliesRules() throws {
        let records: [String: [JSONObject]] = [
            "user": [
                ["id": "U1", "display_name": "Ada", "phone": "+44 20 7946-0018", "notes": "x", "nickname": .null],
                ["id": "U2", "display_name": "Ada", "phone": .null, "notes": "y", "nickname": .null],
            ],
            "project": [["id": "P1", "display_name": "Ada"]],
        ]
        let result = Self.redactor.redact(records, contract: DemoAPI.contract)
        let users = try #require(result.records["user"])
        #expect(users[0]["phone"] == "+00 00 0000-0000")
        #expect(users[0]["notes"] == nil && users[1]["notes"] == nil)
        #expect(users[0]["display_name"] == users[1]["display_name"], "the same input gives the same fake")
        #expect(users[0]["display_name"] != "Ada")
        #expect(users[0]["nickname"] == .null)
        #expect(result.records["project"] == records["project"])
        #expect(result.unmatched.isEmpty)
    }

    @Test("a rule naming a resource nobody recorded is reported as unmatched")
    func unmatched() {
        let redactor = RecordRedactor(rules: [RedactionRule(resource: "nobody", field: "email", action: .drop)], seed: "s")
        #expect(redactor.redact([:], contract: DemoAPI.contract).unmatched.map(\.resource) == ["nobody"])
    }

    static func shape(_ character: Character) -> Character {
        if character.isUppercase { return "A" }
        if character.isLowercase { return "a" }
        if character.isNumber { return "9" }
        return character
    }
}
