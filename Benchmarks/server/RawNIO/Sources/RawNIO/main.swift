// Raw SwiftNIO baseline: every request gets the same ~550-byte task JSON.
//
//   RawNIO [PORT]        (default 8080; 0 picks a free port)
//
// One event-loop thread, HTTP/1.1 keep-alive, no routing, no allocation per
// request beyond what NIOHTTP1 itself does. Prints
// `rawnio: serving at http://127.0.0.1:PORT` once it listens.
import NIOCore
import NIOHTTP1
import NIOPosix

#if canImport(Glibc)
import Glibc
#endif

/// The demo contract's task t1 (Fixtures/demo/payloads/task-t1.json), compact.
let body = #"{"id":"0CB1E29C-658C-4A14-95E6-0AF593BD04CF","project_id":"36F675CC-81E7-4EF5-A8E2-5D940ED90475","title":"Add session timeout","description":"Keep it safe","state":"inProgress","assignee_id":"6513270E-269E-4D37-B2A7-4DE452E6B438","author_id":"9531985D-5D9D-49F8-9818-E811892F902B","watcher_ids":["9531985D-5D9D-49F8-9818-E811892F902B","D23F0824-128B-4F33-8C5C-7FD0A6A3A450"],"tag_ids":["8D116ECE-1738-47D9-BD9C-172411E20B8F"],"position":0,"created_at":"2025-01-01T05:00:00.000Z","updated_at":"2025-01-01T05:00:00.000Z","version":9,"deleted_at":null}"#

final class FixedResponseHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let headers: HTTPHeaders
    private let buffer: ByteBuffer

    init(buffer: ByteBuffer) {
        self.buffer = buffer
        self.headers = [
            "Content-Type": "application/json",
            "Content-Length": String(buffer.readableBytes),
        ]
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head, .body:
            break
        case .end:
            let head = HTTPResponseHead(version: .http1_1, status: .ok, headers: headers)
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }
}

let port = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 8080 : 8080
let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
let handler = FixedResponseHandler(buffer: ByteBuffer(string: body))

let bootstrap = ServerBootstrap(group: group)
    .serverChannelOption(.backlog, value: 256)
    .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
    .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
    .childChannelOption(.socketOption(.so_reuseaddr), value: 1)
    .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
            try channel.pipeline.syncOperations.addHandler(handler)
        }
    }

let channel = try bootstrap.bind(host: "127.0.0.1", port: port).wait()
print("rawnio: serving at http://127.0.0.1:\(channel.localAddress?.port ?? port)")
fflush(nil)  // all streams: `stdout` itself is not concurrency-safe in Swift 6
try channel.closeFuture.wait()
