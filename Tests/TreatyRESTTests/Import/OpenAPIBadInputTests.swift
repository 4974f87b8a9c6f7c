import Foundation
import Testing
import TreatyCore
import TreatyDialectKit
import TreatyJSON
import TreatyREST

@Suite struct OpenAPIBadInputTests {
    @Test("OpenAPI 3.1 in JSON: type lists with null and anyOf with null make nullable fields")
    func openAPI31() throws {
        let document = """
            {"openapi": "3.1.0", "info": {"title": "Notes", "version": "1"},
             "paths": {"/notes": {"get": {"responses": {"200": {"description": "ok",
               "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Note"}}}}}}}}},
             "components": {"schemas": {
               "Author": {"type": "object", "properties": {"id": {"type": "integer"}}},
               "Note": {"type": "object", "required": ["id", "body", "author"],
                 "properties": {"id": {"type": "integer"}, "body": {"type": ["string", "null"]},
                   "author": {"anyOf": [{"$ref": "#/components/schemas/Author"}, {"type": "null"}]},
                   "kind": {"oneOf": [{"type": "string"}, {"type": "integer"}]}}}}}}
            """
        let result = try OpenAPIImportHarness.importing(document, name: "notes.json")
        let (contract, findings) = OpenAPIImportHarness.lint(result)
        #expect(findings.isEmpty, "\(DiagnosticRenderer().render(findings))")
        let note = try #require(contract?.resource(named: "note"))
        #expect(note.identity.type == .int)
        #expect(OpenAPIImportHarness.line("body", in: result) == "body: { type: string, nullable: true }")
        #expect(note.field(named: "author")?.relation?.shape == .nested)
        #expect(note.field(named: "author")?.nullable == true)
        let oneOf = try #require(result.diagnostics.first { $0.message.contains("'kind'") })
        #expect(oneOf.severity == .warning)
        #expect(oneOf.message.contains("'oneOf' of 2 unrelated shapes"))
        #expect(oneOf.pointer?.description == "/components/schemas/Note/properties/kind")
    }

    @Test(
        "a document that is not OpenAPI 3.0 or 3.1 is a located error and imports nothing",
        arguments: [
            ("swagger: \"2.0\"\ninfo: { title: x }\n", "Swagger 2.0 is not supported, only OpenAPI 3.0 and 3.1", 1),
            ("openapi: 4.0.0\n", "OpenAPI 4.0.0 is not supported, only 3.0 and 3.1", 1),
            ("name: not an api\nversion: 2\n", "the document is not OpenAPI: it has no 'openapi:' version", 1),
            ("- a\n- b\n", "the document is not OpenAPI: its top level is not a mapping", 1),
        ])
    func notOpenAPI(text: String, message: String, line: Int) throws {
        let result = try OpenAPIImportHarness.importing(text)
        #expect(result.contractText == nil)
        let error = try #require(result.diagnostics.first)
        #expect(error.severity == .error)
        #expect(error.message == message)
        #expect(error.location?.line == line)
    }

    @Test("a circular reference is a located warning; the other schemas are still imported")
    func circularReference() throws {
        let document = """
            openapi: 3.0.0
            info: { title: Loops, version: "1" }
            paths: {}
            components:
              schemas:
                A: { $ref: "#/components/schemas/B" }
                B: { $ref: "#/components/schemas/A" }
                Item:
                  type: object
                  properties:
                    id: { type: string }
                    loop: { $ref: "#/components/schemas/A" }
            """
        let result = try OpenAPIImportHarness.importing(document)
        let (contract, findings) = OpenAPIImportHarness.lint(result)
        #expect(findings.isEmpty)
        #expect(contract?.resources.map(\.name) == ["item"])
        let loops = result.diagnostics.filter { $0.message.contains("circular reference") }
        #expect(
            loops.map(\.pointer?.description) == [
                "/components/schemas/A", "/components/schemas/B", "/components/schemas/Item/properties/loop",
            ])
        #expect(loops.map(\.location?.line) == [6, 7, 12])
    }

    @Test("a document larger than the limit is refused before it is read")
    func sizeLimit() throws {
        let importer = OpenAPIImporter(limits: SourceLimits(maxFileSize: 64))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "treaty-openapi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("big.yaml")
        try Data(String(repeating: "# padding\n", count: 20).utf8).write(to: file)
        let result = importer.importContract(fileAt: file.path, api: nil)
        #expect(result.contractText == nil)
        #expect(result.diagnostics.first?.rule == "file-too-large")
    }
}
