import Testing
import TreatyCore
import TreatyTestSupport

/// The linter's resource rules, one test per rule, with the exact rendered findings.
@Suite struct ContractLinterTests {
    @Test("the demo contract lints clean")
    func demoLintsClean() throws {
        let result = ContractLoader(vocabulary: .treatyDialects).load(fileAt: DemoFiles.contractPath)
        let contract = try #require(result.contract)
        #expect(ContractLinter().lint(contract, sourceText: result.text).rendered == "")
    }

    @Test("a camelCase contract derives camelCase keys and lints clean")
    func camelCaseContract() throws {
        let text = """
            api: demo
            dialect: rest-sync
            naming: camelCase
            defaults:
              sync: { created_at: required, updated_at: required, tombstone: true }
            resources:
              user:
                fields:
                  displayName: string
              project:
                fields:
                  name: string
              task:
                scope: project
                fields:
                  assignee: { to: user }
                  watchers: { to: user, many: true }
                  sortOrder: { type: int, order: true }
            endpoints:
              - GET /users
              - { method: GET, path: "/projects/{projectId}/tasks", since: updatedAfter }
              - GET /projects/{projectId}/tasks/{id}
            """
        #expect(try ContractLinter().renderedFindings(text: text) == "")
        let contract = try #require(ContractLoader(vocabulary: .treatyDialects).load(text: text, file: "contract.yaml").contract)
        let task = try #require(contract.resource(named: "task"))
        #expect(task.fields.map { $0.key() } == ["assigneeId", "watcherIds", "sortOrder"])
        #expect(task.scope == ParentScope(parent: "project", key: "projectId"))
        #expect(task.orderKey == "sortOrder")
        #expect(task.sync == SyncMetadata(createdAt: "createdAt", updatedAt: "updatedAt", tombstone: "deletedAt"))
    }

