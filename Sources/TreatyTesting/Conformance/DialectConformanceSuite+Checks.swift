internal import HTTPTypes
internal import Logging
internal import TreatyCore
internal import TreatyDialect
internal import TreatyDialectKit
internal import TreatyHTTP
internal import TreatyJSON
internal import TreatyRules
internal import TreatyVerifier

extension DialectConformanceSuite {
    /// Every sample read answers 200; its answer conforms, and its broken copy fails with the
    /// dialect's rule.
    func servesAndChecks(_ setting: Setting, _ httpClient: HTTPClient) async throws -> [String] {
        try await withSimulator(setting, httpClient) { client in
            var problems: [String] = []
            for read in setting.sample.reads {
                let answer = try await client.send(read.request)
                let label = "\(read.request.method.rawValue) \(read.request.target)"
                guard answer.status == 200, let json = answer.json else {
                    problems.append("\(label) answered \(answer.status): \(answer.text)")
                    continue
                }
                let recorded = try judge(answer.body, as: read.subject, by: setting.schema)
                if !recorded.conforms {
                    problems.append("treaty check refused the answer of \(label): \(headlines(recorded))")
                }
                let broken = try judge(read.breaking(json).serializedBytes(), as: read.subject, by: setting.schema)
                if !broken.violations.contains(where: { $0.rule == read.brokenRule }) {
                    problems.append(
                        "treaty check did not fail the broken answer of \(label) with \(read.brokenRule): \(headlines(broken))"
                    )
                }
            }
            return problems
        }
    }

    /// The journal records the writes; a snapshot taken before them restores that state; a
    /// reset returns to the fixtures.
    func journalAndState(_ setting: Setting, _ httpClient: HTTPClient) async throws -> [String] {
        try await withSimulator(setting, httpClient) { client in
            var problems: [String] = []
            let initial = try await reads(setting, client)
            let saved = try await client.send(.post, "/__treaty/snapshots/conformance")
            if saved.status != 201 { problems.append("taking a snapshot answered \(saved.status): \(saved.text)") }
            problems += try await write(setting, client)
            let journal = try await client.send(.get, "/__treaty/requests")
            let paths =
                (journal.json.flatMap { try? JSONPointer(parsing: "/requests").resolve(in: $0) }?.arrayValue ?? [])
                .compactMap { $0.objectValue?["path"]?.stringValue }
            for request in setting.sample.write where !paths.contains(Self.path(of: request.target)) {
                problems.append("the journal has no entry for \(request.method.rawValue) \(request.target)")
            }
            let written = try await reads(setting, client)
            if written == initial { problems.append("the sample's write changed none of the sample's reads") }
            let restored = try await client.send(.post, "/__treaty/snapshots/conformance/restore")
            if restored.status != 200 { problems.append("restoring the snapshot answered \(restored.status)") }
            if try await reads(setting, client) != initial {
                problems.append("after restoring the snapshot, the reads differ from when it was taken")
            }
            problems += try await write(setting, client)
            let reset = try await client.send(.post, "/__treaty/reset")
            if reset.status != 200 { problems.append("the reset answered \(reset.status)") }
            if try await reads(setting, client) != initial {
                problems.append("after a reset, the reads differ from the fixtures' answers")
            }
            return problems
        }
    }

    /// An injected fault and an unknown route both answer in the dialect's error format.
    func faults(_ setting: Setting, _ httpClient: HTTPClient) async throws -> [String] {
        try await withSimulator(setting, httpClient) { client in
            var problems: [String] = []
            let unknown = try await client.send(.get, "/treaty-conformance/no-such-route")
            problems += errorProblems(unknown, expected: 404, "an unknown route", by: setting.schema)
            guard let read = setting.sample.reads.first else { return problems }
            let path = Self.path(of: read.request.target)
            let rule: JSONValue = ["path": .string(path), "status": 503]
            let added = try await client.send(.post, "/__treaty/faults", body: rule.serializedBytes())
            if added.status != 201 { problems.append("adding a fault rule answered \(added.status): \(added.text)") }
            let faulted = try await client.send(read.request)
            problems += errorProblems(faulted, expected: 503, "a 503 fault on \(path)", by: setting.schema)
            return problems
        }
    }

    /// A body over the limit gets a 413, an over-nested one a 4xx, both in the error format;
    /// the server keeps serving.
    func limits(_ setting: Setting, _ httpClient: HTTPClient) async throws -> [String] {
        try await withSimulator(setting, httpClient) { client in
            var problems: [String] = []
            guard let target = setting.sample.write.last else { return problems }
            let padding = String(repeating: "x", count: Self.bodyLimit * 2)
            let oversized = try await client.send(
                target.method, target.target, body: JSONValue.object(["padding": .string(padding)]).serializedBytes())
            problems += errorProblems(oversized, expected: 413, "a body of \(Self.bodyLimit * 2) bytes", by: setting.schema)
            let depth = 2_000
            let nested =
                Array(repeating: UInt8(ascii: "["), count: depth) + Array(repeating: UInt8(ascii: "]"), count: depth)
            let deep = try await client.send(target.method, target.target, body: nested)
            if !(400..<500).contains(deep.status) {
                problems.append("a body nested \(depth) deep answered \(deep.status), not a 4xx: \(deep.text)")
            } else {
                problems += errorProblems(deep, expected: deep.status, "a body nested \(depth) deep", by: setting.schema)
            }
            guard let read = setting.sample.reads.first else { return problems }
            let after = try await client.send(read.request)
            if after.status != 200 { problems.append("after the refused bodies, a read answered \(after.status)") }
            return problems
        }
    }

