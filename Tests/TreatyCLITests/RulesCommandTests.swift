import Foundation
import Testing

/// `treaty rules` prints the catalogue from code, and the README's rule tables are its output.
@Suite struct RulesCommandTests {
    @Test("the README's rule tables are exactly what 'treaty rules' prints for the example contracts")
    func readmeTablesAreGenerated() async throws {
        let output = try await TreatyProcess.run(["rules"])
        #expect(output.status == 0, "\(output.standardError)")
        let readme = try String(contentsOfFile: TreatyProcess.root + "/README.md", encoding: .utf8)
        let begin = "<!-- treaty rules: begin -->\n"
        let end = "<!-- treaty rules: end -->"
        let start = try #require(readme.range(of: begin), "the README has no '\(begin)' marker")
        let stop = try #require(readme.range(of: end, range: start.upperBound..<readme.endIndex))
        let block = String(readme[start.upperBound..<stop.lowerBound])
        #expect(
            block == output.standardOutput,
            "the README's rule tables are stale: replace the lines between the markers with 'swift run treaty rules'")
    }

    @Test("docs/clauses.md is exactly what 'treaty rules --clauses' prints for the example contracts")
    func clauseMapIsGenerated() async throws {
        let output = try await TreatyProcess.run(["rules", "--clauses"])
        #expect(output.status == 0, "\(output.standardError)")
        let map = try String(contentsOfFile: TreatyProcess.root + "/docs/clauses.md", encoding: .utf8)
        let begin = "<!-- treaty rules --clauses: begin -->\n"
        let end = "<!-- treaty rules --clauses: end -->"
        let start = try #require(map.range(of: begin), "docs/clauses.md has no '\(begin)' marker")
        let stop = try #require(map.range(of: end, range: start.upperBound..<map.endIndex))
        #expect(
            String(map[start.upperBound..<stop.lowerBound]) == output.standardOutput,
            "docs/clauses.md is stale: replace the lines between the markers with 'swift run treaty rules --clauses'")
    }

    @Test("--clauses --format json lists each dialect's spec and clauses with their cases")
    func clausesJSON() async throws {
        let output = try await TreatyProcess.run(["rules", "--clauses", "--format", "json"])
        #expect(output.status == 0, "\(output.standardError)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
        let dialects = try #require(document["dialects"] as? [[String: Any]])
        #expect(dialects.map { $0["spec"] as? String } == ["rest-sync.md", "pocketbase.md", "filemaker.md", "cloudkit.md"])
        for dialect in dialects {
            let clauses = try #require(dialect["clauses"] as? [[String: Any]])
            for clause in clauses {
                let cases = clause["cases"] as? [String] ?? []
                #expect(
                    !cases.isEmpty || clause["untestable"] is String,
                    "\(dialect["dialect"] ?? "") \(clause["id"] ?? ""): no case proves it and it does not say why")
            }
        }
    }

    @Test("--format json lists a dialect's rules with their cases and broken backends")
    func json() async throws {
        let output = try await TreatyProcess.run(["rules", "--dialect", "pocketbase", "--format", "json"])
        #expect(output.status == 0, "\(output.standardError)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
        #expect(document["contracts"] as? [String] == ["Contracts/blog/contract.yaml", "Contracts/demo/contract.yaml", "Contracts/gallery/contract.yaml", "Contracts/music/contract.yaml"])
        let dialects = try #require(document["dialects"] as? [[String: Any]])
        #expect(dialects.count == 1)
        #expect(dialects.first?["dialect"] as? String == "pocketbase")
        let rules = try #require(dialects.first?["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == ["PB-LIST-1", "PB-REC-1", "PB-FIELD-1", "PB-TYPE-1", "PB-DATE-1", "PB-HIDE-1", "PB-ERR-1"])
        let error = try #require(rules.last)
        #expect(error["checkedOnPayloads"] as? Bool == false)
        #expect(
            Array((error["breakages"] as? [String] ?? []).prefix(6))
                == [
                    "sendsUnshapedErrors", "reportsShortIDsAsInvalidFormat", "acceptsIDChanges", "rewordsNotFound",
                    "acceptsWrongPasswords", "refreshesForeignTokens",
                ])
        #expect((error["cases"] as? [String])?.contains("blog.shapes › PB-ERR-1 users: an unknown record answers 404 with the error body") == true)
    }

    @Test("the cases come from the contracts given: a contract without an order field proves no RS-OR-1")
    func casesFollowTheContract() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("treaty-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let contract = scratch.appendingPathComponent("contract.yaml")
        try """
            api: notes
            dialect: rest-sync
            resources:
              note:
                fields:
                  text: { type: string, required: true }
            endpoints:
              - GET /notes
            """.write(to: contract, atomically: true, encoding: .utf8)
        let output = try await TreatyProcess.run(["rules", "--dialect", "rest-sync", "--contract", contract.path])
        #expect(output.status == 0, "\(output.standardError)")
        let orderRow = output.standardOutput.split(separator: "\n").first { $0.hasPrefix("| RS-OR-1 |") }
        #expect(orderRow?.contains("none for these contracts") == true, "\(output.standardOutput)")
        let idRow = output.standardOutput.split(separator: "\n").first { $0.hasPrefix("| RS-ID-1 |") }
        #expect(idRow?.contains("notes.shapes › GET /notes conforms to the contract") == true, "\(output.standardOutput)")
    }

    @Test("an unknown dialect is refused with exit 2")
    func unknownDialect() async throws {
        let output = try await TreatyProcess.run(["rules", "--dialect", "graphql"])
        #expect(output.status == 2)
        #expect(output.standardError.contains("graphql"))
    }
}
