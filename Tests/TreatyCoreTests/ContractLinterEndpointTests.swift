import Testing
import TreatyCore
import TreatyTestSupport

/// The linter's endpoint rules, one test per rule, with the exact rendered findings.
@Suite struct ContractLinterEndpointTests {
    @Test("an unscoped alias marked 'scoped: false' needs no scope key")
    func unscopedAlias() throws {
        let text = """
            api: demo
            dialect: rest-sync
            resources:
              project:
                fields:
                  name: string
              task:
                scope: project
                fields:
                  title: string
            endpoints:
              - { method: GET, path: "/tasks/{id}", scoped: false }
              - { method: GET, path: "/projects/{project_id}/tasks/{id}" }
            """
        #expect(try ContractLinter().renderedFindings(text: text) == "")
        let contract = try #require(ContractLoader(vocabulary: .treatyDialects).load(text: text, file: "contract.yaml").contract)
        #expect(contract.endpoints.map(\.scoped) == [false, true])
    }

    @Test("two endpoints with the same method and path shape collide")
    func endpointCollision() throws {
        let text = """
            api: demo
            dialect: rest-sync
            resources:
              user:
                fields:
                  name: string
            endpoints:
              - GET /users/{id}
              - { method: GET, path: "/users/{id}", returns: one }
              - DELETE /users/{id}
            """
        #expect(
            try ContractLinter().renderedFindings(text: text) == """
                contract.yaml:9:5: error: [endpoint-collision] GET /users/{id} matches the same requests as GET /users/{id} (line 8)
                    - { method: GET, path: "/users/{id}", returns: one }
                      ^
                  fix: remove one, or make the paths differ by a literal segment
                """)
    }

    @Test("an endpoint's resource must be declared")
    func unknownEndpointResource() throws {
        let text = """
            api: demo
            dialect: rest-sync
            resources:
              user:
                fields:
                  name: string
            endpoints:
              - { method: GET, path: /people, resource: usr }
            """
        #expect(
            try ContractLinter().renderedFindings(text: text) == """
                contract.yaml:8:5: error: [unknown-resource] GET /people serves unknown resource 'usr'
                    - { method: GET, path: /people, resource: usr }
                      ^
                  did you mean 'user'?
                  fix: declare it under 'resources', or fix 'resource:'
                """)
    }

    @Test("a path parameter must be the identity key or a scope key")
    func unknownPathParameter() throws {
        let text = """
            api: demo
            dialect: rest-sync
            resources:
              project:
                fields:
                  name: string
              task:
                scope: project
                fields:
                  title: string
            endpoints:
              - { method: GET, path: "/projects/{project_id}/tasks/{task_id}", returns: one }
              - { method: GET, path: "/projects/{projekt_id}/tasks" }
            """
        #expect(
            try ContractLinter().renderedFindings(text: text) == """
                contract.yaml:12:5: error: [path-parameter] path parameter '{task_id}' of GET /projects/{project_id}/tasks/{task_id} is neither the identity key 'id' nor a scope key of 'task'
                    - { method: GET, path: "/projects/{project_id}/tasks/{task_id}", returns: one }
                      ^
                  fix: use one of: {project_id}, {id}
                contract.yaml:12:5: error: [path-parameter] GET /projects/{project_id}/tasks/{task_id} addresses one 'task' but has no '{id}'
                    - { method: GET, path: "/projects/{project_id}/tasks/{task_id}", returns: one }
                      ^
                  fix: add '{id}' to the path, or set 'returns: list'
                contract.yaml:13:5: error: [path-parameter] path parameter '{projekt_id}' of GET /projects/{projekt_id}/tasks is neither the identity key 'id' nor a scope key of 'task'
                    - { method: GET, path: "/projects/{projekt_id}/tasks" }
                      ^
                  did you mean 'project_id'?
                  fix: use one of: {project_id}, {id}
                contract.yaml:13:5: error: [path-parameter] GET /projects/{projekt_id}/tasks serves 'task', which is scoped by 'project', but the path has no '{project_id}'
                    - { method: GET, path: "/projects/{projekt_id}/tasks" }
                      ^
                  fix: add '{project_id}' to the path, or mark the endpoint 'scoped: false' if it is an unscoped alias
                """)
    }

    @Test("a scoped resource's endpoint needs the scope key in its path")
    func missingScopeKey() throws {
        let text = """
            api: demo
            dialect: rest-sync
            resources:
              project:
                fields:
                  name: string
              task:
                scope: project
                fields:
                  title: string
            endpoints:
              - GET /tasks/{id}
            """
        #expect(
            try ContractLinter().renderedFindings(text: text) == """
                contract.yaml:12:5: error: [path-parameter] GET /tasks/{id} serves 'task', which is scoped by 'project', but the path has no '{project_id}'
                    - GET /tasks/{id}
                      ^
                  fix: add '{project_id}' to the path, or mark the endpoint 'scoped: false' if it is an unscoped alias
                """)
    }

    @Test("an endpoint that addresses one record needs {id}")
    func missingIdentity() throws {
        let text = """
            api: demo
            dialect: rest-sync
            resources:
              user:
                fields:
                  name: string
            endpoints:
              - PATCH /users
              - { method: GET, path: /users/me, returns: one }
            """
        #expect(
            try ContractLinter().renderedFindings(text: text) == """
                contract.yaml:8:5: error: [path-parameter] PATCH /users addresses one 'user' but has no '{id}'
                    - PATCH /users
                      ^
                  fix: add '{id}' to the path, or set 'returns: list'
                contract.yaml:9:5: error: [path-parameter] GET /users/me addresses one 'user' but has no '{id}'
                    - { method: GET, path: /users/me, returns: one }
                      ^
                  fix: add '{id}' to the path, or set 'returns: list'
                """)
    }

    @Test("incremental-sync parameters need a list endpoint and the metadata they filter on")
    func syncParameters() throws {
        let text = """
            api: demo
            dialect: rest-sync
            defaults:
              sync: { updated_at: false, tombstone: deleted_at }
            resources:
              user:
                fields:
                  name: string
            endpoints:
              - { method: GET, path: "/users/{id}", since_version: since_version }
              - { method: GET, path: /users, since: updated_after }
            """
        #expect(
            try ContractLinter().renderedFindings(text: text) == """
                contract.yaml:10:5: error: [sync-parameter] GET /users/{id} declares incremental-sync parameters but is not a GET list
                    - { method: GET, path: "/users/{id}", since_version: since_version }
                      ^
                  fix: move 'since'/'since_version' to the list endpoint
                contract.yaml:10:5: error: [sync-parameter] GET /users/{id} filters on version, but 'user' has none
                    - { method: GET, path: "/users/{id}", since_version: since_version }
                      ^
                  fix: declare 'sync: { version: version }'
                contract.yaml:11:5: error: [sync-parameter] GET /users filters on updated_at, but 'user' has none
                    - { method: GET, path: /users, since: updated_after }
                      ^
                  fix: declare 'sync: { updated_at: updated_at }'
                """)
    }

    @Test("incremental sync without a tombstone key is a warning")
    func missingTombstone() throws {
        let text = """
            api: demo
            dialect: rest-sync
            resources:
              user:
                fields:
                  name: string
            endpoints:
              - { method: GET, path: /users, since: updated_after }
            """
        #expect(
            try ContractLinter().renderedFindings(text: text) == """
                contract.yaml:8:5: warning: [sync-parameter] GET /users serves incremental sync, but 'user' has no tombstone key, so deletions never reach clients (RS-IN-2)
                    - { method: GET, path: /users, since: updated_after }
                      ^
                  fix: declare 'sync: { tombstone: deleted_at }'
                """)
    }

    @Test("shapes and writes must name the resource's relations and fields")
    func unknownShapesAndWrites() throws {
        let text = """
            api: demo
            dialect: rest-sync
            resources:
              user:
                fields:
                  name: string
                  friends: { to: user, many: true }
            endpoints:
              - { method: PATCH, path: "/users/{id}", shapes: { frends: nested, name: fk }, writes: [nam, friends] }
            """
        #expect(
            try ContractLinter().renderedFindings(text: text) == """
                contract.yaml:9:5: error: [unknown-field] PATCH /users/{id} overrides the shape of 'frends', which is not a relation of 'user'
                    - { method: PATCH, path: "/users/{id}", shapes: { frends: nested, name: fk }, writes: [nam, friends] }
                      ^
                  did you mean 'friends'?
                  fix: name a relation of 'user', or remove 'frends' from 'shapes'
                contract.yaml:9:5: error: [unknown-field] PATCH /users/{id} overrides the shape of 'name', which is not a relation of 'user'
                    - { method: PATCH, path: "/users/{id}", shapes: { frends: nested, name: fk }, writes: [nam, friends] }
                      ^
                  fix: name a relation of 'user', or remove 'name' from 'shapes'
                contract.yaml:9:5: error: [unknown-field] PATCH /users/{id} writes 'nam', which is not a field of 'user'
                    - { method: PATCH, path: "/users/{id}", shapes: { frends: nested, name: fk }, writes: [nam, friends] }
                      ^
                  did you mean 'name'?
                  fix: name a field of 'user', or remove 'nam' from 'writes'
                """)
    }

}

