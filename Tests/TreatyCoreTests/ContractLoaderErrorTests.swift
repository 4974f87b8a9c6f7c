import Testing
import TreatyCore
import TreatyTestSupport

/// Contracts that parse as YAML but are not valid contracts: every finding pinned as rendered.
@Suite struct ContractLoaderErrorTests {
    static let unknownKeys: [RenderedCase] = [
        RenderedCase(
            name: "top level",
            text: """
                api: demo
                dialect: rest-sync
                resources:
                  user:
                    fields:
                      name: { type: string }
                endpionts:
                  - GET /users
                """,
            expected: """
                contract.yaml:7:1: error: [unknown-key] unknown key 'endpionts' in the contract
                  endpionts:
                  ^
                  did you mean 'endpoints'?
                  fix: use one of: api, dialect, naming, tombstone_retention, defaults, resources, endpoints, redact, mutation, \
                routes, or a name starting with 'x-' for an extension
                """),
        RenderedCase(
            name: "defaults",
            text: """
                api: demo
                dialect: rest-sync
                defaults:
                  emitt: always
                resources:
                  user:
                    fields:
                      name: { type: string }
                """,
            expected: """
                contract.yaml:4:3: error: [unknown-key] unknown key 'emitt' in 'defaults'
                    emitt: always
                    ^
                  did you mean 'emit'?
                  fix: use one of: create, emit, identity, sync, internal_keys
                """),
        RenderedCase(
            name: "resource",
            text: """
                api: demo
                dialect: rest-sync
                resources:
                  user:
                    feilds:
                      name: { type: string }
                """,
            expected: """
                contract.yaml:5:5: error: [unknown-key] unknown key 'feilds' in resource 'user'
                      feilds:
                      ^
                  did you mean 'fields'?
                  fix: use one of: identity, scope, create, order, fields, sync, internal_keys
                """),
        RenderedCase(
            name: "field",
            text: """
                api: demo
                dialect: rest-sync
                resources:
                  task:
                    fields:
                      title: { type: string, requird: true }
                """,
            expected: """
                contract.yaml:6:30: error: [unknown-key] unknown key 'requird' in field 'title'
                        title: { type: string, requird: true }
                                               ^
                  did you mean 'required'?
                  fix: use one of: type, required, nullable, emit, immutable, enum, min_length, max_length, trim, \
                minimum, maximum, key, order, to, many, shape
                """),
        RenderedCase(
            name: "endpoint",
            text: """
                api: demo
                dialect: rest-sync
                resources:
                  user:
                    fields:
                      name: { type: string }
                endpoints:
                  - { method: GET, path: /users, sinse: updated_after }
                """,
            expected: """
                contract.yaml:8:34: error: [unknown-key] unknown key 'sinse' in an endpoint
                    - { method: GET, path: /users, sinse: updated_after }
                                                   ^
                  did you mean 'since'?
                  fix: use one of: method, path, resource, returns, status, since, since_version, scoped, shapes, writes, kind
                """),
        RenderedCase(
            name: "identity",
            text: """
                api: demo
                dialect: rest-sync
                defaults:
                  identity: { key: id, tpye: uuid }
                resources:
                  user:
                    fields:
                      name: { type: string }
                """,
            expected: """
                contract.yaml:4:24: error: [unknown-key] unknown key 'tpye' in 'identity'
                    identity: { key: id, tpye: uuid }
                                         ^
                  did you mean 'type'?
                  fix: use one of: key, type
                """),
        RenderedCase(
            name: "scope",
            text: """
                api: demo
                dialect: rest-sync
                resources:
                  project:
                    fields:
                      name: { type: string }
                  task:
                    scope: { parent: project, kye: project_id }
                    fields:
                      title: { type: string }
                """,
            expected: """
                contract.yaml:8:31: error: [unknown-key] unknown key 'kye' in 'scope'
                      scope: { parent: project, kye: project_id }
                                                ^
                  did you mean 'key'?
                  fix: use one of: parent, key
                """),
        RenderedCase(
            name: "sync",
            text: """
                api: demo
                dialect: rest-sync
                resources:
                  user:
                    sync: { updated_a: required }
                    fields:
                      name: { type: string }
                """,
            expected: """
                contract.yaml:5:13: error: [unknown-key] unknown key 'updated_a' in 'sync'
                      sync: { updated_a: required }
                              ^
                  did you mean 'updated_at'?
                  fix: use one of: created_at, updated_at, version, tombstone
                """),
    ]

    @Test("an unknown key is reported at its position with a did-you-mean", arguments: unknownKeys)
    func unknownKey(_ row: RenderedCase) {
        let result = ContractLoader(vocabulary: .treatyDialects).load(text: row.text, file: "contract.yaml")
        #expect(result.contract == nil)
        #expect(result.diagnostics.rendered == row.expected)
    }

