import HTTPTypes
import NIOCore
import NIOHTTP1
import TreatyDialect

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The per-connection HTTP/1.1 responder: it takes the request parts NIO's llhttp-based
/// `HTTPRequestDecoder` reads, collects one request at a time, hands it to the
/// ``RequestProcessor`` synchronously on the event loop, and writes the reply as bytes it
/// serializes itself (``ResponseWriter``) with `Content-Length`, honouring keep-alive — or,
/// when the reply is a ``ResponseStream``, chunked as the stream produces it, until it ends.
///
/// It stands in for NIOHTTP1's server helpers (the response encoder, the pipelining handler,
/// the protocol-error handler and the header validator), doing what the simulator needs of
/// each in one place: requests pipelined behind one whose answer is due are held, and reading
/// stops, until that answer is out, so answers leave in request order
/// (`SimulatorHTTPHandler+Pipelining.swift`); a request that cannot be parsed gets
/// `400 Bad Request` and the connection closes; a quiescing server closes idle connections at
/// once and the others after their answer.
///
/// A body that crosses the limit is refused at once with the dialect's 413 and
/// `Connection: close`; the rest of it is read and dropped (a lingering close, as nginx does, so
/// the client sees the answer rather than a reset), then the connection closes once the answer
/// is written — or when the client goes quiet for the configured linger timeout (5 s by
/// default) or keeps sending for longer than the linger time (30 s).
final class SimulatorHTTPHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    enum State {
        case idle
        case receiving(HTTPRequestHead, started: ContinuousClock.Instant, body: ByteBuffer)
        /// Refused (413): drop the rest of the body until `deadline`, then close once `answered`.
        case discarding(deadline: NIODeadline, answered: EventLoopFuture<Void>)
        /// The reply is decided (and possibly delayed).
        case answering(HTTPRequestHead)
        /// A refused request's body has ended; the connection closes once the answer is out.
        case closing
        /// The answer is a stream being written, each chunk delayed by an injected latency.
        case streaming(ResponseStream, delayMilliseconds: Int)

