/// Where the body of a streamed answer goes as it arrives (``HTTPClient/execute(_:streamingWhen:)``):
/// a server-sent event stream, for instance, which never ends on its own.
///
/// ``receive`` gets each chunk in order, on the client's transfer thread: it must not block, and
/// returns `false` to end the transfer (its reader went away). ``finish`` is called once at the
/// end: with `nil` when the server ended the body, else with the error that ended it (the
/// receiver's refusal included).
public struct HTTPBodySink: Sendable {
    /// Takes one chunk of the body; `false` ends the transfer.
    public var receive: @Sendable ([UInt8]) -> Bool
    /// Called once when the body has ended, with the error that ended it, if any.
    public var finish: @Sendable ((any Error)?) -> Void

    /// Creates a sink.
    ///
    /// - Parameters:
    ///   - receive: Takes one chunk of the body; `false` ends the transfer.
    ///   - finish: Called once when the body has ended, with the error that ended it, if any.
    public init(
        receive: @escaping @Sendable ([UInt8]) -> Bool, finish: @escaping @Sendable ((any Error)?) -> Void
    ) {
        self.receive = receive
        self.finish = finish
    }
}
