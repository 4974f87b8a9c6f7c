import Foundation
import NIOCore
import NIOPosix

/// One raw exchange driven entirely on the event loop: the request bytes leave the moment the
/// connection opens, and everything the server sends is collected until it closes. A busy test
/// machine can keep an async task waiting for seconds, far past a short server timeout; event
/// loop threads are not queued behind other tests.
enum ScriptedExchange {
    /// Everything received for `request` until the server closed the connection.
    static func run(_ url: URL, sending request: String, timeout: Duration = .seconds(30)) async throws -> String {
        let done = MultiThreadedEventLoopGroup.singleton.next().makePromise(of: String.self)
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ScriptedHandler(request: request, done: done))
                }
            }
            .connect(host: url.host ?? "127.0.0.1", port: url.port ?? 80).get()
        do {
            return try await withTimeout(timeout) { try await done.futureResult.get() }
        } catch {
            try? await channel.close()
            throw error
        }
    }
}

/// Writes the request when the channel becomes active and collects the answer until it closes.
private final class ScriptedHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let request: String
    private let done: EventLoopPromise<String>
    private var received = ""

    init(request: String, done: EventLoopPromise<String>) {
        self.request = request
        self.done = done
    }

    func channelActive(context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: request)), promise: nil)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        received += String(buffer: unwrapInboundIn(data))
    }

    func channelInactive(context: ChannelHandlerContext) {
        done.succeed(received)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
