import Testing
import TreatyJSON

@testable import TreatyPocketBase

/// SplitMix64, a seeded generator for reproducible ids.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct RecordIDTests {
    @Test("generated ids are 15 characters of a-z0-9 and valid for the id field")
    func generated() {
        var generator = SplitMix(state: 7)
        for _ in 0..<200 {
            let id = PocketBaseRecordID.generate(using: &generator)
            #expect(id.count == 15)
            #expect(id.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) })
            #expect(PocketBaseRecordID.validate(id, in: .users) == nil)
        }
    }

    @Test("the same seed gives the same ids, another seed other ids")
    func reproducible() {
        var first = SplitMix(state: 42)
        var second = SplitMix(state: 42)
        var other = SplitMix(state: 43)
        let ids = (0..<5).map { _ in PocketBaseRecordID.generate(using: &first) }
        #expect(ids == (0..<5).map { _ in PocketBaseRecordID.generate(using: &second) })
        #expect(ids != (0..<5).map { _ in PocketBaseRecordID.generate(using: &other) })
        #expect(Set(ids).count == 5)
    }

    @Test(
        "client ids are checked like the server checks them",
        arguments: [
            ("abc", "validation_min_text_constraint"), ("abcdefghijklmn", "validation_min_text_constraint"),
            ("abcdefghijklmnop", "validation_max_text_constraint"), ("ABCDEFGHIJKLMNO", "validation_invalid_format"),
            ("abcdefghijklm-o", "validation_invalid_format"), ("abcdefghijklmno", nil),
        ] as [(String, String?)])
    func clientIDs(id: String, code: String?) {
        #expect(PocketBaseRecordID.validate(id, in: BlogSchema.posts)?.code == code)
    }

    @Test("a taken id is not unique")
    func taken() {
        #expect(PocketBaseRecordID.validate("abcdefghijklmno", in: BlogSchema.posts, isTaken: true) == .notUnique)
        #expect(
            PocketBaseFieldError.notUnique.json.serialized()
                == #"{"code":"validation_not_unique","message":"Value must be unique."}"#)
    }
}

@Suite struct AutogenerateTests {
    @Test(
        "autogenerate patterns of the built-in and blog fields give matching values",
        arguments: [
            (PocketBaseField.recordID, 15, "abcdefghijklmnopqrstuvwxyz0123456789"),
            (.authTokenKey, 50, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"),
            (BlogSchema.postsField("slug"), 8, "abcdefghijklmnopqrstuvwxyz0123456789"),
        ])
    func generates(field: PocketBaseField, length: Int, alphabet: String) throws {
        var generator = SplitMix(state: 1)
        let value = try #require(field.autogenerate(using: &generator))
        #expect(value.count == length)
        #expect(value.allSatisfy(alphabet.contains))
        #expect(field.validate(.string(value)) == nil)
    }

    @Test("fields without a supported pattern generate nothing")
    func unsupported() {
        var generator = SplitMix(state: 1)
        #expect(BlogSchema.postsField("title").autogenerate(using: &generator) == nil)
        let regex = PocketBaseField(name: "x", options: .text(.init(autogeneratePattern: "(a|b)+")))
        #expect(regex.autogenerate(using: &generator) == nil)
        let literal = PocketBaseField(name: "x", options: .text(.init(autogeneratePattern: "ord-[0-9]{4}")))
        #expect(literal.autogenerate(using: &generator)?.hasPrefix("ord-") == true)
        #expect(literal.autogenerate(using: &generator)?.count == 8)
    }
}
