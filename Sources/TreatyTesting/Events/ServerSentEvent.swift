/// One server-sent event as a client receives it (the `text/event-stream` format).
public struct ServerSentEvent: Sendable, Hashable {
    /// The `id:` field; empty when the event has none.
    public var id: String
    /// The `event:` field; `message` when the event has none.
    public var name: String
    /// The `data:` lines, joined with newlines.
    public var data: String

    /// Creates an event.
    public init(id: String = "", name: String = "message", data: String = "") {
        self.id = id
        self.name = name
        self.data = data
    }
}
