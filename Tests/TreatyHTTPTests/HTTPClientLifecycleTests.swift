import HTTPTypes
import Logging
import Testing
import TreatyHTTP

@Suite(.timeLimit(.minutes(3)))
struct HTTPClientLifecycleTests {
    @Test("shutting down fails an in-flight request with shutDown, promptly")
    func shutdownFailsInFlight() async throws {
        try await withTestServer { server in
            let client = try HTTPClient(logger: .quiet)
            let clock = ContinuousClock()
            let start = clock.now
            let inFlight = Task {
                try await client.execute(HTTPClientRequest(method: .get, url: server.url(TestServer.slowPath)))
            }
            try await Task.sleep(for: .milliseconds(300))
            await client.shutdown()
            let error = await #expect(throws: HTTPClientError.self) { try await inFlight.value }
            #expect(error == .shutDown)
            #expect(error?.description.hasPrefix("the HTTP client was shut down before GET ") == true)
            #expect(clock.now - start < TestServer.promptly, "it gave up long before the server answered")
        }
    }

    @Test("requests after shutdown fail with shutDown, and shutting down twice is harmless")
    func requestAfterShutdown() async throws {
        let client = try HTTPClient(logger: .quiet)
        await client.shutdown()
        await client.shutdown()
        let error = await #expect(throws: HTTPClientError.self) {
            try await client.execute(HTTPClientRequest(method: .get, url: "http://127.0.0.1:9/"))
        }
        #expect(error == .shutDown)
    }

    @Test("concurrent shutdowns all return")
    func concurrentShutdowns() async throws {
        let client = try HTTPClient(logger: .quiet)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<5 {
                group.addTask { await client.shutdown() }
            }
        }
    }

    @Test("cancelling the awaiting task cancels the transfer with cancelled, promptly")
    func cancellation() async throws {
        try await withTestServer { server in
            try await withHTTPClient(logger: .quiet) { client in
                let clock = ContinuousClock()
                let start = clock.now
                let task = Task {
                    try await client.execute(HTTPClientRequest(method: .get, url: server.url(TestServer.slowPath)))
                }
                try await Task.sleep(for: .milliseconds(300))
                task.cancel()
                let error = await #expect(throws: HTTPClientError.self) { try await task.value }
                #expect(error == .cancelled)
                #expect(clock.now - start < TestServer.promptly, "it gave up long before the server answered")
                // The client keeps working.
                let after = try await client.execute(HTTPClientRequest(method: .get, url: server.url("/echo")))
                #expect(after.status == .ok)
            }
        }
    }

    @Test("a task cancelled before it executes fails with cancelled without sending")
    func cancelledBeforeStart() async throws {
        try await withTestServer { server in
            try await withHTTPClient(logger: .quiet) { client in
                let task = Task {
                    withUnsafeCurrentTask { $0?.cancel() }
                    return try await client.execute(HTTPClientRequest(method: .get, url: server.url("/echo")))
                }
                let error = await #expect(throws: HTTPClientError.self) { try await task.value }
                #expect(error == .cancelled)
                let echo = try EchoReply(
                    try await client.execute(HTTPClientRequest(method: .get, url: server.url("/echo"))))
                #expect(echo.connections == 1)
            }
        }
    }

    @Test("withHTTPClient shuts the client down when its body throws, and when it returns")
    func scopedShutdown() async throws {
        struct Expected: Error {}
        var captured: [HTTPClient] = []
        await #expect(throws: Expected.self) {
            try await withHTTPClient(logger: .quiet) { client -> Int in
                captured.append(client)
                throw Expected()
            }
        }
        _ = try await withHTTPClient(logger: .quiet) { client -> Int in
            captured.append(client)
            return 1
        }
        #expect(captured.count == 2)
        for client in captured {
            let error = await #expect(throws: HTTPClientError.self) {
                try await client.execute(HTTPClientRequest(method: .get, url: "http://127.0.0.1:9/"))
            }
            #expect(error == .shutDown)
        }
    }
}
