import ArgumentParser
import Dispatch
import Foundation
import Logging
import Synchronization
import TreatyCore
import TreatyDialect
import TreatyPocketBase
import TreatySimulator

/// `treaty serve`: runs the simulator for a contract and its fixtures until SIGINT or SIGTERM.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a contract's fixtures over HTTP, as the backend would.",
        discussion: """
            Loads the contract and the fixture set (each <resource>.json is checked against the \
            contract first), then serves them in the contract's dialect, with the admin API \
            under /__treaty/. Prints one line, "treaty: serving <api> (<dialect>) at <url>", when \
            ready, and stops gracefully on SIGINT or SIGTERM, letting in-flight requests finish. \
            Exit 0 after a clean stop, 2 when the contract, fixtures or faults are unusable or \
            the address cannot be bound.
            """
    )

    @Option(help: "The contract file (default: the only contract under Contracts/).")
    var contract: String?

    @Option(help: "Serve a dialect without a contract: 'pocketbase' starts a fresh PocketBase 0.40 server.")
    var dialect: String?

    @Option(help: "With --dialect pocketbase: an exported collections JSON (pb_schema.json) defined at startup.")
    var collections: String?

    @Option(help: "With --dialect pocketbase: the superuser as EMAIL:PASSWORD (default admin@example.com:admin-password-123).")
    var superuser: String?

    @Option(
        help: """
            The fixture directory holding <resource>.json files (default: start with no records); with \
            --dialect pocketbase, <collection>.json arrays of records, checked as a superuser's creates \
            (ids and created/updated kept).
            """)
    var fixtures: String?

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port: Int = 0

    @Option(help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(help: "Start a deterministic clock at this instant (advancing 1 ms per change), e.g. 2025-01-01T00:00:00Z; real time when absent.")
    var clock: String?

    @Option(help: "The seed of generated ids and of fault probabilities.")
    var seed: UInt64 = 0

    @Option(help: "A YAML file of fault rules active from the start.")
    var faults: String?

    @Option(help: "The largest request body accepted (suffixes K, M, G).", transform: ByteSize.parse)
    var maxBodySize: Int = 10 * 1024 * 1024

    @Option(help: "Event-loop threads (default: one per core).")
    var threads: Int?

    @Option(help: "Seconds a connection may stay without a request before it is closed; 0 keeps it open.")
    var idleTimeout: Int = 60

    @Option(help: "Log level on standard error: trace, debug, info, notice, warning, error or critical.", transform: LogLevel.parse)
    var logLevel: Logger.Level = .info

    func validate() throws {
        if !(0...65_535).contains(port) { throw ValidationError("--port must be between 0 and 65535") }
        if let threads, !(1...256).contains(threads) { throw ValidationError("--threads must be between 1 and 256") }
        if idleTimeout < 0 { throw ValidationError("--idle-timeout must not be negative (0 keeps connections open)") }
        if let clock, TimestampText.milliseconds(clock) == nil {
            throw ValidationError("'\(clock)' is not a timestamp; write e.g. 2025-01-01T00:00:00Z")
        }
    }

    func run() throws {
        let loaded: (contract: Contract, file: String)
        let dialect: any Dialect
        var pocketBaseStart: (contract: Contract, fixtures: FixtureSet)?
        if let name = self.dialect {
            guard name == DialectID.pocketBase.rawValue else {
                Console.standardError.write("error: --dialect serves only 'pocketbase' without a contract\n")
                throw Status.unusableInput
            }
            let configuration = try pocketBaseConfiguration()
            pocketBaseStart = try loadPocketBaseFixtures(configuration)
            loaded = (pocketBaseStart?.contract ?? PocketBaseDialect.emptyContract, "pocketbase")
            dialect = PocketBaseDialect(configuration: configuration)
        } else {
            let selected = try ContractSelection.load(contract)
            loaded = (selected.contract, selected.file)
            do {
                dialect = try Simulator.dialect(for: loaded.contract)
            } catch {
                Console.standardError.write("\(loaded.file): error: \(error)\n")
                throw Status.unusableInput
            }
        }
        let records = try pocketBaseStart?.fixtures ?? loadFixtures(for: loaded.contract)
        let rules = try loadFaults()
        let storeClock: StoreConfiguration.Clock = clock.flatMap(TimestampText.milliseconds).map { .fixed(startMilliseconds: $0) } ?? .system
        let store = RecordStore(
            contract: loaded.contract, fixtures: records, configuration: StoreConfiguration(clock: storeClock, seed: seed))
        var logger = Logger(label: "treaty.simulator", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = logLevel
        let configuration = SimulatorConfiguration(
            host: host, port: port, maxBodySize: maxBodySize, idleTimeout: idleTimeout == 0 ? nil : .seconds(idleTimeout),
            faults: rules, seed: seed, threads: threads, logger: logger)
        let banner = "treaty: serving \(loaded.contract.api) (\(loaded.contract.dialect))"
        try ServeSession.run(Simulator(dialect: dialect, store: store, configuration: configuration), banner: banner, logger: logger)
    }

    private func pocketBaseConfiguration() throws -> PocketBaseDialectConfiguration {
        var configuration = PocketBaseDialectConfiguration(seed: seed)
        if let superuser {
            guard let colon = superuser.firstIndex(of: ":") else {
                Console.standardError.write("error: --superuser must be EMAIL:PASSWORD\n")
                throw Status.unusableInput
            }
            configuration.superuserEmail = String(superuser[..<colon])
            configuration.superuserPassword = String(superuser[superuser.index(after: colon)...])
        }
        if let collections {
            let result = PocketBaseSchemaLoader().load(fileAt: collections)
            Console.standardError.write(DiagnosticRenderer().render(result.diagnostics))
            guard !result.hasErrors else {
                Console.standardError.write("error: the collections in \(collections) have errors; fix them first\n")
                throw Status.unusableInput
            }
            configuration.collections = result.collections
        }
        return configuration
    }

    private func loadFixtures(for contract: Contract) throws -> FixtureSet {
        guard let fixtures else { return FixtureSet() }
        let result = FixtureLoader().load(directory: fixtures, for: contract)
        Console.standardError.write(DiagnosticRenderer().render(result.diagnostics))
        guard let set = result.fixtures else {
            Console.standardError.write("error: the fixtures in \(fixtures) have errors; fix them first\n")
            throw Status.unusableInput
        }
        return set
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
    static func run(_ simulator: Simulator, banner: String, logger: Logger) throws {
        let signals = StopSignals([SIGINT, SIGTERM])
        let failure = Mutex<String?>(nil)
        let finished = DispatchSemaphore(value: 0)
        // The command is synchronous (the root command's `main` is), so the main thread waits
        // here for the one task that serves; nothing outlives `run`.
        Task {
            do {
                let running = try await simulator.start()
                Console.standardOutput.write("\(banner) at \(running.url.absoluteString)\n")
                let signal = await signals.next()
                logger.info("stopping", metadata: ["signal": "\(signal == SIGINT ? "SIGINT" : "SIGTERM")"])
                try await running.stop()
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

    init(_ numbers: [Int32]) {
        for number in numbers {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [weak self] in self?.deliver(number) }
            source.resume()
            sources.append(source)
        }
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
