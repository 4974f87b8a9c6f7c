import NIOCore
import TreatyDialect

extension SimulatorHTTPHandler {
    /// Asks the live backend off the event loop, then schedules its answer on the connection as
    /// any other reply (the connection stays in `.answering` meanwhile, so the idle timeout
    /// spares it).
    func forward(_ reply: Reply, request: DialectRequest, target: String, context: ChannelHandlerContext) {
        let processor = processor
        let answered = context.eventLoop.makePromise(of: Reply.self)
        answered.completeWithTask { await processor.forward(reply, request: request, target: target) }
        answered.futureResult.assumeIsolated().whenSuccess { reply in
            guard self.isActive else { return }
            self.scheduleWhenDurable(reply, context: context)
        }
    }
}
