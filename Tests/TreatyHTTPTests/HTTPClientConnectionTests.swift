import HTTPTypes
import Logging
import Testing
import TreatyHTTP

@Suite(.timeLimit(.minutes(3)))
struct HTTPClientConnectionTests {
    @Test("sequential requests reuse one connection")
    func connectionReuse() async throws {
        try await withTestServer { server in
            try await withHTTPClient(logger: .quiet) { client in
                var serials: [Int] = []
                for index in 0..<10 {
                    let method: HTTPRequest.Method = index.isMultiple(of: 2) ? .get : .post
                    let body: [UInt8]? = method == .post ? Array("n=\(index)".utf8) : nil
                    let response = try await client.execute(
                        HTTPClientRequest(method: method, url: server.url("/echo"), body: body))
                    serials.append(try EchoReply(response).connection)
                }
                #expect(serials == Array(repeating: 1, count: 10))
                let last = try EchoReply(
                    try await client.execute(HTTPClientRequest(method: .get, url: server.url("/echo"))))
                #expect(last.connections == 1)
            }
        }
    }

    @Test("50 concurrent requests all complete with their own responses")
    func concurrentRequests() async throws {
        // The server accepts the 50 connections one after another, on a machine that may be
        // busy: the last one waits for all the others, so the connect timeout grows with them.
        var configuration = HTTPClientConfiguration()
        configuration.connectTimeout = .seconds(5) + .milliseconds(250) * 50
        try await withTestServer { server in
            try await withHTTPClient(configuration: configuration, logger: .quiet) { client in
                let bodies = try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
                    for index in 0..<50 {
                        group.addTask {
                            let request = HTTPClientRequest(
                                method: .post, url: server.url("/echo"), body: Array("request \(index)".utf8))
                            return (index, try EchoReply(try await client.execute(request)).bodyBytes)
                        }
                    }
                    var bodies: [Int: [UInt8]] = [:]
                    for try await (index, body) in group {
                        bodies[index] = body
                    }
                    return bodies
                }
                #expect(bodies.count == 50)
                for (index, body) in bodies {
                    #expect(body == Array("request \(index)".utf8))
                }
            }
        }
    }

    @Test("connections opened for concurrent requests are reused afterwards")
    func concurrentThenReused() async throws {
        try await withTestServer { server in
            try await withHTTPClient(logger: .quiet) { client in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<4 {
                        group.addTask {
                            _ = try await client.execute(HTTPClientRequest(method: .get, url: server.url("/delay/300")))
                        }
                    }
                    try await group.waitForAll()
                }
                let afterBurst = try EchoReply(
                    try await client.execute(HTTPClientRequest(method: .get, url: server.url("/echo"))))
                #expect((afterBurst.connections ?? 0) >= 2)
                for _ in 0..<6 {
                    _ = try await client.execute(HTTPClientRequest(method: .get, url: server.url("/echo")))
                }
                let last = try EchoReply(
                    try await client.execute(HTTPClientRequest(method: .get, url: server.url("/echo"))))
                #expect(last.connections == afterBurst.connections)
            }
        }
    }

    @Test("a refused connection fails with couldNotConnect, naming the URL")
    func connectionRefused() async throws {
        // Start a server to learn a free port, stop it, then connect to the closed port.
        let port = try await withTestServer { $0.port }
        try await withHTTPClient(logger: .quiet) { client in
            let url = "http://127.0.0.1:\(port)/echo"
            let error = await #expect(throws: HTTPClientError.self) {
                try await client.execute(HTTPClientRequest(method: .get, url: url))
            }
            #expect(error == .couldNotConnect)
            #expect(error?.url == url)
            #expect(error?.description.hasPrefix("could not connect to GET \(url) (") == true)
        }
    }

    @Test("a client can be used from many tasks and then shut down without leaking its thread")
    func manyClients() async throws {
        try await withTestServer { server in
            for _ in 0..<20 {
                try await withHTTPClient(logger: .quiet) { client in
                    _ = try await client.execute(HTTPClientRequest(method: .get, url: server.url("/echo")))
                }
            }
        }
    }
}
