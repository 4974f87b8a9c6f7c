import ArgumentParser
import Dispatch
import Foundation
import Logging
import Synchronization
import TreatyCore
import TreatyDialect
import TreatyDialectKit
import TreatyPersistence
import TreatySimulator

/// `treaty serve`: runs the simulator for a contract and its fixtures until SIGINT or SIGTERM.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a contract's fixtures over HTTP, as the backend would.",
        discussion: """
            Loads the contract and the fixture set (each <resource>.json is checked against the \
            contract first), then serves them in the contract's dialect, with the admin API \
            under /__treaty/. The fixture set is --fixtures DIR, else Fixtures/<api>/ when it \
            exists (as 'treaty verify' finds it); --no-fixtures starts with no records. Prints \
            one line when ready, naming the URL and the records it started with, e.g. \
            "treaty: serving demo (rest-sync) at http://127.0.0.1:49152 - loaded fixtures from \
            Fixtures/demo/ (12 records)", and stops gracefully on SIGINT or SIGTERM, letting \
            in-flight requests finish. \
            With --persist DIR the records survive restarts and crashes: DIR is created from the \
            fixtures on first start (later starts keep its own fixtures, which /__treaty/reset \
            returns to), and every write is synced to DIR's log before its answer leaves. \
            With --spy URL the fixtures answer what they hold and the rest goes to the live \
            backend at URL; with --validate URL every request goes there and each answer is judged \
            against the contract, violations logged, journaled and written to --junit on exit. \
            Exit 0 after a clean stop, 2 when the contract, fixtures, faults or --persist directory are unusable or \
            the address cannot be bound.

            Dialect options (after the common ones; see 'treaty dialects'):
            \(DialectLookup.registry.plugins.flatMap { plugin in
                // ArgumentParser wraps the discussion at 80 columns; these lines are indented by 4.
                let lines = DialectOptionsHelp.serve(plugin, columns: 76)
                return lines.isEmpty ? [] : ["  \(plugin.id):"] + lines.map { "  " + $0 }
            }.joined(separator: "\n"))
            """
    )

    @Option(help: "The contract file or its directory (default: the only contract under Contracts/).")
    var contract: String?

    @Option(help: "Serve a dialect without a contract (one of \(DialectLookup.registry.ids.map(\.rawValue).joined(separator: ", ")); see 'treaty dialects').")
    var dialect: String?

    @Option(help: "The fixture directory, in the dialect's format (see 'treaty dialects'); default: Fixtures/<api>/ when it exists.")
    var fixtures: String?

    @Flag(help: "Start with no records, even when Fixtures/<api>/ exists.")
    var noFixtures = false

    @Option(help: "Keep the records in this directory across restarts and crashes: created from the fixtures on first start, every acknowledged write synced to its log before the answer leaves.")
    var persist: String?

    @Option(help: "With --persist: compact the log into a snapshot once it is larger than this (suffixes K, M, G).", transform: ByteSize.parse)
    var compactAfter: Int = 64 << 20

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port: Int = 0

    @Option(help: "The address to listen on (loopback by default; any other prints a warning).")
    var host: String = "127.0.0.1"

    @Option(help: "A token the admin API (/__treaty/) requires, as 'Authorization: Bearer TOKEN' or 'X-Treaty-Admin-Token: TOKEN' (default: $TREATY_ADMIN_TOKEN; none leaves it open).")
    var adminToken: String?

    @Option(help: "Start a deterministic clock at this instant (advancing 1 ms per change), e.g. 2025-01-01T00:00:00Z; real time when absent.")
    var clock: String?

    @Option(help: "The seed of generated ids and of fault probabilities.")
    var seed: UInt64 = 0

    @Option(help: "A YAML file of fault rules active from the start.")
    var faults: String?

    @Option(help: "The largest request body accepted (suffixes K, M, G).", transform: ByteSize.parse)
    var maxBodySize: Int = 10 * 1024 * 1024

    @Option(help: "The largest fixture file accepted (suffixes K, M, G; default 64M).", transform: ByteSize.parse)
    var maxFixtureSize: Int = FixtureLimits.defaultMaxFileSize

    @Option(help: "Event-loop threads (default: one per core).")
    var threads: Int?

    @Option(help: "Seconds a connection may stay without a request before it is closed; 0 keeps it open.")
    var idleTimeout: Int = 60

    @Option(help: "Log level on standard error: trace, debug, info, notice, warning, error or critical.", transform: LogLevel.parse)
    var logLevel: Logger.Level = .info

    @Option(help: "Where POST /__treaty/export writes the records as a fixture set in the dialect's format (new or empty when it runs).")
    var exportDir: String?

    @OptionGroup(title: "Live backend (spy and validating proxy)")
    var liveBackend: PassThroughOptions

    @Argument(parsing: .allUnrecognized, help: "The dialect's own options, e.g. --collections FILE (see above).")
    var dialectArguments: [String] = []

    func validate() throws {
        if !(0...65_535).contains(port) { throw ValidationError("--port must be between 0 and 65535") }
        if let threads, !(1...256).contains(threads) { throw ValidationError("--threads must be between 1 and 256") }
        if noFixtures && fixtures != nil { throw ValidationError("--fixtures and --no-fixtures exclude each other; pick one") }
        if idleTimeout < 0 { throw ValidationError("--idle-timeout must not be negative (0 keeps connections open)") }
        if let clock, TimestampText.milliseconds(clock) == nil {
            throw ValidationError("'\(clock)' is not a timestamp; write e.g. 2025-01-01T00:00:00Z")
        }
    }

    func run() throws {
        let plugin: any DialectPlugin
        var selected: ContractSelection.Loaded?
        if let name = dialect, contract == nil {
            plugin = try DialectLookup.plugin(named: DialectID(rawValue: name))
        } else {
            let loaded = try ContractSelection.load(contract)
            plugin = try DialectLookup.plugin(for: loaded.contract, file: loaded.file)
            if let name = dialect, name != plugin.id.rawValue {
                Console.standardError.write(
                    "\(loaded.file): error: the contract's dialect is '\(plugin.id)', not '\(name)'; drop --dialect or pick another contract\n")
                throw Status.unusableInput
            }
            selected = loaded
        }
        // An existing --persist directory holds its own fixtures (what a reset returns to), so the
        // fixture set is not loaded again.
        let persistsAlready = persist.map(PersistSelection.holdsState) ?? false
        let fixtureDirectory =
            noFixtures || persistsAlready ? nil : FixtureSelection.directory(fixtures, api: selected?.contract.api)
        let setup = BackendSetup(
            contract: selected?.contract, fixtures: fixtureDirectory, seed: seed, maxFixtureFileSize: maxFixtureSize)
        let backend = try DialectLookup.backend(
            of: plugin, setup, arguments: dialectArguments, what: "the \(plugin.id) setup (contract, fixtures or options)")
        let rules = try loadFaults()
        let storeClock: StoreConfiguration.Clock = clock.flatMap(TimestampText.milliseconds).map { .fixed(startMilliseconds: $0) } ?? .system
        var logger = Logger(label: "treaty.simulator", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = logLevel
        let storeConfiguration = StoreConfiguration(clock: storeClock, seed: seed)
        var fixtureNote = fixtureNote(loaded: fixtureDirectory, records: backend.fixtures.count, api: selected?.contract.api)
        let store: RecordStore
        var persisted: PersistentStore?
        if let persist {
            let opened = try PersistSelection.open(
                persist, backend: backend, configuration: storeConfiguration, compactAfter: compactAfter, logger: logger)
            store = opened.store
            fixtureNote = PersistSelection.note(persist, persisted: opened, fixtures: fixtureNote)
            persisted = opened
        } else {
            store = backend.makeStore(configuration: storeConfiguration)
        }
        StartupMemory.release()
        // The persisted state holds the directory's lock and runs compaction while the server
        // runs; closing it after a clean stop writes what is pending.
        defer { persisted?.close() }
        let session = try PassThroughSession.make(
            liveBackend, plugin: plugin, contract: selected, storeContract: backend.contract, maxBodySize: maxBodySize,
            logger: logger)
        let token = adminToken ?? ProcessInfo.processInfo.environment["TREATY_ADMIN_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        var configuration = SimulatorConfiguration(
            host: host, port: port, maxBodySize: maxBodySize, idleTimeout: idleTimeout == 0 ? nil : .seconds(idleTimeout),
            faults: rules, seed: seed, threads: threads, logger: logger, adminToken: token)
        configuration.passThrough = session?.passThrough
        // The contract as written holds the stub routes (a dialect's store may follow a contract
        // it derived from its schema).
        configuration.routes = selected?.contract.routes
        if let exportDir {
            guard let files = backend.exportFixtures else {
                Console.standardError.write("error: the \(plugin.id) dialect cannot export fixtures yet; drop --export-dir\n")
                throw Status.unusableInput
            }
            configuration.fixtureExport = FixtureExport(directory: exportDir, files: files)
        }
        for warning in configuration.exposureWarnings { Console.standardError.write("warning: \(warning)\n") }
        let banner = ServeBanner(
            api: backend.contract.api, dialect: plugin.id.rawValue, fixtures: fixtureNote + (session?.note ?? ""))
        let startedAt = Date()
        try ServeSession.run(
            Simulator(dialect: backend.makeDialect(), store: store, configuration: configuration), banner: banner, logger: logger
        ) {
            await session?.finish(startedAt: startedAt)
        }
    }

    /// What the start message says about the records the store starts with.
    private func fixtureNote(loaded directory: String?, records: Int, api: String?) -> String {
        if let directory {
            return "loaded fixtures from \(FixtureSelection.shown(directory)) (\(records) record\(records == 1 ? "" : "s"))"
        }
        if noFixtures { return "no fixtures (--no-fixtures)" }
        guard let api else { return "no fixtures (pass --fixtures DIR)" }
        let conventional = FixtureSelection.shown(FixtureSelection.conventional(api: api))
        return "no fixtures (\(conventional) does not exist; pass --fixtures DIR)"
    }

    private func loadFaults() throws -> [FaultRule] {
        guard let faults else { return [] }
        let result = FaultRuleLoader().load(fileAt: faults)
        Console.standardError.write(DiagnosticRenderer().render(result.diagnostics))
        guard let rules = result.rules else {
            Console.standardError.write("error: the fault file \(faults) has errors; fix them first\n")
            throw Status.unusableInput
        }
        return rules
    }
}

