import Testing
import TreatyCore
import TreatyTestSupport

/// Contracts written as JSON, which YAML 1.2 contains.
@Suite struct ContractLoaderJSONTests {
    /// The demo contract (`Contracts/demo/contract.yaml`) written as JSON; every string is quoted,
    /// including the sync keyword `required`.
    static let demoJSON = """
        {
          "api": "demo",
          "dialect": "rest-sync",
          "naming": "snake_case",
          "tombstone_retention": "30d",
          "defaults": {
            "create": "client",
            "emit": "always",
            "identity": { "key": "id", "type": "uuid" },
            "sync": { "created_at": "required", "updated_at": "required", "version": "version", "tombstone": "deleted_at" }
          },
          "resources": {
            "user": { "fields": { "display_name": { "type": "string", "required": true, "trim": true, "min_length": 1 } } },
            "project": { "fields": { "name": { "type": "string", "required": true, "trim": true, "min_length": 1 } } },
            "tag": { "fields": { "name": { "type": "string", "required": true, "trim": true, "min_length": 1 } } },
            "task": {
              "scope": { "parent": "project", "key": "project_id" },
              "fields": {
                "title": { "type": "string", "required": true, "trim": true, "min_length": 1, "max_length": 80 },
                "description": { "type": "string", "nullable": true },
                "state": { "type": "string", "required": true, "enum": ["todo", "inProgress", "done"] },
                "assignee": { "to": "user" },
                "author": { "to": "user", "required": true, "immutable": true },
                "watchers": { "to": "user", "many": true },
                "tags": { "to": "tag", "many": true },
                "position": { "type": "int", "required": true, "minimum": 0, "order": true }
              }
            }
          },
          "endpoints": [
            "GET /users",
            "GET /projects",
            "GET /tags",
            {
              "method": "GET", "path": "/projects/{project_id}/tasks",
              "since": ["updated_after", "since"], "since_version": "since_version"
            },
            { "method": "GET", "path": "/projects/{project_id}/tasks/{id}" },
            { "method": "POST", "path": "/projects/{project_id}/tasks" },
            { "method": "PATCH", "path": "/projects/{project_id}/tasks/{id}" },
            { "method": "PUT", "path": "/projects/{project_id}/tasks/{id}/watchers", "writes": ["watchers"] },
            { "method": "DELETE", "path": "/projects/{project_id}/tasks/{id}" },
            { "method": "POST", "path": "/sync/upload", "kind": "sync_upload" }
          ],
          "mutation": {
            "accepted": [
              { "mutant": "RS-write-applied-twice:task.create", "reason": "the repeated create carries the same client id, is refused as duplicate_id and changes nothing (RS-NL-7)" },
              { "mutant": "RS-write-applied-twice:task.delete", "reason": "the repeated delete answers 404 and changes nothing; the client saw the first answer" }
            ]
          }
        }
        """

    @Test("the demo contract written as JSON loads to the same contract as the YAML file")
    func demoAsJSON() throws {
        let json = ContractLoader(vocabulary: .treatyDialects).load(text: Self.demoJSON, file: "contract.json")
        #expect(json.diagnostics.isEmpty, "\(json.diagnostics.rendered)")
        let fromJSON = try #require(json.contract)
        let fromYAML = try #require(ContractLoader(vocabulary: .treatyDialects).load(fileAt: DemoFiles.contractPath).contract)
        #expect(fromJSON.file == "contract.json")
        #expect(fromJSON.withoutSourcePositions == fromYAML.withoutSourcePositions)
        #expect(ContractLinter().lint(fromJSON).isEmpty)
    }

    @Test("a JSON contract with a missing comma reports the line and column")
    func missingComma() {
        let text = """
            {
              "api": "demo",
              "dialect": "rest-sync"
              "resources": {}
            }
            """
        let result = ContractLoader(vocabulary: .treatyDialects).load(text: text, file: "contract.json")
        #expect(result.isUnreadable)
        #expect(
            result.diagnostics.rendered == """
                contract.json:4:3: error: [yaml-syntax] did not find expected ',' or '}'
                    "resources": {}
                    ^
                  while parsing a flow mapping at line 1, column 1
                """)
    }

    @Test("a JSON contract that never closes points after its last character")
    func unclosedObject() {
        let text = """
            {
              "api": "demo",
              "dialect": "rest-sync",
              "resources": { "user": { "fields": { "name": "string" } } }

            """
        #expect(
            ContractLoader(vocabulary: .treatyDialects).renderedDiagnostics(text: text, file: "contract.json") == """
                contract.json:4:62: error: [yaml-syntax] did not find expected ',' or '}'
                    "resources": { "user": { "fields": { "name": "string" } } }
                                                                               ^
                  while parsing a flow mapping at line 1, column 1
                """)
    }

    @Test("a quoted JSON boolean is a string, and the message says so")
    func quotedBoolean() {
        let text = """
            {
              "api": "demo",
              "dialect": "rest-sync",
              "resources": { "user": { "fields": { "name": { "type": "string", "required": "true" } } } }
            }
            """
        #expect(
            ContractLoader(vocabulary: .treatyDialects).renderedDiagnostics(text: text, file: "contract.json") == """
                contract.json:4:80: error: [invalid-value] 'required' must be true or false, found string 'true'
                    "resources": { "user": { "fields": { "name": { "type": "string", "required": "true" } } } }
                                                                                                 ^
                """)
    }
}

extension Contract {
    /// The contract with its file and every declaration's source location removed, so
    /// contracts loaded from different files compare by content.
    var withoutSourcePositions: Contract {
        var copy = self
        copy.file = nil
        for resourceIndex in copy.resources.indices {
            copy.resources[resourceIndex].location = nil
            for fieldIndex in copy.resources[resourceIndex].fields.indices {
                copy.resources[resourceIndex].fields[fieldIndex].location = nil
            }
        }
        for endpointIndex in copy.endpoints.indices {
            copy.endpoints[endpointIndex].location = nil
        }
        for acceptedIndex in copy.acceptedMutants.indices {
            copy.acceptedMutants[acceptedIndex].location = nil
        }
        return copy
    }
}