        /// Whether an answer is due or being written: what arrives meanwhile waits.
        var isAnswering: Bool {
            switch self {
            case .answering, .streaming: true
            case .idle, .receiving, .discarding, .closing: false
            }
        }
    }

    /// What arrived while an answer was due, handled in order once it is out.
    enum Held {
        case part(HTTPServerRequestPart)
        case unparsable
    }

    let processor: RequestProcessor
    var state = State.idle
    private var pending: Scheduled<Void>?
    var isActive = true
    /// A stream's idle timeout and longest duration, while one is written.
    var idleTimer: Scheduled<Void>?
    var lifetime: Scheduled<Void>?
    /// Parts of pipelined requests (or a parse error) that arrived while an answer was due.
    var held = CircularBuffer<Held>(initialCapacity: 0)
    /// Whether the channel asked to read while an answer was due; the read is made once the
    /// held parts are handled.
    var readPending = false
    /// Whether the server is stopping: the answer due is the connection's last.
    var quiescing = false
    /// How a streamed answer is framed: chunked (HTTP/1.1), and whether its body is sent (not
    /// for `HEAD`).
    var streamIsChunked = false
    var streamSendsBody = true

    init(processor: RequestProcessor) {
        self.processor = processor
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        guard held.isEmpty, !state.isAnswering else {
            held.append(.part(part))
            return
        }
        handle(part, context: context)
    }

    /// Handles one request part, in order.
    func handle(_ part: HTTPServerRequestPart, context: ChannelHandlerContext) {
        switch part {
        case .head(let head):
            if case .closing = state { return }
            let started = ContinuousClock.now
            if let length = head.headers.first(name: "content-length").flatMap(Int.init), length > processor.maxBodySize
            {
                refuse(head, started: started, context: context)
                return
            }
            if head.headers["expect"].contains(where: { $0.lowercased() == "100-continue" }) {
                let writer = ResponseWriter(version: head.version, isHead: false)
                context.writeAndFlush(
                    wrapOutboundOut(writer.continueHead(allocator: context.channel.allocator)), promise: nil)
            }
            state = .receiving(head, started: started, body: context.channel.allocator.buffer(capacity: 0))
        case .body(var chunk):
            if case .discarding(let deadline, _) = state {
                scheduleLingeringClose(until: deadline, context: context)
                return
            }
            guard case .receiving(let head, let started, var body) = state else { return }
            guard body.readableBytes + chunk.readableBytes <= processor.maxBodySize else {
                refuse(head, started: started, context: context)
                return
            }
            state = .idle  // lets `body` be appended to without a copy
            body.writeBuffer(&chunk)
            state = .receiving(head, started: started, body: body)
        case .end:
            switch state {
            case .receiving(let head, let started, let body):
                guard let request = HTTPRequest(head) else {
                    refuseUnparsable(context: context)
                    return
                }
                state = .answering(head)
                let reply = processor.process(request, body: Array(body.readableBytesView), started: started)
                if case .forward(let request, let target) = reply.action {
                    forward(reply, request: request, target: target, context: context)
                } else {
                    scheduleWhenDurable(reply, context: context)
                }
            case .discarding(_, let answered):
                state = .closing
                pending?.cancel()
                let channel = context.channel
                answered.whenComplete { _ in channel.close(promise: nil) }
            case .idle, .answering, .closing, .streaming:
                break
            }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        isActive = false
        pending?.cancel()
        pending = nil
        cancelStreaming()
        context.fireChannelInactive()
    }

    /// Closes a connection that sent nothing for the idle timeout, unless its answer is due;
    /// a stopping server's connection closes now when idle, else after its answer.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent {
            quiesce(context: context)
            return
        }
        guard event is IdleStateHandler.IdleStateEvent else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        switch state {
        case .idle, .receiving: context.close(promise: nil)
        case .answering, .discarding, .closing, .streaming: break
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { resumeStreaming(context: context) }
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard error is HTTPParserError else {
            context.close(promise: nil)
            return
        }
        guard held.isEmpty, !state.isAnswering else {
            held.append(.unparsable)
            return
        }
        refuseUnparsable(context: context)
    }

    private func refuse(_ head: HTTPRequestHead, started: ContinuousClock.Instant, context: ChannelHandlerContext) {
        guard let request = HTTPRequest(head) else {
            refuseUnparsable(context: context)
            return
        }
        let reply = processor.refuseTooLarge(request, started: started)
        guard case .respond(let response) = reply.action else { return }
        processor.complete(reply, status: response.status.code)
        let deadline = NIODeadline.now() + processor.lingerTime
        let answered = write(response, for: head, keepAlive: false, lingering: true, context: context)
        state = .discarding(deadline: deadline, answered: answered)
        scheduleLingeringClose(until: deadline, context: context)
    }

    /// (Re)arms the timer that closes a refused connection whose client went quiet.
    private func scheduleLingeringClose(until deadline: NIODeadline, context: ChannelHandlerContext) {
        pending?.cancel()
        let channel = context.channel
        pending = context.eventLoop.scheduleTask(deadline: min(.now() + processor.lingerTimeout, deadline)) {
            channel.close(promise: nil)
        }
    }

    /// Schedules `reply` once every write committed so far is durable, when the store keeps a
    /// commit log (`treaty serve --persist`): no answer leaves before what it acknowledges
    /// (or what it showed) is on disk. The event loop serves other connections meanwhile, so
    /// their writes join the same flush (group commit). Without a commit log, at once.
    func scheduleWhenDurable(_ reply: Reply, context: ChannelHandlerContext) {
        guard let commitLog = processor.store.commitLog else {
            schedule(reply, context: context)
            return
        }
        let durable = context.eventLoop.makePromise(of: Void.self)
        commitLog.whenDurable { durable.succeed() }
        durable.futureResult.assumeIsolated().whenSuccess {
            guard self.isActive else { return }
            self.schedule(reply, context: context)
        }
    }

    private func schedule(_ reply: Reply, context: ChannelHandlerContext) {
        guard reply.delayMilliseconds > 0 else {
            act(reply, context: context)
            return
        }
        pending = context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(Int64(reply.delayMilliseconds))) {
            self.pending = nil
            guard self.isActive else { return }
            self.act(reply, context: context)
        }
    }

    private func act(_ reply: Reply, context: ChannelHandlerContext) {
        guard case .answering(let head) = state else { return }
        state = .idle
        switch reply.action {
        case .respond(let response):
            processor.complete(reply, status: response.status.code)
            if let stream = response.stream {
                startStreaming(response, stream: stream, for: head, delay: reply.delayMilliseconds, context: context)
            } else {
                write(response, for: head, keepAlive: head.isKeepAlive, context: context)
                handleHeld(context: context)
            }
        case .reset:
            processor.complete(reply, status: nil)
            reset(context: context)
        case .forward:
            // Forwarding is resolved into an answer before a reply is scheduled.
            processor.complete(reply, status: nil)
            reset(context: context)
        }
    }

    /// Closes with a TCP reset (SO_LINGER 0), as a crashed or overloaded backend would.
    private func reset(context: ChannelHandlerContext) {
        state = .closing
        held.removeAll()
        let channel = context.channel
        guard let provider = channel as? any SocketOptionProvider else {
            channel.close(promise: nil)
            return
        }
        provider.setSoLinger(linger(l_onoff: 1, l_linger: 0)).whenComplete { _ in channel.close(promise: nil) }
    }

    /// Writes `response` in one buffer; the future completes once it is on the wire. Unless the
    /// connection stays open, it is closing from now on (and closes once the answer is out,
    /// but for a refusal, whose body may still be arriving: the lingering close handles that).
    @discardableResult
    private func write(
        _ response: DialectResponse,
        for head: HTTPRequestHead,
        keepAlive requestedKeepAlive: Bool,
        lingering: Bool = false,
        context: ChannelHandlerContext
    ) -> EventLoopFuture<Void> {
        let keepAlive =
            requestedKeepAlive && !quiescing
            && !response.headers[values: .connection].contains { $0.lowercased() == "close" }
        let writer = ResponseWriter(version: head.version, isHead: head.method == .HEAD)
        let bytes = writer.complete(response, keepAlive: keepAlive, allocator: context.channel.allocator)
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(bytes), promise: written)
        if !keepAlive, !lingering {
            state = .closing
            held.removeAll()
            let channel = context.channel
            written.futureResult.whenComplete { _ in channel.close(promise: nil) }
        }
        return written.futureResult
    }
}
