import Testing

/// `treaty check` on recorded CloudKit answers: each CK payload rule found at its JSON pointer
/// and line, and an unknown operation refused with the ones the contract has.
@Suite struct CloudKitCheckTests {
    static let endpoint = "POST /database/1/iCloud.com.example.Gallery/development/public/records/query"

    @Test("a query answer breaking five CK rules gets five located findings and exit 1")
    func violations() async throws {
        let output = try await TreatyProcess.run([
            "check", "--contract", "Contracts/gallery/", "--endpoint", Self.endpoint,
            "Fixtures/gallery/payloads/query-violations.json",
        ])
        #expect(output.status == 1, "\(output.standardOutput)\(output.standardError)")
        for expected in [
            "query-violations.json:9:18: error: [CK-FIELD-1] field 'born'", "[CK-NAME-1] 'hometown' is not a field of Artist",
            "[CK-NULL-1] field 'genres' is sent with a null value", "[CK-REC-1] the record has no recordChangeTag",
            "[CK-REF-1] field 'artist'",
        ] {
            #expect(output.standardOutput.contains(expected), "missing '\(expected)' in:\n\(output.standardOutput)")
        }
    }

    @Test("the simulator's own answer passes, and an unknown operation lists the ones that can be checked")
    func ownAnswerAndUnknownOperation() async throws {
        let unknown = try await TreatyProcess.run([
            "check", "--contract", "Contracts/gallery/", "--endpoint",
            "POST /database/1/iCloud.com.example.Gallery/development/public/records/frobnicate",
            "Fixtures/gallery/payloads/query-violations.json",
        ])
        #expect(unknown.status == 2)
        #expect((unknown.standardOutput + unknown.standardError).contains("records/query"), "\(unknown.standardError)")
        let records = try await TreatyProcess.run([
            "check", "--contract", "Contracts/gallery/", "--resource", "Artist", "Fixtures/gallery/Artist.json",
        ])
        #expect(records.status == 1, "fixture records lack change tags, which answers carry: \(records.standardOutput)")
        #expect(records.standardOutput.contains("CK-REC-1"))
    }
}
