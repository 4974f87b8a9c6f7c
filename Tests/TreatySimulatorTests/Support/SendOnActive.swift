import NIOCore
import NIOHTTP1

/// Sends a request's parts the moment the connection is up, from the event loop.
///
/// The test client's own writes run on Swift's cooperative pool, which the whole test suite
/// shares; on a machine whose cores are all busy a task can wait there for a minute, and the
/// server's idle timeout closes a connection that was accepted but stays silent that long. Written
/// from the event loop, the first request leaves with the connection, whatever the pool is doing.
final class SendOnActive: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias InboundOut = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    private let parts: [HTTPClientRequestPart]

    init(_ parts: [HTTPClientRequestPart]) {
        self.parts = parts
    }

    func channelActive(context: ChannelHandlerContext) {
        // A failed write (the server answered early and closed, as with a 413) is not an error
        // here: the client reads the answer the server sent.
        for part in parts { context.write(wrapOutboundOut(part), promise: nil) }
        context.flush()
        context.fireChannelActive()
    }
}
