import FuzzSupport
import HTTPTypes

/// The simulator's request path for every dialect: the input is `METHOD target\nbody`, sent to
/// the rest-sync, PocketBase or FileMaker example (the first byte picks) exactly as the server
/// hands a parsed request to its dialect. The stores are reset every 1,000 inputs.
@_cdecl("FuzzRequest_main")
public func fuzzRequestMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    let served = [Fuzzing.serve("demo"), Fuzzing.serve("blog"), Fuzzing.serve("music")]
    nonisolated(unsafe) var count = 0
    return Fuzzing.run(argc, argv) { bytes in
        guard let selector = bytes.first else { return }
        let rest = bytes.dropFirst()
        let newline = rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
        let line = String(decoding: rest[..<newline], as: UTF8.self)
        let body = newline < rest.endIndex ? Array(rest[rest.index(after: newline)...]) : []
        let parts = line.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, let method = HTTPRequest.Method(String(parts[0])), parts[1].hasPrefix("/") else { return }
        let target = served[Int(selector) % served.count]
        Fuzzing.send(target, method, String(parts[1]), headers: [.contentType: "application/json"], body: body)
        count += 1
        if count % 1000 == 0 { for store in served { store.store.reset() } }
    }
}
