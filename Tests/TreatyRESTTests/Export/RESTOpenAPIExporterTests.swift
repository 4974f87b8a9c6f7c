import Foundation
import Testing
import TreatyCore
import TreatyDialectKit
import TreatyJSON
import TreatyREST
import TreatyTestSupport

@Suite struct RESTOpenAPIExporterTests {
    /// Whether `openapi-spec-validator` (pip) is installed; `.ci/run` installs it.
    static let hasValidator: Bool = {
        guard
            let process = try? ChildProcess(
                "/usr/bin/env", ["python3", "-c", "import openapi_spec_validator"], output: .null, error: .null)
        else { return false }
        return process.wait() == 0
    }()

    static func write(_ document: JSONValue, name: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "treaty-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent(name)
        try Data(document.serializedBytes(options: JSONWriteOptions(pretty: true))).write(to: file)
        return file.path
    }

    @Test(
        "the demo contract's export is valid OpenAPI 3.1",
        .enabled(if: hasValidator, "openapi-spec-validator is not installed (pip install openapi-spec-validator)"))
    func validOpenAPI() throws {
        let path = try Self.write(RESTOpenAPIExporter().document(of: DemoFiles.contract), name: "demo.json")
        let script = """
            import sys
            from openapi_spec_validator import validate
            from openapi_spec_validator.readers import read_from_filename
            spec, _ = read_from_filename(sys.argv[1])
            assert spec["openapi"] == "3.1.0"
            validate(spec)
            """
        let process = try ChildProcess("/usr/bin/env", ["python3", "-c", script, path], output: .null)
        #expect(process.wait() == 0)
    }

    @Test("importing the demo's export gives back its resources, keys, relations and rules")
    func roundTrip() throws {
        let path = try Self.write(RESTOpenAPIExporter().document(of: DemoFiles.contract), name: "demo.json")
        let result = OpenAPIImporter().importContract(fileAt: path, api: nil)
        let (imported, findings) = OpenAPIImportHarness.lint(result)
        #expect(findings.isEmpty, "\(DiagnosticRenderer().render(findings))")
        let contract = try #require(imported)
        let original = DemoFiles.contract
        #expect(contract.api == "demo")
        #expect(contract.naming == original.naming)
        #expect(contract.resources.map(\.name) == original.resources.map(\.name))
        for resource in original.resources {
            let back = try #require(contract.resource(named: resource.name))
            #expect(back.identity == resource.identity)
            #expect(back.scope == resource.scope)
            #expect(back.sync == resource.sync)
            #expect(Set(back.fields.map { $0.key() }) == Set(resource.fields.map { $0.key() }), "\(resource.name)")
            for field in resource.fields {
                let other = try #require(back.fields.first { $0.key() == field.key() })
                #expect(other.relation?.target == field.relation?.target, "\(resource.name).\(field.name)")
                #expect(other.relation?.many == field.relation?.many, "\(resource.name).\(field.name)")
                #expect(other.required == field.required, "\(resource.name).\(field.name)")
                #expect(other.nullable == field.nullable, "\(resource.name).\(field.name)")
                #expect(other.constraints.allowed == field.constraints.allowed)
                #expect(other.constraints.minLength == field.constraints.minLength)
                #expect(other.constraints.maxLength == field.constraints.maxLength)
                #expect(other.constraints.minimum == field.constraints.minimum)
            }
        }
        // A PUT that writes one relation (`writes: [watchers]`) addresses no resource in OpenAPI terms.
        let records = original.endpoints.filter { $0.kind == .records && $0.writes == nil }
        #expect(contract.endpoints.map(\.signature).sorted() == records.map(\.signature).sorted())
        for endpoint in records {
            let back = contract.endpoints.first { $0.signature == endpoint.signature }
            #expect(
                back?.since == endpoint.since && back?.sinceVersion == endpoint.sinceVersion, "\(endpoint.signature)")
            #expect(back?.status == endpoint.status && back?.returns == endpoint.returns, "\(endpoint.signature)")
        }
    }
}
