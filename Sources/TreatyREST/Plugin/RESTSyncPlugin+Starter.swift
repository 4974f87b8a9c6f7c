public import TreatyCore
public import TreatyDialectKit

extension RESTSyncPlugin {
    /// A to-do API of lists and the items scoped by them, with client-assigned ids, sync metadata
    /// and tombstones; two lists and three items as fixtures; a scenario that creates, renames,
    /// clears and deletes an item.
    public func starter(api: String) -> [ImportedFile] {
        [
            ImportedFile(relativePath: "Contracts/\(api)/contract.yaml", text: Self.starterContract(api: api)),
            ImportedFile(relativePath: "Fixtures/\(api)/list.json", text: Self.starterLists),
            ImportedFile(relativePath: "Fixtures/\(api)/item.json", text: Self.starterItems),
            ImportedFile(
                relativePath: "Contracts/\(api)/suites/item-lifecycle.yaml", text: Self.starterScenario(api: api)),
        ]
    }

    /// Reads every list endpoint whose path has no parameters and expects a JSON array: a first
    /// scenario to extend with the API's own flows.
    public func starterScenario(for contract: Contract) -> ImportedFile? {
        let lists = contract.endpoints.filter {
            $0.kind == .records && $0.method == "GET" && $0.returns == .list && $0.path.parameters.isEmpty
        }
        guard !lists.isEmpty else { return nil }
        let steps = lists.map { endpoint in
            """
                  - request: { method: GET, path: "\(endpoint.path)" }
                    expect:
                      status: 200
                      body:
                        /: { type: array }
            """
        }
        let text = """
            # A first scenario for the \(contract.api) API: every top-level list answers with an array.
            # Add the flows your app depends on: ordered steps, each a request, the status and
            # body expected (matchers: equals, regex, type, each_like, contains, any_match), and
            # captures later steps reuse as {{name.key}}.
            suite: \(contract.api).lists
            scenarios:
              - name: every top-level list answers
                steps:
            \(steps.joined(separator: "\n"))

            """
        return ImportedFile(relativePath: "lists.yaml", text: text)
    }

    private static func starterContract(api: String) -> String {
        """
        # The \(api) API: to-do lists, and the items of each list. A contract says what every
        # payload looks like and how every endpoint behaves; `swift run treaty verify` proves the
        # simulator (or, with TREATY_TARGET=https://…, your server) honours it. Change it to
        # describe your API; `swift run treaty lint` checks it as you go.
        api: \(api)
        dialect: rest-sync
        naming: snake_case                   # payload keys are snake_case; relations end in _id / _ids

        defaults:
          create: client                     # the client sends id, created_at and updated_at
          emit: always                       # every declared key in every response, null when empty
          identity: { key: id, type: uuid }
          sync: { created_at: required, updated_at: required, version: version, tombstone: deleted_at }

        resources:
          list:
            fields:
              name: { type: string, required: true, trim: true, min_length: 1 }

          item:
            scope: { parent: list, key: list_id }   # identity is (list_id, id)
            fields:
              title:    { type: string, required: true, min_length: 1, max_length: 200 }
              note:     { type: string, nullable: true }   # null clears it; a missing key leaves it
              done:     { type: bool, required: true }
              position: { type: int, required: true, minimum: 0, order: true }   # lists are sorted by it

        endpoints:
          - GET /lists
          - { method: GET,    path: "/lists/{list_id}/items", since: [updated_after] }   # incremental sync
          - { method: GET,    path: "/lists/{list_id}/items/{id}" }
          - { method: POST,   path: "/lists/{list_id}/items" }
          - { method: PATCH,  path: "/lists/{list_id}/items/{id}" }
          - { method: DELETE, path: "/lists/{list_id}/items/{id}" }

        """
    }

    private static let starterLists = """
        [
          {"id": "6F1C2B3A-4D5E-4F60-8A1B-2C3D4E5F6A01", "name": "Groceries", "created_at": "2025-03-01T08:00:00.000Z", "updated_at": "2025-03-01T08:00:00.000Z", "version": 1, "deleted_at": null},
          {"id": "7A2D3C4B-5E6F-4071-9B2C-3D4E5F6A7B02", "name": "Chores", "created_at": "2025-03-01T08:05:00.000Z", "updated_at": "2025-03-01T08:05:00.000Z", "version": 2, "deleted_at": null}
        ]

        """

    private static let starterItems = """
        [
          {"id": "8B3E4D5C-6F70-4182-8C3D-4E5F6A7B8C03", "list_id": "6F1C2B3A-4D5E-4F60-8A1B-2C3D4E5F6A01", "title": "Oat milk", "note": "the barista one", "done": false, "position": 0, "created_at": "2025-03-01T09:00:00.000Z", "updated_at": "2025-03-01T09:00:00.000Z", "version": 3, "deleted_at": null},
          {"id": "9C4F5E6D-7081-4293-9D4E-5F6A7B8C9D04", "list_id": "6F1C2B3A-4D5E-4F60-8A1B-2C3D4E5F6A01", "title": "Lemons", "note": null, "done": true, "position": 1, "created_at": "2025-03-01T09:01:00.000Z", "updated_at": "2025-03-01T09:01:00.000Z", "version": 4, "deleted_at": null},
          {"id": "AD5A6F7E-8192-43A4-8E5F-6A7B8C9DAE05", "list_id": "7A2D3C4B-5E6F-4071-9B2C-3D4E5F6A7B02", "title": "Water the plants", "note": null, "done": false, "position": 0, "created_at": "2025-03-01T09:02:00.000Z", "updated_at": "2025-03-01T09:02:00.000Z", "version": 5, "deleted_at": null}
        ]

        """

    private static func starterScenario(api: String) -> String {
        """
        # A scenario for the \(api) API: ordered steps, each a request, the status and body expected
        # and captures later steps reuse as {{name.key}}. `treaty verify` runs it beside the cases
        # it generates from the contract.
        suite: \(api).item-lifecycle
        scenarios:
          - name: an item is added, renamed, cleared and deleted
            steps:
              - name: find a list
                request: { method: GET, path: /lists }
                expect:
                  status: 200
                  body:
                    /: { each_like: { min: 1, like: { id: "x", name: "x" } } }
                capture: { list: /0 }
              - name: add an item
                request:
                  method: POST
                  path: /lists/{{list.id}}/items
                  body:
                    id: "{{uuid}}"
                    list_id: "{{list.id}}"
                    title: Bread
                    note: wholegrain
                    done: false
                    position: 5
                    created_at: "{{now}}"
                    updated_at: "{{now}}"
                expect:
                  status: 201
                  body:
                    /title: { equals: Bread }
                    /version: { type: integer }
                capture: { item: / }
              - name: rename it; the note stays
                request:
                  method: PATCH
                  path: /lists/{{list.id}}/items/{{item.id}}
                  body: { title: Rye bread }
                expect:
                  status: 200
                  body:
                    /title: { equals: Rye bread }
                    /note: { equals: wholegrain }
                    /version: { greater_than: "{{item.version}}" }
              - name: null clears the note
                request:
                  method: PATCH
                  path: /lists/{{list.id}}/items/{{item.id}}
                  body: { note: null }
                expect:
                  status: 200
                  body:
                    /note: { type: "null" }
              - name: delete it
                request: { method: DELETE, path: "/lists/{{list.id}}/items/{{item.id}}" }
                expect: { status: 204 }
              - name: it is gone
                request: { method: GET, path: "/lists/{{list.id}}/items/{{item.id}}" }
                expect: { status: 404 }

        """
    }
}
