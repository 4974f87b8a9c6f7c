import NIOCore
import NIOHTTP1
import TreatyDialect

/// Writing a ``ResponseStream``: chunked, each batch of chunks flushed at once, taken only while
/// the connection can take more (so a client that stops reading fills the stream's bounded
/// queue, not the server's memory), delayed by an injected latency, and ended by the stream's
/// idle timeout and longest duration.
extension SimulatorHTTPHandler {
    /// Sends the head and starts writing `stream`.
    func startStreaming(
        _ response: DialectResponse, stream: ResponseStream, for head: HTTPRequestHead, delay: Int,
        context: ChannelHandlerContext
    ) {
        let writer = ResponseWriter(version: head.version, isHead: head.method == .HEAD)
        context.writeAndFlush(
            wrapOutboundOut(writer.streamHead(response, allocator: context.channel.allocator)), promise: nil)
        streamIsChunked = writer.isChunked(response.status)
        streamSendsBody = head.method != .HEAD && ResponseWriter.mayHaveBody(response.status)
        state = .streaming(stream, delayMilliseconds: delay)
        processor.streams.add(stream)
        let loop = context.eventLoop
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: loop)
        if let maxDuration = stream.maxDuration {
            lifetime = loop.scheduleTask(in: TimeAmount(maxDuration)) { stream.cancel(.timedOut) }
        }
        rearmIdleTimer(for: stream, context: context)
        stream.attach {
            loop.execute { bound.value.handler.drain(stream, context: bound.value.context) }
        }
    }

    /// Writes what the stream holds, if the connection can take it.
    func drain(_ stream: ResponseStream, context: ChannelHandlerContext) {
        guard case .streaming(let current, let delay) = state, current === stream else { return }
        guard context.channel.isWritable || stream.ending != nil else { return }
        let (chunks, ending) = stream.take()
        guard delay > 0 else {
            write(chunks, ending: ending, of: stream, context: context)
            return
        }
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        context.eventLoop.scheduleTask(in: .milliseconds(Int64(delay))) {
            bound.value.handler.write(chunks, ending: ending, of: stream, context: bound.value.context)
        }
    }

    /// Resumes a stream once the connection drained what it had.
    func resumeStreaming(context: ChannelHandlerContext) {
        guard case .streaming(let stream, _) = state else { return }
        drain(stream, context: context)
    }

    /// Ends a stream whose client went away.
    func cancelStreaming() {
        guard case .streaming(let stream, _) = state else { return }
        stopTimers()
        processor.streams.remove(stream)
        stream.cancel()
    }

    private func write(
        _ chunks: [[UInt8]], ending: ResponseStream.Ending?, of stream: ResponseStream, context: ChannelHandlerContext
    ) {
        guard case .streaming(let current, _) = state, current === stream else { return }
        if streamSendsBody {
            var buffer = context.channel.allocator.buffer(capacity: chunks.reduce(0) { $0 + $1.count + 12 })
            for chunk in chunks {
                ResponseWriter.bodyPiece(chunk, chunked: streamIsChunked, into: &buffer)
            }
            if buffer.readableBytes > 0 { context.writeAndFlush(wrapOutboundOut(buffer), promise: nil) }
        }
        if !chunks.isEmpty { rearmIdleTimer(for: stream, context: context) }
        guard let ending else { return }
        stopTimers()
        processor.streams.remove(stream)
        state = .closing
        let channel = context.channel
        switch ending {
        case .finished, .timedOut:
            var last = channel.allocator.buffer(capacity: 8)
            if streamIsChunked { last.writeStaticString(ResponseWriter.lastChunk) }
            context.writeAndFlush(wrapOutboundOut(last)).whenComplete { _ in channel.close(promise: nil) }
        case .overflowed, .cancelled:
            channel.close(promise: nil)
        }
    }

    private func rearmIdleTimer(for stream: ResponseStream, context: ChannelHandlerContext) {
        guard let timeout = stream.idleTimeout else { return }
        idleTimer?.cancel()
        idleTimer = context.eventLoop.scheduleTask(in: TimeAmount(timeout)) { stream.cancel(.timedOut) }
    }

    private func stopTimers() {
        idleTimer?.cancel()
        idleTimer = nil
        lifetime?.cancel()
        lifetime = nil
    }
}
