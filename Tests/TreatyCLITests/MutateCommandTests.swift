import Foundation
import Testing

/// `treaty mutate` as a user runs it, on a small contract of its own.
@Suite struct MutateCommandTests {
    static let contract = """
        api: tiny
        dialect: rest-sync
        resources:
          note:
            fields:
              text: { type: string, required: true }
        endpoints:
          - GET /notes

        """

    static let notes = """
        [
          {"id": "6513270E-269E-4D37-B2A7-4DE452E6B438", "text": "one",
           "created_at": "2025-01-01T01:00:00.000Z", "updated_at": "2025-01-01T01:00:00.000Z"},
          {"id": "D23F0824-128B-4F33-8C5C-7FD0A6A3A450", "text": "two",
           "created_at": "2025-01-01T01:05:00.000Z", "updated_at": "2025-01-01T01:05:00.000Z"}
        ]

        """

    /// A directory holding `Contracts/tiny/contract.yaml` (with `extra` appended) and
    /// `Fixtures/tiny/note.json`.
    private func project(_ extra: String = "") throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("treaty-mutate-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path + "/Contracts/tiny", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: path + "/Fixtures/tiny", withIntermediateDirectories: true)
        try (Self.contract + extra).write(toFile: path + "/Contracts/tiny/contract.yaml", atomically: true, encoding: .utf8)
        try Self.notes.write(toFile: path + "/Fixtures/tiny/note.json", atomically: true, encoding: .utf8)
        return path
    }

    @Test("a survivor is listed with its behaviour and clause, the score printed, and the exit status is 1")
    func survivorFails() async throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = try await TreatyProcess.run(
            ["mutate", "--mutant", "page-short:note.list", "--junit", "junit.xml"], directory: directory)
        #expect(output.status == 1, "\(output.standardOutput)\(output.standardError)")
        let text = output.standardOutput
        #expect(text.contains("tiny (rest-sync): 1 operators, 1 mutants, 0 killed, 1 survivors, 0 accepted — score 0.0%"), "\(text)")
        #expect(text.contains("  survivor RS-page-short:note.list\n    breaks: leaves the last record out of note.list (rest-sync.md §5)"))
        let junit = try String(contentsOfFile: directory + "/junit.xml", encoding: .utf8)
        #expect(junit.contains(#"<testcase name="RS-page-short:note.list""#), "\(junit)")
        #expect(junit.contains("<failure"))
    }

    @Test("a killed mutant counts toward the score; JSON gives every mutant's outcome")
    func killedJSON() async throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = try await TreatyProcess.run(
            ["mutate", "--mutant", "drop-key:note.text", "--format", "json"], directory: directory)
        #expect(output.status == 0, "\(output.standardOutput)\(output.standardError)")
        #expect(output.standardOutput.contains(#""id":"RS-drop-key:note.text""#), "\(output.standardOutput)")
        #expect(output.standardOutput.contains(#""outcome":"killed""#))
        #expect(output.standardOutput.contains(#""score":100"#))
    }

    @Test("a survivor the contract accepts exits 0; an accepted id that names no mutant is a located warning")
    func acceptedSurvivor() async throws {
        let directory = try project(
            """
            mutation:
              accepted:
                - { mutant: RS-page-short:note.list, reason: "the example needs no full-list check" }
                - { mutant: RS-page-shrot:note.list, reason: "a typo" }

            """)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = try await TreatyProcess.run(["mutate", "--mutant", "page-short:note.list"], directory: directory)
        #expect(output.status == 0, "\(output.standardOutput)\(output.standardError)")
        #expect(output.standardOutput.contains("accepted RS-page-short:note.list: the example needs no full-list check"))
        #expect(output.standardError.contains("Contracts/tiny/contract.yaml:12:7:"), "\(output.standardError)")
        #expect(output.standardError.contains("did you mean 'RS-page-short:note.list'?"))
        let lint = try await TreatyProcess.run(["lint", "Contracts/tiny/contract.yaml"], directory: directory)
        #expect(lint.status == 0, "\(lint.standardOutput)\(lint.standardError)")
        #expect(lint.standardOutput.contains("contract.yaml:12:7: warning: [unknown-mutant]"), "\(lint.standardOutput)")
    }

    @Test("a broken contract is refused with located diagnostics before any mutant runs (exit 2)")
    func brokenContract() async throws {
        let directory = try project("mutation:\n  acepted: []\n")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = try await TreatyProcess.run(["mutate"], directory: directory)
        #expect(output.status == 2, "\(output.standardOutput)\(output.standardError)")
        #expect(output.standardError.contains("Contracts/tiny/contract.yaml:10:3: error: [unknown-key] unknown key 'acepted' in 'mutation'"), "\(output.standardError)")
        #expect(!output.standardOutput.contains("mutants"))
    }
}