    static let wrongValues: [RenderedCase] = [
        RenderedCase(
            name: "a list where the resources mapping belongs",
            text: """
                api: demo
                dialect: rest-sync
                resources:
                  - user
                """,
            expected: """
                contract.yaml:4:3: error: [invalid-value] 'resources' must be a mapping of resource names, found a list
                    - user
                    ^
                """),
        RenderedCase(
            name: "lists where 'defaults' and 'fields' mappings belong",
            text: """
                api: demo
                dialect: rest-sync
                defaults: [create, emit]
                resources:
                  user:
                    fields: [name, email]
                """,
            expected: """
                contract.yaml:3:11: error: [invalid-value] 'defaults' must be a mapping, found a list
                  defaults: [create, emit]
                            ^
                contract.yaml:6:13: error: [invalid-value] 'fields' of resource 'user' must be a mapping, found a list
                      fields: [name, email]
                              ^
                """),
        RenderedCase(
            name: "strings where booleans belong, quoted or plain",
            text: """
                api: demo
                dialect: rest-sync
                resources:
                  user:
                    fields:
                      name: { type: string, required: "yes", nullable: yes }
                """,
            expected: """
                contract.yaml:6:39: error: [invalid-value] 'required' must be true or false, found string 'yes'
                        name: { type: string, required: "yes", nullable: yes }
                                                        ^
                contract.yaml:6:56: error: [invalid-value] 'nullable' must be true or false, found 'yes'
                        name: { type: string, required: "yes", nullable: yes }
                                                                         ^
                """),
        RenderedCase(
            name: "an unknown dialect",
            text: """
                api: demo
                dialect: rest-synk
                resources:
                  user:
                    fields:
                      name: string
                """,
            expected: """
                contract.yaml:2:10: error: [unknown-dialect] unknown dialect 'rest-synk'
                  dialect: rest-synk
                           ^
                  did you mean 'rest-sync'?
                  fix: use one of: rest-sync, pocketbase, filemaker, cloudkit
                """),
        RenderedCase(
            name: "unknown field types, short and long form",
            text: """
                api: demo
                dialect: rest-sync
                resources:
                  user:
                    fields:
                      name: strng
                      age: { type: intt }
                      joined: datetme?
                """,
            expected: """
                contract.yaml:6:13: error: [invalid-value] field 'name' has unknown type 'strng'
                        name: strng
                              ^
                  did you mean 'string'?
                  fix: use one of: string, int, number, bool, datetime, date, uuid, json, string[], optionally \
                followed by '?' for nullable
                contract.yaml:7:20: error: [invalid-value] type 'intt' is not one of: string, int, number, bool, \
                datetime, date, uuid, json, string[]
                        age: { type: intt }
                                     ^
                  did you mean 'int'?
                contract.yaml:8:15: error: [invalid-value] field 'joined' has unknown type 'datetme'
                        joined: datetme?
                                ^
                  did you mean 'datetime'?
                  fix: use one of: string, int, number, bool, datetime, date, uuid, json, string[], optionally \
                followed by '?' for nullable
                """),
        RenderedCase(
            name: "unknown HTTP methods",
            text: """
                api: demo
                dialect: rest-sync
                resources:
                  user:
                    fields:
                      name: string
                endpoints:
                  - GTE /users
                  - { method: get, path: /users }
                  - FETCH /users
                """,
            expected: """
                contract.yaml:8:5: error: [invalid-value] unknown HTTP method 'GTE'
                    - GTE /users
                      ^
                  did you mean 'GET'?
                  fix: use one of: GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS (upper-case)
                contract.yaml:9:15: error: [invalid-value] unknown HTTP method 'get'
                    - { method: get, path: /users }
                                ^
                  did you mean 'GET'?
                  fix: use one of: GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS (upper-case)
                contract.yaml:10:5: error: [invalid-value] unknown HTTP method 'FETCH'
                    - FETCH /users
                      ^
                  fix: use one of: GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS (upper-case)
                """),
        RenderedCase(
            name: "invalid path templates and an endpoint without a path",
            text: """
                api: demo
                dialect: rest-sync
                resources:
                  user:
                    fields:
                      name: string
                endpoints:
                  - GET users
                  - GET /users//all
                  - { method: GET, path: "/users/{id" }
                  - GET
                """,
            expected: """
                contract.yaml:8:5: error: [invalid-path] path 'users' is not a valid template
                    - GET users
                      ^
                  fix: start with '/', no empty segments, parameters as whole segments like '{id}'
                contract.yaml:9:5: error: [invalid-path] path '/users//all' is not a valid template
                    - GET /users//all
                      ^
                  fix: start with '/', no empty segments, parameters as whole segments like '{id}'
                contract.yaml:10:26: error: [invalid-path] path '/users/{id' is not a valid template
                    - { method: GET, path: "/users/{id" }
                                           ^
                  fix: start with '/', no empty segments, parameters as whole segments like '{id}'
                contract.yaml:11:5: error: [invalid-value] endpoint 'GET' must be 'METHOD /path'
                    - GET
                      ^
                  fix: write e.g. 'GET /projects/{project_id}/tasks'
                """),
    ]

    @Test("a value of the wrong kind or an unknown name is reported with what is allowed", arguments: wrongValues)
    func wrongValue(_ row: RenderedCase) {
        let result = ContractLoader(vocabulary: .treatyDialects).load(text: row.text, file: "contract.yaml")
        #expect(result.contract == nil)
        #expect(result.diagnostics.rendered == row.expected)
    }
}
