/// One server-sent event as PocketBase's `subscriptions.Message.WriteSSE` frames it: the
/// client's id as the event id (every event of a client carries the same one), the topic as the
/// event name, the JSON as data. PocketBase sends no `retry:` hint and no keep-alive comments.
struct PocketBaseRealtimeMessage: Sendable, Hashable {
    /// The event name: `PB_CONNECT`, or the subscription topic as written.
    let name: String
    /// The JSON text of the data line.
    let data: [UInt8]

    /// `id:<clientId>\nevent:<name>\ndata:<json>\n\n`.
    func framed(clientId: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(clientId.utf8.count + name.utf8.count + data.count + 20)
        bytes += Array("id:\(clientId)\nevent:\(name)\ndata:".utf8)
        bytes += data
        bytes += [0x0A, 0x0A]
        return bytes
    }
}
