import ArgumentParser
import Foundation
import TreatyCore
import TreatyDialect
import TreatyDialectKit
import TreatyJSON
import TreatyReports
import TreatyRules

/// `treaty check`: checks JSON payloads as responses of an endpoint, or as bare records.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check JSON payloads against a contract.",
        discussion: """
            Each payload is checked, with the rules of the contract's dialect, as a response of \
            --endpoint (a template such as "GET /projects/{project_id}/tasks", or a concrete \
            request such as "GET /projects/P1/tasks?updated_after=2025-01-01T00:00:00.000Z", \
            whose values the rules then compare with), or as bare records of --resource (a \
            resource, collection or record type). Without --contract, the one contract under \
            Contracts/ that has the endpoint or resource is used. --fixtures DIR checks a fixture \
            set instead, as treaty serve --fixtures loads it. rest-sync lists are streamed, \
            so large recorded dumps are checked in bounded memory. Exit 0 when every payload \
            conforms, 1 on violations, 2 on unusable input.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(
        help:
            "The contract file or its directory (default: the only contract under Contracts/ that has the endpoint or resource)."
    )
    var contract: String?

    @Option(help: "The endpoint whose responses the payloads are, e.g. \"GET /projects/{project_id}/tasks\".")
    var endpoint: String?

    @Option(help: "Check bare records of this resource (or collection) instead of endpoint responses.")
    var resource: String?

    @Option(
        help: "Check a fixture set (a directory, as treaty serve --fixtures takes it) with the dialect's fixture loader instead.")
    var fixtures: String?

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    @Option(help: "The most violations listed per payload; the rest are counted.")
    var maxViolations: Int = 1000

    @Option(help: "The largest payload accepted, in bytes (suffixes K, M, G).", transform: ByteSize.parse)
    var maxPayloadSize: Int = 1024 * 1024 * 1024

    @Option(help: "The deepest JSON nesting accepted (at most \(JSONParser.Options.depthCeiling)).")
    var maxDepth: Int = 512

    @Option(
        help: "Threads that check one large list payload (default: one per core); results are the same for any number.")
    var jobs: Int = PayloadCheck.defaultThreads

    /// How list payloads are read: `scan` (the default) or `tree`, the engine before it, kept to
    /// compare the two.
    enum EngineChoice: String, ExpressibleByArgument, CaseIterable {
        case scan, tree
    }

    @Option(help: .hidden)
    var engine: EngineChoice = .scan

    @Option(help: "Also write the findings as one self-contained HTML page to this file.")
    var html: String?

    @Argument(help: "JSON payload files; '-' reads standard input.")
    var payloads: [String] = []

    func validate() throws {
        if [endpoint, resource, fixtures].compactMap({ $0 }).count != 1 {
            throw ValidationError("give exactly one of --endpoint, --resource or --fixtures")
        }
        if fixtures != nil {
            guard payloads.isEmpty else { throw ValidationError("--fixtures checks a directory; give no payload files") }
            guard contract != nil else {
                throw ValidationError("--fixtures needs --contract FILE (the contract the fixtures are for)")
            }
            return
        }
        if payloads.isEmpty { throw ValidationError("give at least one payload file, or '-' for standard input") }
        if maxViolations < 0 { throw ValidationError("--max-violations must not be negative") }
        if !(1...64).contains(jobs) { throw ValidationError("--jobs must be between 1 and 64") }
        if !(1...JSONParser.Options.depthCeiling).contains(maxDepth) {
            throw ValidationError("--max-depth must be between 1 and \(JSONParser.Options.depthCeiling)")
        }
    }

    func run() throws {
        if let fixtures { return try checkFixtures(fixtures) }
        let startedAt = Date()
        let subject: PayloadSubject = endpoint.map { .endpoint(EndpointRequest(parsing: $0)) } ?? .records(resource ?? "")
        let options = PayloadCheckOptions(
            parser: JSONParser.Options(maxDepth: maxDepth, maxDocumentSize: maxPayloadSize),
            maxViolationsPerPayload: maxViolations, threads: jobs, engine: engine == .tree ? .tree : .scan)
        let loaded = try ContractSelection.load(contract) { candidate in
            guard let schema = DialectLookup.registry.plugin(for: candidate.dialect)?.decodeSchema(of: candidate).schema
            else { return false }
            return (try? schema.payloadChecker(for: subject, options: options)) != nil
        }
        let plugin = try DialectLookup.plugin(for: loaded.contract, file: loaded.file)
        let schema = try DialectLookup.schema(plugin, of: loaded.contract, file: loaded.file)
        do {
            var checker = try schema.payloadChecker(for: subject, options: options)
            var results: [PayloadResult] = []
            for payload in payloads {
                results.append(PayloadInput.check(payload, with: &checker))
            }
            let report = CheckReport(contractFile: loaded.file, context: checker.contextDescription, payloads: results)
            if let html { try write(report, contract: loaded.contract, html: html, startedAt: startedAt) }
            switch format {
            case .text: Console.standardOutput.write(report.renderText())
            case .json: Console.standardOutput.write(report.renderJSON())
            }
            if report.hasUnusableInput { throw Status.unusableInput }
            if !report.conforms { throw Status.findings }
        } catch let error as CheckSetupError {
            Console.standardError.write("\(loaded.file): error: \(error)\n")
            throw Status.unusableInput
        }
    }
}

extension CheckCommand {
    /// Loads `directory` as the contract's dialect loads fixtures for `treaty serve`, printing
    /// every diagnostic: exit 0 when the set loads, 1 when it has errors.
    private func checkFixtures(_ directory: String) throws {
        if let problem = PathCheck.problem(directory, expected: .directory) {
            Console.standardError.write("\(directory): error: \(problem)\n")
            throw Status.unusableInput
        }
        let loaded = try ContractSelection.load(contract)
        let plugin = try DialectLookup.plugin(for: loaded.contract, file: loaded.file)
        let result = plugin.loadBackend(BackendSetup(contract: loaded.contract, fixtures: directory))
        Console.standardOutput.write(DiagnosticRenderer().render(result.diagnostics))
        guard let backend = result.backend else {
            Console.standardOutput.write("\(directory): the fixture set does not load (\(loaded.file))\n")
            throw Status.findings
        }
        let count = backend.fixtures.count
        Console.standardOutput.write("\(directory): conforms (\(count) record\(count == 1 ? "" : "s"), \(loaded.contract.dialect) fixtures of \(loaded.file))\n")
    }

    private func write(_ report: CheckReport, contract: Contract, html path: String, startedAt: Date) throws {
        let page = HTMLReport(
            title: "treaty check: \(report.context)", command: "treaty check", startedAt: startedAt,
            facts: [HTMLReport.Fact("contract", report.contractFile), HTMLReport.Fact("checked as", report.context)],
            groups: report.htmlGroups(), rules: RuleMeanings.of([contract.dialect]), itemNoun: "record")
        do {
            try HTMLReportWriter().write(page, to: path)
        } catch {
            Console.standardError.write("error: cannot write the HTML report: \(error)\n")
            throw Status.unusableInput
        }
        Console.standardError.write("html: \(path)\n")
    }
}

/// Reads one payload argument (a file, or `-` for standard input) and checks it.
enum PayloadInput {
    static func check(_ argument: String, with check: inout any PayloadChecker) -> PayloadResult {
        if argument == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return data.withUnsafeBytes { raw in
                check.check(raw.bindMemory(to: UInt8.self), name: "<stdin>")
            }
        }
        if let problem = PathCheck.problem(argument, expected: .file) {
            return unreadable(argument, problem)
        }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: argument), options: .alwaysMapped)
            return data.withUnsafeBytes { raw in
                check.check(raw.bindMemory(to: UInt8.self), name: argument)
            }
        } catch {
            return unreadable(argument, "the read failed")
        }
    }

    private static func unreadable(_ file: String, _ reason: String) -> PayloadResult {
        PayloadResult(
            name: file, records: 0, violations: [], omitted: 0,
            failure: .error(
                "unreadable-file", "cannot read payload: \(reason)", at: SourceLocation(file: file),
                fix: "check the path"))
    }
}

/// `--max-payload-size` values: a byte count with an optional K, M or G suffix.
enum ByteSize {
    static func parse(_ text: String) throws -> Int {
        let units: [Character: Int] = ["K": 1024, "M": 1024 * 1024, "G": 1024 * 1024 * 1024]
        var digits = text.uppercased()
        if digits.hasSuffix("B") { digits.removeLast() }
        var factor = 1
        if let last = digits.last, let unit = units[last] {
            factor = unit
            digits.removeLast()
        }
        guard let value = Int(digits), value > 0 else {
            throw ValidationError("'\(text)' is not a size; write e.g. 10485760, 512K, 64M or 1G")
        }
        return value * factor
    }
}
