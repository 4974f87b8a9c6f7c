import Testing
import TreatyCore
import TreatyTestSupport

/// Contracts that miss required parts, mix up relations and attributes, or give values out of
/// range: every finding pinned as rendered.
@Suite struct ContractLoaderStructureTests {
    @Test("a contract without api, dialect and resources names all three at the top")
    func missingTopLevelKeys() {
        let text = """
            naming: snake_case
            """
        #expect(
            ContractLoader(vocabulary: .treatyDialects).renderedDiagnostics(text: text) == """
                contract.yaml:1:1: error: [missing-key] the contract has no 'api'
                  naming: snake_case
                  ^
                  fix: add 'api: <name>' at the top
                contract.yaml:1:1: error: [missing-key] the contract has no 'dialect'
                  naming: snake_case
                  ^
                  fix: add 'dialect: rest-sync'
                contract.yaml:1:1: error: [missing-key] the contract has no 'resources'
                  naming: snake_case
                  ^
                  fix: add a 'resources:' mapping with at least one resource
                """)
    }

    @Test("a contract whose root is a scalar says it must be a mapping")
    func scalarRoot() {
        #expect(
            ContractLoader(vocabulary: .treatyDialects).renderedDiagnostics(text: "just a string\n") == """
                contract.yaml:1:1: error: [invalid-value] the contract must be a mapping, found 'just a string'
                  just a string
                  ^
                """)
    }

    @Test("top-level values of the wrong kind are each reported")
    func wrongTopLevelKinds() {
        let text = """
            api: [demo]
            dialect: rest-sync
            naming: kebab
            endpoints: GET /users
            resources:
              user:
                fields:
                  name: string
            """
        #expect(
            ContractLoader(vocabulary: .treatyDialects).renderedDiagnostics(text: text) == """
                contract.yaml:1:6: error: [invalid-value] 'api' must be a string, found a list
                  api: [demo]
                       ^
                contract.yaml:3:9: error: [invalid-value] naming 'kebab' is not one of: snake_case, camelCase, any
                  naming: kebab
                          ^
                contract.yaml:4:12: error: [invalid-value] 'endpoints' must be a list, found 'GET /users'
                  endpoints: GET /users
                             ^
                  fix: write each endpoint as '- GET /path' or '- { method: GET, path: /path, resource: name }'
                """)
    }

    @Test("an endpoint whose path names no resource asks for 'resource:'")
    func uninferableResource() {
        let text = """
            api: demo
            dialect: rest-sync
            resources:
              user:
                fields:
                  name: string
            endpoints:
              - GET /people
              - { method: GET, path: "/{id}" }
              - { method: GET, path: /people, resource: user }
            """
        #expect(
            ContractLoader(vocabulary: .treatyDialects).renderedDiagnostics(text: text) == """
                contract.yaml:8:5: error: [missing-key] cannot tell which resource '/people' serves
                    - GET /people
                      ^
                  fix: add 'resource: <name>' to the endpoint
                contract.yaml:9:5: error: [missing-key] cannot tell which resource '/{id}' serves
                    - { method: GET, path: "/{id}" }
                      ^
                  fix: add 'resource: <name>' to the endpoint
                """)
    }

    @Test("a relation with a type, and relation options on an attribute, are rejected")
    func relationMixups() {
        let text = """
            api: demo
            dialect: rest-sync
            resources:
              user:
                fields:
                  name: string
              task:
                fields:
                  owner: { to: user, type: uuid }
                  watchers: { type: string, many: true }
                  reviewer: { shape: nested }
            """
        #expect(
            ContractLoader(vocabulary: .treatyDialects).renderedDiagnostics(text: text) == """
                contract.yaml:9:32: error: [invalid-value] field 'owner' has both 'to' and 'type'
                        owner: { to: user, type: uuid }
                                                 ^
                  fix: a relation takes 'to: <resource>'; an attribute takes 'type:'
                contract.yaml:10:39: error: [invalid-value] 'many' applies to relations only, but field 'watchers' has no 'to'
                        watchers: { type: string, many: true }
                                                        ^
                  fix: add 'to: <resource>' or remove 'many'
                contract.yaml:11:26: error: [invalid-value] 'shape' applies to relations only, but field 'reviewer' has no 'to'
                        reviewer: { shape: nested }
                                           ^
                  fix: add 'to: <resource>' or remove 'shape'
                contract.yaml:11:17: error: [missing-key] field 'reviewer' has neither 'type' nor 'to'
                        reviewer: { shape: nested }
                                  ^
                  fix: add 'type: string' (or int, number, bool, datetime, date, uuid, json, string[]) or 'to: <resource>'
                """)
    }

    @Test("durations, sync roles, order fields, returns and status are checked")
    func outOfRangeValues() {
        let text = """
            api: demo
            dialect: rest-sync
            tombstone_retention: 30 days
            resources:
              user:
                order: rank
                sync: { version: [v] }
                fields:
                  rank: { type: int, order: true }
                  position: { type: int, order: true }
            endpoints:
              - { method: GET, path: /users, returns: many, status: 700 }
            """
        #expect(
            ContractLoader(vocabulary: .treatyDialects).renderedDiagnostics(text: text) == """
                contract.yaml:3:22: error: [invalid-value] 'tombstone_retention' must be a duration such as 30d, 12h, \
                90m or 45s, found '30 days'
                  tombstone_retention: 30 days
                                       ^
                contract.yaml:7:22: error: [invalid-value] sync 'version' must be a key name, 'required', or false, \
                found a list
                      sync: { version: [v] }
                                       ^
                contract.yaml:6:5: error: [duplicate-order] resource 'user' declares more than one order field: rank, \
                position
                      order: rank
                      ^
                  fix: keep one order field
                contract.yaml:12:43: error: [invalid-value] returns 'many' is not one of: one, list, none
                    - { method: GET, path: /users, returns: many, status: 700 }
                                                            ^
                contract.yaml:12:57: error: [invalid-value] 'status' 700 is not an HTTP status
                    - { method: GET, path: /users, returns: many, status: 700 }
                                                                          ^
                """)
    }

    @Test("naming one order field both ways is not a conflict")
    func orderFieldNamedTwice() throws {
        let text = """
            api: demo
            dialect: rest-sync
            resources:
              user:
                order: rank
                fields:
                  rank: { type: int, order: true }
            """
        let result = ContractLoader(vocabulary: .treatyDialects).load(text: text, file: "contract.yaml")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.rendered)")
        #expect(try #require(result.contract).resource(named: "user")?.orderKey == "rank")
    }

    @Test("sync roles accept keywords, booleans, null and key names")
    func syncRoles() throws {
        let text = """
            api: demo
            dialect: rest-sync
            resources:
              user:
                sync: { created_at: false, updated_at: modified, version: true, tombstone: "required" }
                fields:
                  name: string
              tag:
                sync: { created_at: ~, updated_at: none, version: monotonic, tombstone: removed_at }
                fields:
                  name: string
            """
        let contract = try #require(ContractLoader(vocabulary: .treatyDialects).load(text: text, file: "contract.yaml").contract)
        #expect(
            contract.resource(named: "user")?.sync
                == SyncMetadata(createdAt: nil, updatedAt: "modified", version: "version", tombstone: "deleted_at"))
        #expect(
            contract.resource(named: "tag")?.sync
                == SyncMetadata(createdAt: nil, updatedAt: nil, version: "version", tombstone: "removed_at"))
    }

    @Test("top-level keys starting with x- are ignored, so they can hold anchors")
    func extensionKeys() throws {
        let text = """
            api: demo
            dialect: rest-sync
            x-timestamps: &stamped { created_at: required, updated_at: required }
            resources:
              note: { sync: { <<: *stamped, version: version } }
            """
        let result = ContractLoader(vocabulary: .treatyDialects).load(text: text, file: "contract.yaml")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.rendered)")
        let note = try #require(result.contract?.resource(named: "note"))
        #expect(note.sync == SyncMetadata(createdAt: "created_at", updatedAt: "updated_at", version: "version"))
    }

    @Test("a merge key needs a mapping, and keys must be plain strings")
    func mergeAndComplexKeys() {
        let merge = """
            api: demo
            dialect: rest-sync
            resources:
              user:
                fields:
                  name: { <<: text, type: string }
            """
        #expect(
            ContractLoader(vocabulary: .treatyDialects).renderedDiagnostics(text: merge) == """
                contract.yaml:6:19: error: [invalid-value] a merge key '<<' takes a mapping or a list of mappings
                        name: { <<: text, type: string }
                                    ^
                """)
        let complexKey = """
            api: demo
            dialect: rest-sync
            resources:
              user:
                fields:
                  ? [a, b]
                  : string
            """
        let result = ContractLoader(vocabulary: .treatyDialects).load(text: complexKey, file: "contract.yaml")
        #expect(result.isUnreadable)
        #expect(
            result.diagnostics.rendered == """
                contract.yaml:6:9: error: [invalid-key] mapping keys must be plain strings, not a list
                        ? [a, b]
                          ^
                """)
    }
}
