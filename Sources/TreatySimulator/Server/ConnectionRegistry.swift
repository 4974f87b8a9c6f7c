import NIOCore
import Synchronization

/// The open connections of a simulator, so that stopping can ask each to finish its
/// in-flight request and close.
final class ConnectionRegistry: Sendable {
    private let channels = Mutex<[ObjectIdentifier: any Channel]>([:])

    func add(_ channel: any Channel) {
        let key = ObjectIdentifier(channel)
        channels.withLock { $0[key] = channel }
        channel.closeFuture.whenComplete { _ in
            _ = self.channels.withLock { $0.removeValue(forKey: key) }
        }
    }

    var open: [any Channel] {
        channels.withLock { Array($0.values) }
    }
}
