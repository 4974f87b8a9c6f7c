import NIOCore
import NIOHTTP1

/// Pipelining, parse errors and quiescing: what NIOHTTP1's `HTTPServerPipelineHandler` and
/// `HTTPServerProtocolErrorHandler` did for the simulator.
///
/// A client may send its next requests before the answer to the first: their parts are held,
/// and the channel reads no more, while an answer is due, then handled in arrival order once
/// it is out — so answers leave in request order and a pipelining client cannot make the
/// server buffer without bound. A request the decoder cannot parse gets `400 Bad Request` with
/// `Connection: close` (after the answers due before it), then the connection closes.
extension SimulatorHTTPHandler {
    /// Holds the channel's read while an answer is due or held parts wait.
    func read(context: ChannelHandlerContext) {
        guard held.isEmpty, !state.isAnswering else {
            readPending = true
            return
        }
        context.read()
    }

    /// Handles the parts held while an answer was due, until one of them is answered in turn;
    /// then makes the read the channel asked for.
    func handleHeld(context: ChannelHandlerContext) {
        while !state.isAnswering, let next = held.popFirst() {
            switch next {
            case .part(let part):
                if case .closing = state {
                    held.removeAll()
                    return
                }
                handle(part, context: context)
            case .unparsable:
                refuseUnparsable(context: context)
                return
            }
        }
        if held.isEmpty, readPending, !state.isAnswering {
            readPending = false
            context.read()
        }
    }

    /// Answers a request that cannot be parsed with `400 Bad Request` and closes; a refused or
    /// closing connection, whose answer is already out, just closes.
    func refuseUnparsable(context: ChannelHandlerContext) {
        held.removeAll()
        let channel = context.channel
        switch state {
        case .discarding, .closing:
            state = .closing
            channel.close(promise: nil)
        case .idle, .receiving, .answering, .streaming:
            state = .closing
            let bytes = ResponseWriter.badRequest(allocator: channel.allocator)
            context.writeAndFlush(wrapOutboundOut(bytes)).whenComplete { _ in channel.close(promise: nil) }
        }
    }

    /// The server is stopping: an idle connection closes now; one with a request under way
    /// closes after its answer, which says `Connection: close`.
    func quiesce(context: ChannelHandlerContext) {
        quiescing = true
        held.removeAll()
        if case .idle = state {
            state = .closing
            context.close(promise: nil)
        }
    }
}
