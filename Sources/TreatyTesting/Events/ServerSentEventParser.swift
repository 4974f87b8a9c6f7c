/// Splits a `text/event-stream` body into events as its bytes arrive, per the HTML standard's
/// rules: lines end with LF, CRLF or CR; a blank line ends an event; `:` lines are comments;
/// a field without a colon has an empty value, and one space after the colon is dropped.
struct ServerSentEventParser {
    private var line: [UInt8] = []
    private var sawCR = false
    private var id = ""
    private var name = ""
    private var data: [String] = []
    private var hasFields = false

    /// The events `bytes` complete.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if sawCR {
                sawCR = false
                if byte == 0x0A { continue }
            }
            switch byte {
            case 0x0A, 0x0D:
                sawCR = byte == 0x0D
                if let event = endLine() { events.append(event) }
            default:
                line.append(byte)
            }
        }
        return events
    }

    private mutating func endLine() -> ServerSentEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        guard !line.isEmpty else {
            guard hasFields else { return nil }
            let event = ServerSentEvent(
                id: id, name: name.isEmpty ? "message" : name, data: data.joined(separator: "\n"))
            name = ""
            data = []
            hasFields = false
            return event
        }
        guard line.first != UInt8(ascii: ":") else { return nil }
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        let field = String(decoding: line[..<(colon ?? line.endIndex)], as: UTF8.self)
        var value = colon.map { line[line.index(after: $0)...] } ?? []
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        let text = String(decoding: value, as: UTF8.self)
        hasFields = true
        switch field {
        case "id": id = text
        case "event": name = text
        case "data": data.append(text)
        default: break
        }
        return nil
    }
}
