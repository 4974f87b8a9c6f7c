import Foundation
import NIOCore
import NIOPosix

/// A TCP connection that sends and receives text, with no HTTP parsing in between.
struct RawConnection {
    typealias Iterator = NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator

    var received = ""
    private var iterator: Iterator
    private let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>

    /// Connects to `url`, runs `body` with the connection and closes it.
    static func with<T: Sendable>(
        _ url: URL, _ body: (inout RawConnection) async throws -> T
    ) async throws -> T {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(TimeAmount(TestClient.connectTimeout))
            .connect(host: url.host ?? "127.0.0.1", port: url.port ?? 80) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            var connection = RawConnection(iterator: inbound.makeAsyncIterator(), outbound: outbound)
            return try await body(&connection)
        }
    }

    private init(iterator: Iterator, outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>) {
        self.iterator = iterator
        self.outbound = outbound
    }

    func send(_ text: String) async throws {
        try await outbound.write(ByteBuffer(string: text))
    }

    /// Reads until `marker` has arrived `occurrences` times, or the server closes; returns
    /// everything read so far.
    mutating func read(until marker: String? = nil, occurrences: Int = 1) async throws -> String {
        func done() -> Bool {
            guard let marker else { return false }
            return received.components(separatedBy: marker).count > occurrences
        }
        while !done(), let chunk = try await iterator.next() {
            received += String(buffer: chunk)
        }
        return received
    }
}