    @Test("relations and scopes that name unknown resources suggest the closest one")
    func unknownTargets() throws {
        let text = """
            api: demo
            dialect: rest-sync
            resources:
              user:
                fields:
                  name: string
              project:
                fields:
                  name: string
              task:
                scope: { parent: projekt, key: project_id }
                fields:
                  owner: { to: usr }
                  reviewer: { to: nobody }
            """
        #expect(
            try ContractLinter().renderedFindings(text: text) == """
                contract.yaml:10:3: error: [unknown-resource] resource 'task' is scoped by unknown resource 'projekt'
                    task:
                    ^
                  did you mean 'project'?
                  fix: declare 'projekt' under 'resources', or fix the name
                contract.yaml:13:7: error: [unknown-resource] relation 'owner' of 'task' points to unknown resource 'usr'
                        owner: { to: usr }
                        ^
                  did you mean 'user'?
                  fix: declare 'usr' under 'resources', or fix 'to:'
                contract.yaml:14:7: error: [unknown-resource] relation 'reviewer' of 'task' points to unknown resource 'nobody'
                        reviewer: { to: nobody }
                        ^
                  fix: declare 'nobody' under 'resources', or fix 'to:'
                """)
    }

    @Test("scopes that loop back, or name their own resource, are cycles")
    func scopeCycles() throws {
        let text = """
            api: demo
            dialect: rest-sync
            resources:
              folder:
                scope: drive
              drive:
                scope: folder
              note:
                scope: note
            """
        #expect(
            try ContractLinter().renderedFindings(text: text) == """
                contract.yaml:4:3: error: [scope-cycle] the scopes of resource 'folder' form a cycle
                    folder:
                    ^
                  fix: parent scopes must end at a resource without a scope
                contract.yaml:6:3: error: [scope-cycle] the scopes of resource 'drive' form a cycle
                    drive:
                    ^
                  fix: parent scopes must end at a resource without a scope
                contract.yaml:8:3: error: [scope-cycle] resource 'note' is scoped by itself
                    note:
                    ^
                  fix: name the parent resource in 'scope'
                """)
    }

    @Test("keys that break the naming convention get a rename in that convention")
    func keyNaming() throws {
        let text = """
            api: demo
            dialect: rest-sync
            resources:
              user:
                fields:
                  name: string
              task:
                fields:
                  displayName: string
                  title: { type: string, key: Title }
                  watchers: { to: user, many: true, key: watchersIds }
            """
        #expect(
            try ContractLinter().renderedFindings(text: text) == """
                contract.yaml:9:7: error: [key-naming] key 'displayName' (field 'displayName' of 'task') is not snake_case
                        displayName: string
                        ^
                  fix: rename it 'display_name'
                contract.yaml:10:7: error: [key-naming] key 'Title' (field 'title' of 'task') is not snake_case
                        title: { type: string, key: Title }
                        ^
                  fix: rename it 'title'
                contract.yaml:11:7: error: [key-naming] key 'watchersIds' (field 'watchers' of 'task') is not snake_case
                        watchers: { to: user, many: true, key: watchersIds }
                        ^
                  fix: rename it 'watcher_ids'
                contract.yaml:11:7: error: [relation-key-form] to-many relation 'watchers' of 'task' has key 'watchersIds', which does not end in '_ids'
                        watchers: { to: user, many: true, key: watchersIds }
                        ^
                  fix: use 'watcher_ids' (RS-NM-2)
                """)
    }

    @Test("relation keys must end in _id or _ids")
    func relationKeyForm() throws {
        let text = """
            api: demo
            dialect: rest-sync
            resources:
              user:
                fields:
                  name: string
              task:
                fields:
                  watchers: { to: user, many: true, key: watchers }
                  owner: { to: user, key: owner }
                  reviewers: { to: user, many: true, key: reviewer_ids }
            """
        #expect(
            try ContractLinter().renderedFindings(text: text) == """
                contract.yaml:9:7: error: [relation-key-form] to-many relation 'watchers' of 'task' has key 'watchers', which does not end in '_ids'
                        watchers: { to: user, many: true, key: watchers }
                        ^
                  fix: use 'watcher_ids' (RS-NM-2)
                contract.yaml:10:7: error: [relation-key-form] to-one relation 'owner' of 'task' has key 'owner', which does not end in '_id'
                        owner: { to: user, key: owner }
                        ^
                  fix: use 'owner_id' (RS-NM-2)
                """)
    }

    @Test("two fields, or a field and the identity, cannot travel under one key")
    func duplicateKeys() throws {
        let text = """
            api: demo
            dialect: rest-sync
            resources:
              user:
                fields:
                  name: string
                  label: { type: string, key: name }
                  ident: { type: uuid, key: id }
                  owner: { to: user }
                  owner_id: uuid
            """
        #expect(
            try ContractLinter().renderedFindings(text: text) == """
                contract.yaml:7:7: error: [duplicate-key] field 'label' of 'user' travels under key 'name', like field 'name'
                        label: { type: string, key: name }
                        ^
                  fix: give one of them another key
                contract.yaml:8:7: error: [duplicate-key] field 'ident' of 'user' travels under key 'id', like the identity
                        ident: { type: uuid, key: id }
                        ^
                  fix: give one of them another key
                contract.yaml:10:7: error: [duplicate-key] field 'owner_id' of 'user' travels under key 'owner_id', like field 'owner'
                        owner_id: uuid
                        ^
                  fix: give one of them another key
                """)
    }

    @Test("the order field must be a declared int field")
    func orderField() throws {
        let text = """
            api: demo
            dialect: rest-sync
            resources:
              task:
                fields:
                  position: { type: string, order: true }
              board:
                order: rank
                fields:
                  name: string
            """
        #expect(
            try ContractLinter().renderedFindings(text: text) == """
                contract.yaml:6:7: error: [order-field] order field 'position' of 'task' is not a declared int field
                        position: { type: string, order: true }
                        ^
                  fix: declare 'position: { type: int }' (RS-OR-1)
                contract.yaml:7:3: error: [order-field] order field 'rank' of 'board' is not a declared int field
                    board:
                    ^
                  fix: declare 'rank: { type: int }' (RS-OR-1)
                """)
    }

    @Test("value rules must fit the field's type")
    func constraintTypes() throws {
        let text = """
            api: demo
            dialect: rest-sync
            resources:
              task:
                fields:
                  count: { type: int, enum: [a, b] }
                  size: { type: number, min_length: 1, trim: true }
                  title: { type: string, minimum: 1 }
            """
        #expect(
            try ContractLinter().renderedFindings(text: text) == """
                contract.yaml:6:7: error: [constraint-type] 'enum' on field 'count' needs type string
                        count: { type: int, enum: [a, b] }
                        ^
                  fix: use 'type: string', or remove 'enum'
                contract.yaml:7:7: error: [constraint-type] length rules on field 'size' need type string
                        size: { type: number, min_length: 1, trim: true }
                        ^
                  fix: use 'type: string', or remove 'min_length', 'max_length' and 'trim'
                contract.yaml:8:7: error: [constraint-type] 'minimum'/'maximum' on field 'title' need type int or number
                        title: { type: string, minimum: 1 }
                        ^
                  fix: use 'type: int' or 'type: number', or remove 'minimum' and 'maximum'
                """)
    }

    @Test("a declared key that is also an internal key is a warning")
    func internalKeys() throws {
        let text = """
            api: demo
            dialect: rest-sync
            resources:
              user:
                internal_keys: [rowid, name]
                fields:
                  name: string
            """
        #expect(
            try ContractLinter().renderedFindings(text: text) == """
                contract.yaml:4:3: warning: [internal-key] key 'name' of 'user' is declared but also listed as an internal key
                    user:
                    ^
                  fix: remove it from 'internal_keys' if it is part of the API
                """)
    }

}