@Suite struct ContractLinterUploadTests {
    @Test("a sync upload needs no resource and lints clean as a parameterless POST")
    func cleanUpload() throws {
        let text = """
            api: demo
            dialect: rest-sync
            resources:
              user:
                fields:
                  name: string
            endpoints:
              - GET /users
              - { method: POST, path: /sync/upload, kind: sync_upload }
            """
        #expect(try ContractLinter().renderedFindings(text: text) == "")
        let contract = try #require(ContractLoader(vocabulary: .treatyDialects).load(text: text, file: "contract.yaml").contract)
        #expect(contract.endpoints.map(\.kind) == [.records, .syncUpload])
        #expect(contract.endpoints[1].resource == "" && contract.endpoints[1].status == 200)
    }

    @Test("a sync upload sent with GET, with path parameters or an unknown resource is refused")
    func badUpload() throws {
        let text = """
            api: demo
            dialect: rest-sync
            resources:
              user:
                fields:
                  name: string
            endpoints:
              - { method: GET, path: "/sync/{id}", kind: sync_upload, resource: usr, since: after }
            """
        #expect(
            try ContractLinter().renderedFindings(text: text) == """
                contract.yaml:8:5: error: [sync-upload] GET /sync/{id} is a sync upload, which clients send with POST
                    - { method: GET, path: "/sync/{id}", kind: sync_upload, resource: usr, since: after }
                      ^
                  fix: use 'method: POST'
                contract.yaml:8:5: error: [sync-upload] path parameter '{id}' of GET /sync/{id} names nothing: each upload operation carries its type, id and parent key
                    - { method: GET, path: "/sync/{id}", kind: sync_upload, resource: usr, since: after }
                      ^
                  fix: use a path without parameters, e.g. /sync/upload
                contract.yaml:8:5: error: [unknown-resource] GET /sync/{id} accepts unknown resource 'usr'
                    - { method: GET, path: "/sync/{id}", kind: sync_upload, resource: usr, since: after }
                      ^
                  did you mean 'user'?
                  fix: declare it under 'resources', fix 'resource:', or remove it to accept every resource
                contract.yaml:8:5: warning: [sync-upload] GET /sync/{id} is a sync upload; it ignores 'since'
                    - { method: GET, path: "/sync/{id}", kind: sync_upload, resource: usr, since: after }
                      ^
                  fix: remove it
                """)
    }

    @Test("an unknown kind is a loading error with a suggestion")
    func unknownKind() {
        let result = ContractLoader(vocabulary: .treatyDialects).load(
            text: """
                api: demo
                dialect: rest-sync
                resources:
                  user:
                    fields:
                      name: string
                endpoints:
                  - { method: POST, path: /sync/upload, kind: sync_uplod }
                """, file: "contract.yaml")
        let rendered = DiagnosticRenderer().render(result.diagnostics)
        #expect(rendered.contains("'kind' 'sync_uplod' is not one of: records, sync_upload"))
        #expect(rendered.contains("did you mean 'sync_upload'?"))
    }
}
