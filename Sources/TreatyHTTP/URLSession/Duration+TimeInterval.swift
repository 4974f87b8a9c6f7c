internal import Foundation

extension Duration {
    /// The duration in seconds, as Foundation's time intervals count.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