/// `--log-level` values.
enum LogLevel {
    static func parse(_ text: String) throws -> Logger.Level {
        guard let level = Logger.Level(rawValue: text.lowercased()) else {
            let names = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("'\(text)' is not a log level; use one of \(names)")
        }
        return level
    }
}

/// Runs a simulator from the synchronous command until a stop signal arrives.
enum ServeSession {
    static func run(
        _ simulator: Simulator, banner: ServeBanner, logger: Logger, afterStop: @escaping @Sendable () async -> Void = {}
    ) throws {
        let signals = StopSignals([SIGINT, SIGTERM])
        let failure = Mutex<String?>(nil)
        let finished = DispatchSemaphore(value: 0)
        // The command is synchronous (the root command's `main` is), so the main thread waits
        // here for the one task that serves; nothing outlives `run`.
        Task {
            do {
                let running = try await simulator.start()
                Console.standardOutput.write(banner.line(url: running.url.absoluteString) + "\n")
                let signal = await signals.next()
                logger.info("stopping", metadata: ["signal": "\(signal == SIGINT ? "SIGINT" : "SIGTERM")"])
                try await running.stop()
                await afterStop()
            } catch {
                failure.withLock { $0 = "\(error)" }
            }
            finished.signal()
        }
        finished.wait()
        if let message = failure.withLock({ $0 }) {
            Console.standardError.write("error: \(message)\n")
            throw Status.unusableInput
        }
    }
}