    /// The same requests against two simulators with a fixed clock and seed answer byte for byte
    /// the same.
    func determinism(_ setting: Setting, _ httpClient: HTTPClient) async throws -> [String] {
        func run() async throws -> [ConformanceClient.Answer] {
            let store = StoreConfiguration(clock: .fixed(startMilliseconds: Self.fixedClock), seed: 7)
            return try await withSimulator(setting, httpClient, store: store) { client in
                let written = try await client.write(setting.sample.write)
                return try await written + reads(setting, client)
            }
        }
        let first = try await run()
        let second = try await run()
        var problems: [String] = []
        let requests = setting.sample.write + setting.sample.reads.map(\.request)
        for (index, pair) in zip(first, second).enumerated() where pair.0 != pair.1 {
            let request = requests[index]
            problems.append(
                "\(request.method.rawValue) \(request.target) answered differently: \(pair.0.text) vs \(pair.1.text)")
        }
        return problems
    }

    /// The dialect's generated suites pass against its own simulator, with nothing skipped.
    func verifies(_ setting: Setting) async throws -> [String] {
        let suites = try setting.schema.suites(environment: VerificationEnvironment(isLive: false))
        let run = try await Verifier(logger: Self.logger).run(
            contract: setting.contract, suites: suites, on: .mock(MockTarget(backend: setting.backend)),
            dialect: setting.schema)
        var problems: [String] = []
        if suites.flatMap(\.cases).isEmpty { problems.append("the dialect generates no case for its example") }
        let coverage = RuleCoverage(dialect: plugin.id, catalog: plugin.ruleCatalog, suites: suites)
        for rule in coverage.unknownRules {
            problems.append("a generated case names \(rule), which the dialect's rule catalogue does not define")
        }
        let clauses = ClauseCoverage(dialect: plugin.id, catalog: plugin.ruleCatalog, suites: suites)
        for clause in clauses.unknownClauses {
            problems.append("a generated case proves the clause \(clause), which the dialect's catalogue does not state")
        }
        for clause in clauses.unproven {
            problems.append(
                "no generated case proves the clause \(clause.id) (\(clause.text)) for the example, and it does not say why none can")
        }
        let ids = plugin.ruleCatalog.clauses.map(\.id)
        for id in Set(ids) where ids.filter({ $0 == id }).count > 1 {
            problems.append("the catalogue states the clause \(id) more than once")
        }
        for result in run.suites.flatMap(\.cases) where !result.passed {
            switch result.outcome {
            case .skipped(let reason): problems.append("\(result.suite) › \(result.name) was skipped: \(reason)")
            default:
                problems.append(
                    "\(result.suite) › \(result.name): \(result.findings.map(\.headline).joined(separator: "; "))")
            }
        }
        return problems
    }

    // MARK: - Helpers

    private func reads(_ setting: Setting, _ client: ConformanceClient) async throws -> [ConformanceClient.Answer] {
        var answers: [ConformanceClient.Answer] = []
        for read in setting.sample.reads { answers.append(try await client.send(read.request)) }
        return answers
    }

    private func write(_ setting: Setting, _ client: ConformanceClient) async throws -> [String] {
        let answers = try await client.write(setting.sample.write)
        return zip(setting.sample.write, answers).compactMap { request, answer in
            (200..<300).contains(answer.status)
                ? nil
                : "the sample write \(request.method.rawValue) \(request.target) answered \(answer.status): \(answer.text)"
        }
    }

    private func judge(_ bytes: [UInt8], as subject: PayloadSubject, by schema: any DialectSchema) throws
        -> PayloadResult
    {
        var checker = try schema.payloadChecker(for: subject, options: PayloadCheckOptions(threads: 1))
        return bytes.withUnsafeBufferPointer { checker.check($0, name: "answer") }
    }

    private func errorProblems(
        _ answer: ConformanceClient.Answer, expected status: Int, _ what: String, by schema: any DialectSchema
    ) -> [String] {
        var problems: [String] = []
        if answer.status != status {
            problems.append("\(what) answered \(answer.status), not \(status): \(answer.text)")
        }
        let violations = schema.checkErrorBody(answer.json, status: answer.status)
        problems += violations.map { "\(what): \($0.rule) \($0.pointer): \($0.message)" }
        return problems
    }

    private func headlines(_ result: PayloadResult) -> String {
        if let failure = result.failure { return failure.message }
        let shown = result.violations.prefix(5).map { "\($0.rule) \($0.pointer): \($0.message)" }
        return shown.isEmpty ? "no violations" : shown.joined(separator: "; ")
    }

    static func path(of target: String) -> String {
        target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
    }
}
