public import Foundation
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A simulator that is listening; ``stop()`` it when done.
public final class RunningSimulator: Sendable {
    /// The base URL, e.g. `http://127.0.0.1:49152`.
    public let url: URL
    /// The port listened on (the one picked when the configuration asked for port 0).
    public let port: Int
    /// The admin API as Swift calls: reset, snapshots, the request journal and fault rules.
    public let control: SimulatorControl

    private let group: MultiThreadedEventLoopGroup
    /// Whether ``stop()`` shuts `group` down (not when it is NIO's shared singleton).
    private let ownsGroup: Bool
    private let serverChannel: any Channel
    private let connections: ConnectionRegistry
    private let shutdownTimeout: Duration
    private let logger: Logger
    private let stopped = Mutex(false)

    init(
        url: URL,
        port: Int,
        control: SimulatorControl,
        group: MultiThreadedEventLoopGroup,
        ownsGroup: Bool,
        serverChannel: any Channel,
        connections: ConnectionRegistry,
        shutdownTimeout: Duration,
        logger: Logger
    ) {
        self.url = url
        self.port = port
        self.control = control
        self.group = group
        self.ownsGroup = ownsGroup
        self.serverChannel = serverChannel
        self.connections = connections
        self.shutdownTimeout = shutdownTimeout
        self.logger = logger
    }

    /// Stops gracefully: stops accepting connections, lets each in-flight request finish
    /// (closing idle connections at once), closes whatever is still open after the
    /// configuration's shutdown timeout, and shuts its own event loops down (shared ones keep
    /// running). Calling it again does nothing.
    ///
    /// - Throws: When the event loops fail to shut down.
    public func stop() async throws {
        let first = stopped.withLock { wasStopped in
            defer { wasStopped = true }
            return !wasStopped
        }
        guard first else { return }
        try? await serverChannel.close()
        control.dropStreams()
        let open = connections.open
        if !open.isEmpty {
            for channel in open {
                channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
            }
            let loop = group.any()
            let closed = EventLoopFuture.andAllComplete(open.map(\.closeFuture), on: loop)
            let components = shutdownTimeout.components
            let nanoseconds = components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
            let deadline = loop.scheduleTask(in: .nanoseconds(nanoseconds)) {
                for channel in open { channel.close(promise: nil) }
            }
            try? await closed.get()
            deadline.cancel()
        }
        if ownsGroup { try await group.shutdownGracefully() }
        logger.info("simulator stopped", metadata: ["url": "\(url.absoluteString)"])
    }
}
