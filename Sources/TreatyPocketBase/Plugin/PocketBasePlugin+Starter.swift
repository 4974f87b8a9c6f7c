public import TreatyDialectKit

extension PocketBasePlugin {
    /// A `notes` collection in `pb_schema.json` (the shape of the admin UI's "Export collections"),
    /// public to read and written by the superuser; two notes as fixtures; a scenario that logs in
    /// as the superuser, adds a note, finds it with a filter and deletes it.
    public func starter(api: String) -> [ImportedFile] {
        [
            ImportedFile(relativePath: "Contracts/\(api)/contract.yaml", text: Self.starterContract(api: api)),
            ImportedFile(relativePath: "Contracts/\(api)/pb_schema.json", text: Self.starterCollections),
            ImportedFile(relativePath: "Fixtures/\(api)/notes.json", text: Self.starterNotes),
            ImportedFile(
                relativePath: "Contracts/\(api)/suites/note-lifecycle.yaml", text: Self.starterScenario(api: api)),
        ]
    }

    private static func starterContract(api: String) -> String {
        """
        # The \(api) API on PocketBase 0.40. The schema is PocketBase's own: pb_schema.json is the
        # admin UI's "Export collections" JSON; replace it with your server's. `swift run treaty
        # verify` serves it from the simulator with Fixtures/\(api)/ and runs the PB-* rules and the
        # suites generated for every collection; with TREATY_TARGET=https://… it checks your server,
        # logging in as $TREATY_PB_SUPERUSER (email:password).
        api: \(api)
        dialect: pocketbase
        naming: camelCase
        collections: pb_schema.json

        """
    }

    private static let starterCollections = """
        [
          {
            "id": "pbc_1000000001",
            "name": "notes",
            "type": "base",
            "system": false,
            "listRule": "",
            "viewRule": "",
            "createRule": null,
            "updateRule": null,
            "deleteRule": null,
            "fields": [
              {
                "autogeneratePattern": "[a-z0-9]{15}",
                "help": "",
                "hidden": false,
                "id": "text3208210256",
                "max": 15,
                "min": 15,
                "name": "id",
                "pattern": "^[a-z0-9]+$",
                "presentable": false,
                "primaryKey": true,
                "required": true,
                "system": true,
                "type": "text"
              },
              {
                "autogeneratePattern": "",
                "help": "",
                "hidden": false,
                "id": "text724990059",
                "max": 120,
                "min": 1,
                "name": "title",
                "pattern": "",
                "presentable": true,
                "primaryKey": false,
                "required": true,
                "system": false,
                "type": "text"
              },
              {
                "hidden": false,
                "id": "bool1180152006",
                "name": "done",
                "presentable": false,
                "required": false,
                "system": false,
                "type": "bool"
              },
              {
                "hidden": false,
                "id": "autodate2990389176",
                "name": "created",
                "onCreate": true,
                "onUpdate": false,
                "presentable": false,
                "system": false,
                "type": "autodate"
              },
              {
                "hidden": false,
                "id": "autodate3332085495",
                "name": "updated",
                "onCreate": true,
                "onUpdate": true,
                "presentable": false,
                "system": false,
                "type": "autodate"
              }
            ],
            "indexes": []
          }
        ]

        """

    private static let starterNotes = """
        [
          {"id": "n1buyoatmilk001", "title": "Buy oat milk", "done": false, "created": "2025-03-01 09:00:00.000Z", "updated": "2025-03-01 09:00:00.000Z"},
          {"id": "n2waterplants02", "title": "Water the plants", "done": true, "created": "2025-03-01 09:05:00.000Z", "updated": "2025-03-01 09:05:00.000Z"}
        ]

        """

    private static func starterScenario(api: String) -> String {
        """
        # A scenario for the \(api) API: ordered steps, each a request, the status and body expected
        # and captures later steps reuse as {{name.key}}. `treaty verify` runs it beside the suites
        # it generates from the collections. The superuser is the simulator's.
        suite: \(api).note-lifecycle
        scenarios:
          - name: a note is added, found and deleted
            steps:
              - name: anyone lists the notes
                request: { method: GET, path: /api/collections/notes/records }
                expect:
                  status: 200
                  body:
                    /items: { each_like: { min: 1, like: { id: "x", title: "x" } } }
              - name: log in as the superuser
                request:
                  method: POST
                  path: /api/collections/_superusers/auth-with-password
                  body: { identity: admin@example.com, password: admin-password-123 }
                expect: { status: 200 }
                capture: { login: / }
              - name: add a note
                request:
                  method: POST
                  path: /api/collections/notes/records
                  headers: { Authorization: "{{login.token}}" }
                  body: { title: Call the plumber, done: false }
                expect:
                  status: 200
                  body:
                    /title: { equals: Call the plumber }
                capture: { note: / }
              - name: find it with a filter
                request:
                  method: GET
                  path: /api/collections/notes/records
                  query: { filter: "title ~ 'plumber'" }
                expect:
                  status: 200
                  body:
                    /totalItems: { equals: 1 }
                    /items/0/id: { equals: "{{note.id}}" }
              - name: delete it
                request:
                  method: DELETE
                  path: /api/collections/notes/records/{{note.id}}
                  headers: { Authorization: "{{login.token}}" }
                expect: { status: 204 }

        """
    }
}
