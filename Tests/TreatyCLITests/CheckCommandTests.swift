import Foundation
import Testing

@Suite struct CheckCommandTests {
    let contract = ["--contract", "Contracts/demo/contract.yaml"]
    let list = ["--endpoint", "GET /projects/{project_id}/tasks"]

    @Test("conforming payloads exit 0")
    func conforming() async throws {
        let output = try await TreatyProcess.run(["check"] + contract + list + ["Fixtures/demo/payloads/tasks-p1.json"])
        #expect(output.status == 0)
        #expect(output.standardOutput == """
            Fixtures/demo/payloads/tasks-p1.json: conforms (3 records, GET /projects/{project_id}/tasks)
            checked 1 payload (3 records): 1 conforms

            """)
    }

    @Test("violations exit 1 and are listed compiler-style, grouped by payload")
    func violationsText() async throws {
        let output = try await TreatyProcess.run(
            ["check"] + contract + list + ["Fixtures/demo/payloads/tasks-p1.json", "Fixtures/demo/payloads/tasks-p1-violations.json"])
        #expect(output.status == 1)
        try Snapshot.assert(output.standardOutput, named: "check-violations.txt")
    }

    @Test("--format json gives the same findings as a JSON document")
    func violationsJSON() async throws {
        let output = try await TreatyProcess.run(
            ["check", "--format", "json"] + contract + list + ["Fixtures/demo/payloads/tasks-p1-violations.json"])
        #expect(output.status == 1)
        try Snapshot.assert(output.standardOutput, named: "check-violations.json")
    }

    @Test("'-' reads the payload from standard input; the contract defaults to the only one in Contracts/")
    func standardInput() async throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: TreatyProcess.root + "/Fixtures/demo/payloads/task-t1.json"))
        let output = try await TreatyProcess.run(["check", "--endpoint", "GET /projects/{project_id}/tasks/{id}", "-"], input: data)
        #expect(output.status == 0)
        #expect(output.standardOutput.hasPrefix("<stdin>: conforms (1 record, GET /projects/{project_id}/tasks/{id})"))
    }

    @Test("a concrete request lets rules compare records with the path and query")
    func concreteRequest() async throws {
        let feed = "GET /projects/36F675CC-81E7-4EF5-A8E2-5D940ED90475/tasks?updated_after=2025-01-02T00:00:00.000Z"
        let output = try await TreatyProcess.run(["check", "--endpoint", feed, "Fixtures/demo/payloads/tasks-feed.json"])
        #expect(output.status == 0)
        let full = try await TreatyProcess.run(["check"] + list + ["Fixtures/demo/payloads/tasks-feed.json"])
        #expect(full.status == 1)
        #expect(full.standardOutput.contains("[RS-MD-4] a deleted record is in a full list"))
    }

    @Test("--resource checks bare records")
    func resource() async throws {
        let output = try await TreatyProcess.run(["check", "--resource", "task", "Fixtures/demo/task.json"])
        #expect(output.status == 0)
        #expect(output.standardOutput.hasPrefix("Fixtures/demo/task.json: conforms (5 records, resource 'task')"))
    }

    @Test("--fixtures checks a fixture set as treaty serve loads it, in every dialect; a set of another contract fails with its diagnostics")
    func fixtureSets() async throws {
        for api in ["demo", "blog", "music", "gallery"] {
            let output = try await TreatyProcess.run(["check", "--contract", "Contracts/\(api)/", "--fixtures", "Fixtures/\(api)"])
            #expect(output.status == 0, "\(api): \(output.standardOutput)")
            #expect(output.standardOutput.contains("Fixtures/\(api): conforms ("), "\(output.standardOutput)")
        }
        let wrong = try await TreatyProcess.run(["check", "--contract", "Contracts/music/", "--fixtures", "Fixtures/demo"])
        #expect(wrong.status == 1)
        #expect(wrong.standardOutput.contains("[unknown-layout] 'user.json' names no layout of the contract"))
        let noContract = try await TreatyProcess.run(["check", "--fixtures", "Fixtures/demo"])
        #expect(noContract.status == 2, "\(noContract.standardError)")
        #expect(noContract.standardError.contains("--fixtures needs --contract"))
        let withPayloads = try await TreatyProcess.run(
            ["check", "--contract", "Contracts/demo/", "--fixtures", "Fixtures/demo", "Fixtures/demo/user.json"])
        #expect(withPayloads.standardError.contains("--fixtures checks a directory; give no payload files"))
    }
}
