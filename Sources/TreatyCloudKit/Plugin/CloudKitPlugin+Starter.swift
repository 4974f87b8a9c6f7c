public import TreatyCore
public import TreatyDialectKit

extension CloudKitPlugin {
    /// A container with a `Note` record type, an API token and a signed-in user, as the gallery
    /// example is shaped; two public notes as fixtures; a scenario that queries them, then
    /// creates, looks up and deletes a note in the user's private database.
    public func starter(api: String) -> [ImportedFile] {
        let container = "iCloud.com.example." + CloudKitContainerDraft.identifierPart(api)
        return [
            ImportedFile(
                relativePath: "Contracts/\(api)/contract.yaml",
                text: Self.starterContract(api: api, container: container)),
            ImportedFile(relativePath: "Fixtures/\(api)/Note.json", text: Self.starterNotes),
            ImportedFile(
                relativePath: "Contracts/\(api)/suites/note-lifecycle.yaml",
                text: Self.starterScenario(api: api, container: container, recordType: "Note")),
        ]
    }

    /// Queries the first record type of the imported container in the public database with the
    /// contract's first API token (the simulator refuses a container without one): a first
    /// scenario to extend with the app's own flows.
    public func starterScenario(for contract: Contract) -> ImportedFile? {
        guard let decoded = decodeSchema(of: contract).schema as? CloudKitContractSchema, let schema = decoded.schema,
            let recordType = schema.recordTypes.keys.sorted().first, let token = schema.apiTokens.first
        else { return nil }
        let text = """
            # A first scenario for the \(contract.api) container: the public database answers a query for
            # \(recordType). Add the flows your app depends on: ordered steps, each a request, the
            # status and body expected, and captures later steps reuse as {{name.key}}.
            suite: \(contract.api).query
            scenarios:
              - name: the public database answers a query
                steps:
                  - request:
                      method: POST
                      path: /database/1/\(schema.container)/development/public/records/query
                      query: { ckAPIToken: \(token) }
                      body: { query: { recordType: \(recordType) } }
                    expect:
                      status: 200
                      body:
                        /records: { type: array }

            """
        return ImportedFile(relativePath: "query.yaml", text: text)
    }

    private static func starterContract(api: String, container: String) -> String {
        """
        # The \(api) app's CloudKit container: its record types with typed, indexed fields, the API
        # token web clients send and a signed-in user. `swift run treaty verify` serves it from the
        # simulator (CloudKit Web Services under /database/1/\(container)/…) with
        # Fixtures/\(api)/ and runs the CK-* rules. On a live container set TREATY_CK_API_TOKEN and
        # TREATY_CK_WEB_AUTH_TOKEN. `treaty import cloudkit schema.ckdb` drafts this section from
        # the schema file `cktool export-schema` writes.
        api: \(api)
        dialect: cloudkit
        naming: any
        container:
          identifier: \(container)
          api_tokens: [\(api)-api-token-0001]                        # the simulator's API token
          users:
            - { record_name: _owner, web_auth_token: \(api)-web-token-owner, first_name: Sam, last_name: Lee }
          record_types:
            Note:
              title: { type: STRING, indexes: [queryable, sortable, searchable] }
              done:  { type: INT64, indexes: [queryable] }             # 0 or 1
              due:   { type: TIMESTAMP, indexes: [queryable, sortable] }

        """
    }

    private static let starterNotes = """
        [
          {"recordName": "buy-oat-milk", "fields": {"title": {"value": "Buy oat milk", "type": "STRING"}, "done": {"value": 0, "type": "INT64"},
           "due": {"value": 1741824000000, "type": "TIMESTAMP"}}, "created": {"timestamp": 1740819600000}},
          {"recordName": "water-the-plants", "fields": {"title": {"value": "Water the plants", "type": "STRING"}, "done": {"value": 1, "type": "INT64"}},
           "created": {"timestamp": 1740819900000}}
        ]

        """

    private static func starterScenario(api: String, container: String, recordType: String) -> String {
        let database = "/database/1/\(container)/development"
        return """
            # A scenario for the \(api) container: ordered steps, each a request, the status and body
            # expected and captures later steps reuse as {{name.key}}. `treaty verify` runs it beside
            # the suites it generates from the record types. The tokens are the simulator's.
            suite: \(api).note-lifecycle
            scenarios:
              - name: notes are public to read; a user writes in the private database
                steps:
                  - name: query the public notes by title
                    request:
                      method: POST
                      path: \(database)/public/records/query
                      query: { ckAPIToken: \(api)-api-token-0001 }
                      body: { query: { recordType: \(recordType), sortBy: [{ fieldName: title, ascending: true }] } }
                    expect:
                      status: 200
                      body:
                        /records/0/fields/title/value: { equals: Buy oat milk }
                  - name: create a private note
                    request:
                      method: POST
                      path: \(database)/private/records/modify
                      query: { ckAPIToken: \(api)-api-token-0001, ckWebAuthToken: \(api)-web-token-owner }
                      body:
                        operations:
                          - operationType: create
                            record: { recordType: \(recordType), fields: { title: { value: Call the plumber }, done: { value: 0 } } }
                    expect:
                      status: 200
                      body:
                        /records/0/recordChangeTag: { type: string }
                    capture: { created: /records/0 }
                  - name: look it up
                    request:
                      method: POST
                      path: \(database)/private/records/lookup
                      query: { ckAPIToken: \(api)-api-token-0001, ckWebAuthToken: \(api)-web-token-owner }
                      body: { records: [{ recordName: "{{created.recordName}}" }] }
                    expect:
                      status: 200
                      body:
                        /records/0/fields/title/value: { equals: Call the plumber }
                  - name: delete it
                    request:
                      method: POST
                      path: \(database)/private/records/modify
                      query: { ckAPIToken: \(api)-api-token-0001, ckWebAuthToken: \(api)-web-token-owner }
                      body:
                        operations:
                          - operationType: forceDelete
                            record: { recordName: "{{created.recordName}}" }
                    expect:
                      status: 200
                      body:
                        /records/0/deleted: { equals: true }

            """
    }
}
