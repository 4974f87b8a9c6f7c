public import TreatyDialectKit

extension FileMakerPlugin {
    /// One hosted file (named after the api) with a `Tasks` layout, an account and a script, as the
    /// music example is shaped; two tasks as fixtures; a scenario that logs in, adds a task,
    /// finds it, edits it with its `modId`, deletes it and logs out.
    public func starter(api: String) -> [ImportedFile] {
        let database = Self.databaseName(api)
        return [
            ImportedFile(
                relativePath: "Contracts/\(api)/contract.yaml", text: Self.starterContract(api: api, database: database)
            ),
            ImportedFile(relativePath: "Fixtures/\(api)/Tasks.json", text: Self.starterTasks),
            ImportedFile(
                relativePath: "Contracts/\(api)/suites/task-lifecycle.yaml",
                text: Self.starterScenario(api: api, database: database)),
        ]
    }

    /// The api as a FileMaker file name: its words capitalized and joined (`to-do` → `ToDo`).
    private static func databaseName(_ api: String) -> String {
        let words = api.split { !$0.isLetter && !$0.isNumber }
        let name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return name.isEmpty ? "App" : name
    }

    private static func starterContract(api: String, database: String) -> String {
        """
        # The \(api) API on the FileMaker Data API (FileMaker Server 19–21): one hosted file, its
        # layouts with their fields, the accounts that may log in and the scripts it runs. `swift
        # run treaty verify` serves it from the simulator with Fixtures/\(api)/ (one file per table)
        # and runs the FM-* rules: it logs in, creates, reads, finds, edits with modId and deletes.
        # On a live server set TREATY_FM_USER and TREATY_FM_PASSWORD (and TREATY_FM_DATABASE).
        api: \(api)
        dialect: filemaker
        naming: any
        databases:
          \(database):
            accounts:
              - { username: admin, password: admin-password-123 }   # the simulator's account
            layouts:
              Tasks:
                table: Tasks
                primary_key: id
                fields:
                  id:      { result: text, auto_enter: uuid }
                  title:   { result: text, not_empty: true, max_characters: 200 }
                  done:    number                                   # 0 or 1
                  due:     date
                  updated: { result: timeStamp, auto_enter: modification_timestamp }
            scripts:
              Echo: { result: "{{param}}" }

        """
    }

    private static let starterTasks = """
        [
          {"recordId": "1", "id": "5D0C7A10-1111-4A1A-8A1A-000000000001", "title": "Order paper", "done": 0, "due": "03/14/2025", "updated": "03/01/2025 09:00:00"},
          {"recordId": "2", "id": "5D0C7A10-1111-4A1A-8A1A-000000000002", "title": "Back up the server", "done": 1, "due": "03/07/2025", "updated": "03/01/2025 09:05:00"}
        ]

        """

    private static func starterScenario(api: String, database: String) -> String {
        """
        # A scenario for the \(api) API: ordered steps, each a request, the status and body expected
        # and captures later steps reuse as {{name.key}}. `treaty verify` runs it beside the suites
        # it generates from the layouts. The account is the simulator's (admin / admin-password-123).
        suite: \(api).task-lifecycle
        scenarios:
          - name: a task is added, found, edited and deleted
            steps:
              - name: log in
                request:
                  method: POST
                  path: /fmi/data/vLatest/databases/\(database)/sessions
                  headers: { Authorization: "Basic YWRtaW46YWRtaW4tcGFzc3dvcmQtMTIz", Content-Type: application/json }
                  body: {}
                expect:
                  status: 200
                  body:
                    /messages/0/code: { equals: "0" }
                capture: { login: /response }
              - name: add a task
                request:
                  method: POST
                  path: /fmi/data/vLatest/databases/\(database)/layouts/Tasks/records
                  headers: { Authorization: "Bearer {{login.token}}" }
                  body: { fieldData: { title: Renew the licence, done: 0 } }
                expect:
                  status: 200
                  body:
                    /response/modId: { equals: "0" }
                capture: { created: /response }
              - name: find it
                request:
                  method: POST
                  path: /fmi/data/vLatest/databases/\(database)/layouts/Tasks/_find
                  headers: { Authorization: "Bearer {{login.token}}" }
                  body: { query: [{ title: "==Renew the licence" }] }
                expect:
                  status: 200
                  body:
                    /response/dataInfo/foundCount: { equals: 1 }
              - name: mark it done with the current modId
                request:
                  method: PATCH
                  path: /fmi/data/vLatest/databases/\(database)/layouts/Tasks/records/{{created.recordId}}
                  headers: { Authorization: "Bearer {{login.token}}" }
                  body: { fieldData: { done: 1 }, modId: "0" }
                expect:
                  status: 200
                  body:
                    /response/modId: { equals: "1" }
              - name: delete it
                request:
                  method: DELETE
                  path: /fmi/data/vLatest/databases/\(database)/layouts/Tasks/records/{{created.recordId}}
                  headers: { Authorization: "Bearer {{login.token}}" }
                expect: { status: 200 }
              - name: log out
                request:
                  method: DELETE
                  path: /fmi/data/vLatest/databases/\(database)/sessions/{{login.token}}
                expect: { status: 200 }

        """
    }
}
