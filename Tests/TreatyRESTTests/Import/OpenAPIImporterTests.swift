import Testing
import TreatyCore
import TreatyDialectKit
import TreatyJSON
import TreatyREST

@Suite struct OpenAPIImporterTests {
    static let tasks = """
        openapi: 3.0.3
        info: { title: Task Tracker, version: "1" }
        paths:
          /users:
            get:
              responses:
                "200": { description: ok, content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/User" } } } } }
          /projects/{projectId}/tasks:
            get:
              responses:
                "200": { description: ok, content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Task" } } } } }
            post:
              responses:
                "201": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Task" } } } }
          /projects/{projectId}/tasks/{taskId}:
            get:
              responses:
                "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Task" } } } }
            patch:
              responses:
                "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Task" } } } }
            delete:
              responses:
                "204": { description: gone }
          /tasks/{id}/archive:
            post:
              responses:
                "204": { description: archived }
        components:
          schemas:
            User:
              type: object
              example: { id: 6513270e-269e-4d37-b2a7-4de452e6b438, display_name: Ava }
              required: [id, display_name]
              properties:
                id: { type: string, format: uuid, readOnly: true }
                display_name: { type: string, minLength: 1, maxLength: 80 }
            Project:
              type: object
              required: [id, name]
              properties:
                id: { type: string }
                name: { type: string }
            Task:
              allOf:
                - $ref: "#/components/schemas/Stamped"
                - type: object
                  required: [id, project_id, title, state, assignee_id, user_id]
                  properties:
                    id: { type: string, format: uuid }
                    project_id: { type: string, format: uuid }
                    title: { type: string, maxLength: 80 }
                    description: { type: string, nullable: true }
                    state: { type: string, enum: [todo, in_progress, done] }
                    position: { type: integer, minimum: 0 }
                    assignee_id: { type: string, nullable: true, x-treaty-to: user }
                    watcher_ids: { type: array, items: { type: string }, x-treaty-to: user, x-treaty-relation: watchers }
                    user_id: { type: string }
                    reporter_id: { type: string }
                    reviewer: { $ref: "#/components/schemas/User" }
                    labels: { type: object, additionalProperties: { type: string } }
                    owner: { $ref: "other.yaml#/components/schemas/User" }
            Stamped:
              type: object
              properties:
                created_at: { type: string, format: date-time }
                updated_at: { type: string, format: date-time }
        """

    @Test("component schemas become resources with typed fields, and the draft lints clean")
    func resourcesAndFields() throws {
        let result = try OpenAPIImportHarness.importing(Self.tasks)
        let (contract, findings) = OpenAPIImportHarness.lint(result)
        #expect(findings.isEmpty, "\(DiagnosticRenderer().render(findings))")
        let draft = try #require(contract)
        #expect(draft.api == "task-tracker")
        #expect(draft.naming == .snakeCase)
        #expect(draft.resources.map(\.name) == ["user", "project", "task"])
        #expect(
            OpenAPIImportHarness.line("display_name", in: result)
                == "display_name: { type: string, required: true, min_length: 1, max_length: 80 }")
        #expect(
            OpenAPIImportHarness.line("state", in: result)
                == "state: { type: string, required: true, enum: [todo, in_progress, done] }")
        #expect(
            OpenAPIImportHarness.line("description", in: result)
                == "description: { type: string, nullable: true, emit: when_set }")
        #expect(
            OpenAPIImportHarness.line("position", in: result)?.hasPrefix(
                "position: { type: int, emit: when_set, minimum: 0 }  # review: if lists sort by 'position'") == true)
        let task = try #require(draft.resource(named: "task"))
        #expect(task.identity == Identity(key: "id", type: .uuid))
        #expect(
            task.sync.createdAt == "created_at" && task.sync.updatedAt == "updated_at" && task.sync.tombstone == nil)
        #expect(task.scope == ParentScope(parent: "project", key: "project_id"))
        #expect(draft.resource(named: "user")?.create == .server)
        #expect(task.create == .either)
    }

    @Test("references become relationships: foreign keys, to-many ids and embedded objects")
    func relationships() throws {
        let result = try OpenAPIImportHarness.importing(Self.tasks)
        let task = try #require(OpenAPIImportHarness.lint(result).contract?.resource(named: "task"))
        let assignee = try #require(task.field(named: "assignee")?.relation)
        #expect(
            assignee.target == "user" && !assignee.many && assignee.shape == .foreignKey
                && assignee.foreignKey == "assignee_id")
        let watchers = try #require(task.field(named: "watchers")?.relation)
        #expect(watchers.target == "user" && watchers.many && watchers.foreignKey == "watcher_ids")
        let user = try #require(task.field(named: "user"))
        #expect(user.relation?.target == "user" && user.required)
        #expect(task.field(named: "reporter_id")?.relation == nil)
        #expect(
            OpenAPIImportHarness.line("reporter_id", in: result)?.hasSuffix(
                "# review: it looks like an id, but OpenAPI cannot say of which resource; make it a relation ('to:') if it is one"
            ) == true)
        let reviewer = try #require(task.field(named: "reviewer")?.relation)
        #expect(reviewer.target == "user" && reviewer.shape == .nested)
        #expect(result.count(of: "relationships") == 4)
    }

    @Test("examples become fixtures keyed as the draft declares, made-up values where an example does not fit")
    func fixtures() throws {
        let result = try OpenAPIImportHarness.importing(Self.tasks)
        #expect(result.fixtures.map(\.relativePath) == ["user.json"])
        #expect(
            result.fixtures.first?.text == """
                [
                  {
                    "id": "6513270e-269e-4d37-b2a7-4de452e6b438",
                    "display_name": "Ava"
                  }
                ]

                """)
    }

    @Test("path templates become endpoints with their parent scope and identity")
    func endpoints() throws {
        let result = try OpenAPIImportHarness.importing(Self.tasks)
        let draft = try #require(OpenAPIImportHarness.lint(result).contract)
        #expect(
            draft.endpoints.map(\.signature) == [
                "GET /users", "GET /projects/{project_id}/tasks", "POST /projects/{project_id}/tasks",
                "GET /projects/{project_id}/tasks/{id}", "PATCH /projects/{project_id}/tasks/{id}",
                "DELETE /projects/{project_id}/tasks/{id}",
            ])
        let archive = try #require(result.diagnostics.first { $0.message.hasPrefix("POST /tasks/{id}/archive") })
        #expect(archive.severity == .note)
        #expect(archive.pointer?.description == "/paths/~1tasks~1{id}~1archive/post")
        #expect(archive.location?.line == 26)
    }

    @Test("what has no contract equivalent is a located warning, and the rest is imported")
    func unsupportedConstructs() throws {
        let result = try OpenAPIImportHarness.importing(Self.tasks)
        let warnings = result.diagnostics.filter { $0.severity == .warning }
        let map = try #require(warnings.first { $0.message.contains("'labels'") })
        #expect(map.message.contains("an 'additionalProperties' map"))
        #expect(map.pointer?.description == "/components/schemas/Task/allOf/1/properties/labels")
        #expect(map.location?.line == 61)
        let external = try #require(warnings.first { $0.message.contains("'owner'") })
        #expect(external.message.contains("the external reference 'other.yaml#/components/schemas/User'"))
        #expect(external.location?.line == 62)
        #expect(
            OpenAPIImportHarness.line("labels", in: result)?.contains(
                "# review: an 'additionalProperties' map in OpenAPI; kept as json") == true)
        #expect(OpenAPIImportHarness.line("owner", in: result) == nil)
    }
}
