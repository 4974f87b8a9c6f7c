import DemoClient
import Foundation
import OpenAPIURLSession
import Testing

/// The client swift-openapi-generator built from the demo contract's OpenAPI export, calling
/// `treaty serve` of the demo: lists, reads by id, creates, patches, and decodes an error answer
/// as the document's `Error` schema.
@Suite struct DemoClientTests {
    @Test("the generated client lists, reads, creates and patches tasks, and decodes a 404 as the Error schema")
    func roundTrip() async throws {
        let server = try DemoServer()
        defer { server.stop() }
        let client = Client.demo(serverURL: server.url, transport: URLSessionTransport())

        let projects = try await client.getProjects().ok.body.json
        let project = try #require(projects.first)
        let tasks = try await client.getProjectsProjectIdTasks(path: .init(project_id: project.id)).ok.body.json
        let first = try #require(tasks.first)
        #expect(tasks.allSatisfy { $0.project_id == project.id })

        let read = try await client.getProjectsProjectIdTasksId(path: .init(project_id: project.id, id: first.id))
            .ok.body.json
        #expect(read.id == first.id && read.title == first.title)

        let now = Date()
        let created = try await client.postProjectsProjectIdTasks(
            path: .init(project_id: project.id),
            body: .json(
                .init(
                    id: UUID().uuidString.lowercased(), project_id: project.id, created_at: now, updated_at: now,
                    version: 0, deleted_at: nil, title: "Generated client", description: nil, state: .todo,
                    assignee_id: nil, author_id: first.author_id, watcher_ids: [], tag_ids: [], position: 9))
        ).created.body.json
        #expect(created.title == "Generated client")
        #expect(created.version > first.version)

        var renamed = created
        renamed.title = "Generated and patched"
        let patched = try await client.patchProjectsProjectIdTasksId(
            path: .init(project_id: project.id, id: created.id), body: .json(renamed)
        ).ok.body.json
        #expect(patched.title == "Generated and patched")
        #expect(patched.version > created.version)

        let missing = try await client.getProjectsProjectIdTasksId(
            path: .init(project_id: project.id, id: "00000000-0000-4000-8000-000000000000"))
        guard case .default(let status, let answer) = missing else {
            Issue.record("an unknown task answered \(missing)")
            return
        }
        #expect(status == 404)
        let error = try answer.body.json.error
        #expect(error.code == "not_found")
        #expect(error.field == nil)
    }
}
