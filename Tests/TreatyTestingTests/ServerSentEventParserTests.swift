import Testing

@testable import TreatyTesting

@Suite struct ServerSentEventParserTests {
    @Test("events split on blank lines whatever the line ends and however the bytes arrive")
    func parses() {
        let text =
            "id:c1\nevent:PB_CONNECT\ndata:{\"a\":1}\n\n: comment\r\ndata: one\r\ndata:two\r\n\r\nevent:x\rdata\r\r"
        for size in [1, 3, 1000] {
            var parser = ServerSentEventParser()
            var events: [ServerSentEvent] = []
            let bytes = Array(text.utf8)
            for start in stride(from: 0, to: bytes.count, by: size) {
                events += parser.feed(bytes[start..<min(start + size, bytes.count)])
            }
            #expect(
                events == [
                    ServerSentEvent(id: "c1", name: "PB_CONNECT", data: "{\"a\":1}"),
                    ServerSentEvent(id: "c1", name: "message", data: "one\ntwo"),
                    ServerSentEvent(id: "c1", name: "x", data: ""),
                ], "chunks of \(size)")
        }
    }
}
