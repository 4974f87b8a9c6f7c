import Foundation
import NIOCore
import NIOPosix
import Testing
import TreatySimulator

/// A client that is refused with 413 while its body is still on the way must see the answer,
/// not a reset: the simulator reads and drops the rest of the body (nginx's lingering close).
@Suite struct LingeringCloseTests {
    static let refusedHead = "POST /upload HTTP/1.1\r\nhost: x\r\ncontent-length: 300000\r\n\r\n"

    @Test("a refused client may keep sending its body after a pause; the connection closes when the body ends")
    func slowClientIsDrained() async throws {
        // Generous limits, so a loaded machine cannot turn the 3 s pause into a timeout.
        let configuration = SimulatorConfiguration(maxBodySize: 1024, lingerTimeout: .seconds(60), lingerTime: .seconds(120))
        try await Simulator.withRunning(dialect: EchoDialect(), store: try TestStore.make(), configuration: configuration) {
            url in
            let received = try await withTimeout(.seconds(180)) {
                try await RawConnection.with(url) { connection in
                    try await connection.send(Self.refusedHead)
                    try await connection.send(String(repeating: "a", count: 100_000))
                    let answer = try await connection.read(until: "\r\n\r\n")
                    #expect(answer.hasPrefix("HTTP/1.1 413"))
                    try await Task.sleep(for: .seconds(3))  // longer than a refused body was once given in all
                    try await connection.send(String(repeating: "a", count: 200_000))
                    return try await connection.read()
                }
            }
            #expect(received.contains("payload-too-large"))
        }
    }

    @Test("a refused client that goes quiet is disconnected after the linger timeout")
    func quietClientIsClosed() async throws {
        let configuration = SimulatorConfiguration(maxBodySize: 1024, lingerTimeout: .milliseconds(500))
        try await Simulator.withRunning(dialect: EchoDialect(), store: try TestStore.make(), configuration: configuration) {
            url in
            let started = ContinuousClock.now
            // A guard against a hang, not a bound: a full test run can starve this task for a minute.
            let received = try await withTimeout(.seconds(180)) {
                try await RawConnection.with(url) { connection in
                    try await connection.send(Self.refusedHead)
                    return try await connection.read()
                }
            }
            #expect(received.hasPrefix("HTTP/1.1 413"))
            #expect(ContinuousClock.now - started >= .milliseconds(450))
        }
    }

    @Test("a refused client that keeps trickling its body is disconnected after the linger time")
    func tricklingClientIsClosed() async throws {
        let configuration = SimulatorConfiguration(maxBodySize: 1024, lingerTimeout: .seconds(60), lingerTime: .seconds(1))
        try await Simulator.withRunning(dialect: EchoDialect(), store: try TestStore.make(), configuration: configuration) {
            url in
            // 100 bytes every 100 ms would take 300 s. The server ends it after the linger time (1 s),
            // or, were that broken, the linger timeout (60 s); trickling for up to 40 s after the
            // refusal tells the two apart on a busy machine.
            let trickleLimit = Duration.seconds(40)
            let (received, trickled) = try await withTimeout(.seconds(90)) {
                try await RawConnection.with(url) { connection in
                    try await connection.send(Self.refusedHead)
                    _ = try await connection.read(until: "\r\n\r\n")
                    let refused = ContinuousClock.now
                    while (try? await connection.send(String(repeating: "a", count: 100))) != nil {
                        try await Task.sleep(for: .milliseconds(100))
                        if ContinuousClock.now - refused > trickleLimit { break }
                    }
                    let trickled = ContinuousClock.now - refused
                    _ = try? await connection.read()  // the close may come as a reset
                    return (connection.received, trickled)
                }
            }
            #expect(received.hasPrefix("HTTP/1.1 413"))
            #expect(trickled < trickleLimit, "the server closed while the body was still coming")
        }
    }
}