/// Turns SIGINT and SIGTERM into an awaitable event instead of killing the process.
final class StopSignals: @unchecked Sendable {
    // `sources` is written only in `init`; `state` is behind a mutex.
    private var sources: [any DispatchSourceSignal] = []
    private let state = Mutex<(received: Int32?, waiter: CheckedContinuation<Int32, Never>?)>((nil, nil))
    private let queue = DispatchQueue(label: "treaty.serve.signals")

    /// Arms a source per signal and returns once every one is registered with the system: a
    /// signal sent after that (say, right after the start line) is never lost. Between the
    /// `SIG_IGN` and a source's registration a signal would be ignored, so `serve` arms these
    /// before it starts and prints its start line.
    init(_ numbers: [Int32]) {
        let armed = DispatchGroup()
        for number in numbers {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [weak self] in self?.deliver(number) }
            armed.enter()
            source.setRegistrationHandler { armed.leave() }
            source.resume()
            sources.append(source)
        }
        _ = armed.wait(timeout: .now() + .seconds(10))
    }

    private func deliver(_ number: Int32) {
        let waiter = state.withLock { current -> CheckedContinuation<Int32, Never>? in
            guard current.received == nil else { return nil }
            current.received = number
            defer { current.waiter = nil }
            return current.waiter
        }
        waiter?.resume(returning: number)
    }

    /// The first stop signal received (waiting for it if none has arrived yet).
    func next() async -> Int32 {
        await withCheckedContinuation { continuation in
            let received = state.withLock { current -> Int32? in
                if let received = current.received { return received }
                current.waiter = continuation
                return nil
            }
            if let received { continuation.resume(returning: received) }
        }
    }
}
