import Foundation
import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

@testable import TreatySimulator

/// The responder on NIO's `EmbeddedChannel`, with no socket: the exact bytes of an answer, and
/// the order and timing of pipelined answers under a virtual clock.
@Suite struct HTTPResponderEmbeddedTests {
    /// A channel with the simulator's pipeline: NIO's request decoder, then the responder.
    static func channel(faults: [FaultRule] = []) throws -> EmbeddedChannel {
        let processor = RequestProcessor(
            dialect: EchoDialect(), store: try TestStore.make(), configuration: SimulatorConfiguration(faults: faults))
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(
            ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes)))
        try channel.pipeline.syncOperations.addHandler(SimulatorHTTPHandler(processor: processor))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080)).wait()
        return channel
    }

    /// Everything written so far, as text.
    static func written(_ channel: EmbeddedChannel) throws -> String {
        var text = ""
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) { text += String(buffer: buffer) }
        return text
    }

    @Test("an answer is one buffer: status line, the dialect's fields, Content-Length, then the body")
    func exactBytes() throws {
        let channel = try Self.channel()
        try channel.writeInbound(ByteBuffer(string: "GET /a?x=1 HTTP/1.1\r\nhost: x\r\n\r\n"))
        let first = try #require(try channel.readOutbound(as: ByteBuffer.self))
        #expect(try channel.readOutbound(as: ByteBuffer.self) == nil, "one write per answer")
        let body = #"{"method":"GET","path":"/a","query":["x=1"],"body":""}"#
        #expect(
            String(buffer: first)
                == "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\ncontent-length: \(body.utf8.count)\r\n\r\n\(body)"
        )
        #expect(channel.isActive, "keep-alive")
        _ = try channel.finish()
    }

    @Test("HEAD answers the framing of the body without the body")
    func head() throws {
        let channel = try Self.channel()
        try channel.writeInbound(ByteBuffer(string: "HEAD /a HTTP/1.1\r\nhost: x\r\n\r\n"))
        let text = try Self.written(channel)
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(text.contains("content-length: 50\r\n") && text.hasSuffix("\r\n\r\n"), "\(text)")
        _ = try channel.finish()
    }

    @Test("a pipelined request waits for the delayed answer before it, and is answered right after it")
    func pipelinedBehindDelay() throws {
        let channel = try Self.channel(faults: [FaultRule(path: "/slow", action: .latency(100))])
        try channel.writeInbound(
            ByteBuffer(string: "GET /slow HTTP/1.1\r\nhost: x\r\n\r\nGET /fast HTTP/1.1\r\nhost: x\r\n\r\n"))
        #expect(try Self.written(channel).isEmpty, "nothing before the first answer is due")
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(100))
        let text = try Self.written(channel)
        let slow = try #require(text.range(of: #""path":"/slow""#))
        let fast = try #require(text.range(of: #""path":"/fast""#))
        #expect(slow.upperBound < fast.lowerBound)
        _ = try channel.finish()
    }

    @Test("a request that cannot be parsed is answered 400 and the channel closes")
    func unparsable() throws {
        let channel = try Self.channel()
        _ = try? channel.writeInbound(ByteBuffer(string: "GET / HTTP/1.1\r\nbad header line\r\n\r\n"))
        #expect(
            try Self.written(channel) == "HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n")
        channel.embeddedEventLoop.run()
        #expect(!channel.isActive)
    }

    @Test("Connection: close is honoured: the answer says so and the channel closes after it")
    func connectionClose() throws {
        let channel = try Self.channel()
        try channel.writeInbound(ByteBuffer(string: "GET /a HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n"))
        let text = try Self.written(channel)
        #expect(text.contains("\r\nconnection: close\r\n\r\n"), "\(text)")
        channel.embeddedEventLoop.run()
        #expect(!channel.isActive)
    }

    @Test("quiescing closes an idle channel at once, and a busy one after its answer, which says Connection: close")
    func quiescing() throws {
        let idle = try Self.channel()
        idle.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        idle.embeddedEventLoop.run()
        #expect(!idle.isActive)

        let busy = try Self.channel(faults: [FaultRule(path: "/slow", action: .latency(100))])
        try busy.writeInbound(ByteBuffer(string: "GET /slow HTTP/1.1\r\nhost: x\r\n\r\nGET /after HTTP/1.1\r\nhost: x\r\n\r\n"))
        busy.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        #expect(busy.isActive, "the answer due is still written")
        busy.embeddedEventLoop.advanceTime(by: .milliseconds(100))
        let text = try Self.written(busy)
        #expect(text.contains(#""path":"/slow""#) && !text.contains(#""path":"/after""#), "\(text)")
        #expect(text.contains("\r\nconnection: close\r\n"))
        busy.embeddedEventLoop.run()
        #expect(!busy.isActive)
    }
}
