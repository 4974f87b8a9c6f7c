import Testing
import TreatyCore
import TreatyTestSupport

@Suite struct DemoContractTests {
    @Test("the demo contract loads without findings and lints clean")
    func demoLoadsClean() throws {
        let result = ContractLoader(vocabulary: .treatyDialects).load(fileAt: DemoFiles.contractPath)
        #expect(result.diagnostics.isEmpty, "\(DiagnosticRenderer().render(result.diagnostics))")
        let contract = try #require(result.contract)
        let findings = ContractLinter().lint(contract, sourceText: result.text)
        #expect(findings.isEmpty, "\(DiagnosticRenderer().render(findings))")
    }

    @Test("the demo contract describes the rest-sync reference API")
    func demoModel() throws {
        let contract = try #require(ContractLoader(vocabulary: .treatyDialects).load(fileAt: DemoFiles.contractPath).contract)
        #expect(contract.api == "demo")
        #expect(contract.dialect == DialectID(rawValue: "rest-sync"))
        #expect(contract.resources.map(\.name) == ["user", "project", "tag", "task"])
        let task = try #require(contract.resource(named: "task"))
        #expect(task.scope == ParentScope(parent: "project", key: "project_id"))
        #expect(task.orderKey == "position")
        #expect(task.fields.map { $0.key() } == [
            "title", "description", "state", "assignee_id", "author_id", "watcher_ids", "tag_ids", "position",
        ])
        #expect(task.sync == SyncMetadata(createdAt: "created_at", updatedAt: "updated_at", version: "version", tombstone: "deleted_at"))
        #expect(contract.endpoints.map(\.signature) == [
            "GET /users", "GET /projects", "GET /tags", "GET /projects/{project_id}/tasks",
            "GET /projects/{project_id}/tasks/{id}", "POST /projects/{project_id}/tasks",
            "PATCH /projects/{project_id}/tasks/{id}", "PUT /projects/{project_id}/tasks/{id}/watchers",
            "DELETE /projects/{project_id}/tasks/{id}", "POST /sync/upload",
        ])
        let upload = try #require(contract.endpoint(withSignature: "POST /sync/upload"))
        #expect(upload.kind == .syncUpload && upload.resource.isEmpty && upload.status == 200)
        let list = try #require(contract.endpoint(withSignature: "GET /projects/{project_id}/tasks"))
        #expect(list.returns == .list && list.kind == .records)
        #expect(list.since == ["updated_after", "since"])
        #expect(list.sinceVersion == ["since_version"])
        #expect(contract.endpoint(withSignature: "POST /projects/{project_id}/tasks")?.status == 201)
        #expect(contract.endpoint(withSignature: "DELETE /projects/{project_id}/tasks/{id}")?.returns == Endpoint.Cardinality.none)
        let assignee = try #require(task.field(named: "assignee"))
        #expect(assignee.nullable)
        let author = try #require(task.field(named: "author"))
        #expect(!author.nullable && author.immutable)
    }
}
