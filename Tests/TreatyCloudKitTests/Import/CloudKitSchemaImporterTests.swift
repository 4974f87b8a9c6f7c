import Foundation
import Testing
import TreatyCore
import TreatyDialectKit
import TreatyTestSupport

@testable import TreatyCloudKit

@Suite struct CloudKitSchemaImporterTests {
    /// The import of `text` saved as `name`.
    static func importing(_ text: String, name: String = "schema.ckdb") throws -> ContractImport {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "treaty-ckdb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return CloudKitSchemaImporter().importContract(fileAt: file.path, api: nil)
    }

    /// The record types of a contract's text, decoded as `treaty serve` decodes them, and the findings.
    static func decoded(_ text: String?) throws -> (schema: CloudKitSchema?, findings: [Diagnostic]) {
        let loaded = ContractLoader(vocabulary: .treatyDialects).load(text: try #require(text), file: "draft.yaml")
        let contract = try #require(loaded.contract, "\(DiagnosticRenderer().render(loaded.diagnostics))")
        let schema = CloudKitSchemaDecoder().decode(contract)
        return (schema.schema, loaded.diagnostics + ContractLinter().lint(contract) + schema.diagnostics)
    }

    @Test(
        "the published .ckdb files import to contracts whose container decodes without findings",
        .enabled(if: SharedOpenAPI.directory != nil, Comment(rawValue: SharedOpenAPI.absence)),
        arguments: [("celestra.ckdb", 3, 41), ("mistdemo.ckdb", 1, 5)])
    func realSchemas(name: String, recordTypes: Int, fields: Int) throws {
        let result = CloudKitSchemaImporter().importContract(fileAt: SharedOpenAPI.path(name), api: nil)
        #expect(result.diagnostics.isEmpty, "\(DiagnosticRenderer().render(result.diagnostics))")
        let (schema, findings) = try Self.decoded(result.contractText)
        #expect(findings.isEmpty, "\(DiagnosticRenderer().render(findings))")
        #expect(schema?.recordTypes.count == recordTypes)
        #expect(result.count(of: "fields") == fields)
    }

    @Test("every field type, list and index of the language is carried")
    func everyType() throws {
        let result = try Self.importing(
            """
            DEFINE SCHEMA
                CREATE ROLE Editor;
                /* every type */
                RECORD TYPE Everything (
                    "___recordID" REFERENCE QUERYABLE,
                    text STRING QUERYABLE SORTABLE SEARCHABLE,
                    count INT64 SORTABLE,
                    ratio DOUBLE,
                    at TIMESTAMP QUERYABLE,
                    blob BYTES,
                    link REFERENCE QUERYABLE,
                    file ASSET,
                    place LOCATION QUERYABLE,
                    texts LIST<STRING> QUERYABLE,
                    counts LIST<INT64>,
                    ratios LIST<DOUBLE>,
                    ats LIST<TIMESTAMP>,
                    blobs LIST<BYTES>,
                    links LIST<REFERENCE>,
                    files LIST<ASSET>,
                    places LIST<LOCATION>,
                    GRANT WRITE TO "_creator",
                    GRANT READ TO "_world"
                );
            """)
        #expect(result.diagnostics.isEmpty)
        let (schema, findings) = try Self.decoded(result.contractText)
        #expect(findings.isEmpty, "\(DiagnosticRenderer().render(findings))")
        let everything = try #require(schema?.recordTypes["Everything"])
        #expect(everything.fieldOrder.count == 16)
        #expect(everything.fields["text"]?.indexes == [.queryable, .sortable, .searchable])
        #expect(everything.fields["count"]?.indexes == [.sortable])
        #expect(everything.fields["file"]?.type == .asset)
        #expect(everything.fields["places"]?.type == .locationList)
        #expect(everything.fields["texts"]?.type == .stringList)
        #expect(
            result.contractText?.contains(
                "    Everything:  # review: security grants are not part of the contract: WRITE to _creator; READ to _world"
            ) == true)
        #expect(
            result.contractText?.contains(
                "      link: { type: REFERENCE, indexes: [queryable] }  # review: the schema does not say which record type it points to"
            ) == true)
    }

    @Test(
        "the gallery example's record types written in the language (bare types with their automatic QUERYABLE SORTABLE) import back to the same types and indexes"
    )
    func galleryRoundTrip() throws {
        let result = try Self.importing(
            """
            DEFINE SCHEMA
            RECORD TYPE Artist (
                name STRING QUERYABLE SORTABLE SEARCHABLE,
                born INT64 QUERYABLE SORTABLE,
                home LOCATION QUERYABLE SORTABLE,
                genres LIST<STRING> QUERYABLE,
                rank INT64
            );
            RECORD TYPE Artwork (
                title STRING QUERYABLE SORTABLE SEARCHABLE,
                artist REFERENCE QUERYABLE,
                year INT64 QUERYABLE SORTABLE,
                price DOUBLE QUERYABLE SORTABLE,
                acquired TIMESTAMP QUERYABLE SORTABLE,
                image ASSET
            );
            """, name: "gallery.ckdb")
        let imported = try #require(try Self.decoded(result.contractText).schema)
        let text = try String(contentsOfFile: DemoFiles.root + "/Contracts/gallery/contract.yaml", encoding: .utf8)
        let gallery = try #require(try Self.decoded(text).schema)
        #expect(imported.recordTypes.keys.sorted() == gallery.recordTypes.keys.sorted())
        for (name, recordType) in gallery.recordTypes {
            let back = try #require(imported.recordTypes[name])
            #expect(back.fieldOrder == recordType.fieldOrder, "\(name)")
            for (field, value) in recordType.fields {
                // A .ckdb REFERENCE names no target; the draft leaves a review note instead.
                var expected = value
                expected.target = nil
                #expect(back.fields[field] == expected, "\(name).\(field)")
            }
        }
    }

    @Test("a syntax error is located, and the record types around it are still imported")
    func syntaxError() throws {
        let result = try Self.importing(
            """
            DEFINE SCHEMA
            RECORD TYPE First ( title STRING );
            RECORD TYPE Broken ( title STRING QUERYABLE 42 , ok INT64 );
            REMOVE TYPE Nope;
            RECORD TYPE Last ( when TIMESTAMP );
            """)
        #expect(
            result.diagnostics.map(\.message) == [
                "expected ',' or ')' after field 'title', found '42'",
                "expected 'RECORD TYPE' or 'CREATE ROLE', found 'REMOVE'",
            ])
        #expect(result.diagnostics.map(\.location?.line) == [3, 4])
        #expect(result.diagnostics.map(\.location?.column) == [45, 1])
        let (schema, findings) = try Self.decoded(result.contractText)
        #expect(findings.isEmpty)
        #expect(schema?.recordTypes.keys.sorted() == ["Broken", "First", "Last"])
        #expect(schema?.recordTypes["Broken"]?.fieldOrder == ["ok"])
    }
}
