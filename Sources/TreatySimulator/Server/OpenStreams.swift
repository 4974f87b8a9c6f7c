import Synchronization
import TreatyDialect

/// The response streams a simulator is writing, so that stopping — or a test dropping every
/// stream to exercise reconnects — can end them.
final class OpenStreams: Sendable {
    private let streams = Mutex<[ObjectIdentifier: ResponseStream]>([:])

    func add(_ stream: ResponseStream) {
        streams.withLock { $0[ObjectIdentifier(stream)] = stream }
    }

    func remove(_ stream: ResponseStream) {
        _ = streams.withLock { $0.removeValue(forKey: ObjectIdentifier(stream)) }
    }

    /// Cancels every open stream; returns how many there were.
    @discardableResult
    func cancelAll() -> Int {
        let open = streams.withLock { Array($0.values) }
        for stream in open { stream.cancel() }
        return open.count
    }
}
