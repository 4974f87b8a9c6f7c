public import Foundation
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
public import TreatyDialect

/// A fake backend: serves a ``TreatyDialect/RecordStore`` over HTTP/1.1 in a dialect's wire
/// format, with an admin API, a request journal and fault injection.
///
/// Embed it in tests with the scoped ``withRunning(dialect:store:configuration:_:)``, which
/// always stops the server:
///
/// ```swift
/// // A dialect's plugin builds the backend: the dialect, its store's contract and fixtures.
/// let plugin = try DialectRegistry.standard.requirePlugin(for: contract.dialect)
/// guard let backend = plugin.loadBackend(BackendSetup(contract: contract, fixtures: "Fixtures/demo")).backend else { return }
/// try await Simulator.withRunning(dialect: backend.makeDialect(), store: backend.makeStore()) { url in
///     // talk to url, e.g. http://127.0.0.1:49152
/// }
/// ```
///
/// or start it with ``start()`` and stop the ``RunningSimulator`` yourself, as `treaty serve`
/// does. Each simulator runs its own event-loop group, one thread per core by default;
/// requests are answered synchronously on the event loop that read them.
public struct Simulator: Sendable {
    /// The wire format served.
    public let dialect: any Dialect
    /// The records served (shared: the admin API and the dialect change it in place).
    public let store: RecordStore
    /// Where and how the server listens.
    public let configuration: SimulatorConfiguration

    /// Creates a simulator; nothing listens until ``start()``.
    public init(dialect: any Dialect, store: RecordStore, configuration: SimulatorConfiguration = .init()) {
        self.dialect = dialect
        self.store = store
        self.configuration = configuration
    }

    /// Starts listening.
    ///
    /// - Returns: The running server; call ``RunningSimulator/stop()`` when done.
    /// - Throws: ``SimulatorError`` when the address cannot be bound or the configuration is
    ///   invalid.
    public func start() async throws -> RunningSimulator {
        guard configuration.maxBodySize >= 0, (0...65_535).contains(configuration.port) else {
            throw SimulatorError.invalidConfiguration(
                "invalid configuration: port must be 0…65535 and maxBodySize not negative")
        }
        let group =
            configuration.sharesEventLoops
            ? MultiThreadedEventLoopGroup.singleton
            : MultiThreadedEventLoopGroup(numberOfThreads: max(1, configuration.threads ?? UsableCores.count))
        let processor = RequestProcessor(dialect: dialect, store: store, configuration: configuration)
        let connections = ConnectionRegistry()
        let idleTimeout = configuration.idleTimeout.map(TimeAmount.init)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 1024)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.maxMessagesPerRead, value: 16)
            .childChannelInitializer { channel in
                connections.add(channel)
                return channel.eventLoop.makeCompletedFuture {
                    if let idleTimeout {
                        try channel.pipeline.syncOperations.addHandler(IdleStateHandler(readTimeout: idleTimeout))
                    }
                    // NIO's llhttp-based parser; the simulator's own responder does the rest.
                    try channel.pipeline.syncOperations.addHandler(
                        ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes)))
                    try channel.pipeline.syncOperations.addHandler(SimulatorHTTPHandler(processor: processor))
                }
            }
        let channel: any Channel
        do {
            channel = try await bootstrap.bind(host: configuration.host, port: configuration.port).get()
        } catch {
            if !configuration.sharesEventLoops { try? await group.shutdownGracefully() }
            throw SimulatorError.bindFailed(host: configuration.host, port: configuration.port, underlying: error)
        }
        let port = channel.localAddress?.port ?? configuration.port
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        let url = URL(string: "http://\(host):\(port)") ?? URL(fileURLWithPath: "/")
        configuration.logger.info(
            "simulator listening", metadata: ["url": "\(url.absoluteString)", "dialect": "\(type(of: dialect).id)"])
        return RunningSimulator(
            url: url, port: port,
            control: SimulatorControl(
                store: store, journal: processor.journal, faults: processor.faults, streams: processor.streams),
            group: group, ownsGroup: !configuration.sharesEventLoops, serverChannel: channel, connections: connections,
            shutdownTimeout: configuration.shutdownTimeout, logger: configuration.logger)
    }

    /// Runs `body` with a simulator listening, and stops it afterwards — also when `body`
    /// throws or the task is cancelled.
    ///
    /// - Parameters:
    ///   - dialect: The wire format to serve.
    ///   - store: The records to serve.
    ///   - configuration: Where and how to listen (default: loopback, a free port).
    ///   - body: Receives the base URL, e.g. `http://127.0.0.1:49152`.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or ``SimulatorError`` when the server cannot start.
    public static func withRunning<T: Sendable>(
        dialect: any Dialect,
        store: RecordStore,
        configuration: SimulatorConfiguration = .init(),
        _ body: (URL) async throws -> T
    ) async throws -> T {
        let running = try await Simulator(dialect: dialect, store: store, configuration: configuration).start()
        let result: T
        do {
            result = try await body(running.url)
        } catch {
            try? await running.stop()
            throw error
        }
        try await running.stop()
        return result
    }
}
