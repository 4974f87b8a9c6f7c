import Foundation
import HTTPTypes
import Testing
import TreatyCore
import TreatyDialect
import TreatyDialectKit
import TreatyDialects
import TreatyJSON
import TreatyRules
import TreatyTesting

@testable import TreatyREST

/// Every registered dialect passes the shared conformance suite on its example contract, and the
/// suite fails a dialect that breaks what it checks.
@Suite struct DialectConformanceTests {
    /// The example contract (and fixtures) of each registered dialect, and the sample requests
    /// the suite sends it (`Samples/`).
    static let examples:
        [String: (contract: String, fixtures: String?, sample: @Sendable (SimulatedBackend) -> DialectSample)] = [
            "rest-sync": ("Contracts/demo/contract.yaml", "Fixtures/demo", RESTSyncSample.make),
            "pocketbase": ("Contracts/blog/", "Fixtures/blog", PocketBaseSample.make),
            "filemaker": ("Contracts/music/", "Fixtures/music", FileMakerSample.make),
            "cloudkit": ("Contracts/gallery/", "Fixtures/gallery", CloudKitSample.make),
        ]

    @Test("every registered dialect has an example to run the suite on")
    func everyDialectHasAnExample() {
        let missing = DialectRegistry.standard.ids.map(\.rawValue).filter { Self.examples[$0] == nil }
        #expect(missing.isEmpty, "no conformance example for: \(missing)")
    }

    @Test(
        "the registered dialect passes the conformance suite", arguments: DialectRegistry.standard.ids.map(\.rawValue))
    func dialectConforms(_ id: String) async throws {
        let plugin = try #require(DialectRegistry.standard.plugin(for: DialectID(rawValue: id)))
        let example = try #require(Self.examples[id])
        do {
            let report = try await DialectConformanceSuite(
                plugin: plugin, contract: example.contract, fixtures: example.fixtures, sample: example.sample
            ).run()
            #expect(report.checks.count == 7)
        } catch let failure as DialectConformanceFailure {
            Issue.record("\(failure)")
        }
    }

    @Test("no tool module names a dialect: the simulator, verifier, TreatyTesting and the CLI reach them through the seam")
    func toolsNameNoDialect() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let names = ["PocketBase", "pocketBase", "RESTDialect", "restSync", "FileMaker", "fileMaker", "CloudKit", "cloudKit"]
        var offenders: [String] = []
        for module in ["TreatySimulator", "TreatyVerifier", "TreatyTesting", "treaty"] {
            let directory = root + "/Sources/" + module
            let files = FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? []
            #expect(!files.isEmpty, "no sources found under \(directory)")
            for file in files where file.hasSuffix(".swift") || file.hasSuffix(".md") {
                let text = (try? String(contentsOfFile: directory + "/" + file, encoding: .utf8)) ?? ""
                for name in names where text.contains(name) { offenders.append("\(module)/\(file): \(name)") }
            }
        }
        #expect(offenders.isEmpty, "\(offenders)")
    }

    @Test(
        "no module below the registry names a dialect or SQLite in code: JSON, secrets, core, rules, query, store, plugin kit, persistence"
    )
    func sharedModulesNameNoDialect() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let pattern = try Regex("pocketbase|filemaker|cloudkit|rest-?sync|restsync|sqlite").ignoresCase()
        var offenders: [String] = []
        let modules = [
            "TreatyJSON", "TreatySecrets", "TreatyCore", "TreatyRules", "TreatyQuery", "TreatyDialect", "TreatyDialectKit",
            "TreatyPersistence",
        ]
        for module in modules {
            let directory = root + "/Sources/" + module
            let files = FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? []
            #expect(!files.isEmpty, "no sources found under \(directory)")
            for file in files where file.hasSuffix(".swift") {
                let text = (try? String(contentsOfFile: directory + "/" + file, encoding: .utf8)) ?? ""
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.drop { $0 == " " || $0 == "\t" }
                    guard !code.hasPrefix("//"), line.contains(pattern) else { continue }
                    offenders.append("\(module)/\(file):\(number + 1): \(code)")
                }
            }
        }
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }

    @Test("a dialect whose refusals are not in its error format fails the suite, naming the checks")
    func plainTextRefusalsFail() async throws {
        let suite = DialectConformanceSuite(
            plugin: PlainTextRefusals(), contract: "Contracts/demo/contract.yaml", fixtures: "Fixtures/demo",
            sample: RESTSyncSample.make)
        let failure = try await #require(throws: DialectConformanceFailure.self) { try await suite.run() }
        let failed = failure.report.checks.filter { !$0.passed }.map(\.name)
        #expect(failed.contains("faults and unknown routes answer in the dialect's error format"), "\(failure)")
        #expect(failed.contains("oversized and over-nested bodies are refused in the error format"), "\(failure)")
        #expect(failure.description.contains("RS-ERR-1"))
    }
}

/// rest-sync, except that the server's own refusals (unknown routes, faults, body limits) are
/// plain text.
struct PlainTextRefusals: DialectPlugin {
    let wrapped = RESTSyncPlugin()
    var id: DialectID { wrapped.id }
    var summary: String { wrapped.summary }
    var sectionKeys: [String] { wrapped.sectionKeys }
    var endpointKinds: Set<Endpoint.Kind> { wrapped.endpointKinds }
    var environmentVariables: [EnvironmentVariable] { wrapped.environmentVariables }
    var ruleCatalog: RuleCatalog { wrapped.ruleCatalog }

    func decodeSchema(of contract: Contract?) -> DecodedSchema {
        var decoded = wrapped.decodeSchema(of: contract)
        decoded.schema = decoded.schema.map { PlainTextSchema(wrapped: $0) }
        return decoded
    }
}

/// The rest-sync schema, serving ``PlainTextDialect``.
struct PlainTextSchema: DialectSchema {
    let wrapped: any DialectSchema

    func makeBackend(_ setup: BackendSetup, options: NoDialectOptions) -> BackendLoadResult {
        var result = wrapped.makeBackend(setup)
        result.backend = result.backend.map { backend in
            SimulatedBackend(contract: backend.contract, fixtures: backend.fixtures) {
                PlainTextDialect(wrapped: backend.makeDialect())
            }
        }
        return result
    }

    func payloadChecker(for subject: PayloadSubject, options: PayloadCheckOptions) throws(CheckSetupError)
        -> any PayloadChecker
    {
        try wrapped.payloadChecker(for: subject, options: options)
    }

    func checkErrorBody(_ body: JSONValue?, status: Int) -> [RuleViolation] {
        wrapped.checkErrorBody(body, status: status)
    }

    func suites(environment: VerificationEnvironment, options: NoDialectOptions) throws(DialectSetupError)
        -> [VerificationSuite]
    {
        try wrapped.suites(environment: environment)
    }

    func created(by answer: JSONValue, postedTo path: String) -> CreatedRecord? {
        wrapped.created(by: answer, postedTo: path)
    }
}

struct PlainTextDialect: Dialect {
    static var id: DialectID { .restSync }
    let wrapped: any Dialect

    func respond(to request: DialectRequest, store: RecordStore) -> DialectResponse {
        let response = wrapped.respond(to: request, store: store)
        guard response.status.code == 404 else { return response }
        return DialectResponse(status: .notFound, body: Array("not found".utf8))
    }

    func failureResponse(for failure: SimulatorFailure) -> DialectResponse {
        DialectResponse(status: failure.status, body: Array("refused".utf8))
    }
}
