extension Duration {
    /// The duration in whole milliseconds, rounded up and at least 1, as libcurl's `_MS` options
    /// want it (0 would mean "no timeout").
    var roundedUpMilliseconds: Int {
        let (seconds, attoseconds) = components
        guard seconds < Int64(Int.max / 1000 - 1) else { return Int.max / 1000 }
        let partial = (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return max(1, Int(seconds) * 1000 + Int(partial))
    }

    /// A duration from libcurl's microsecond counters.
    static func curlMicroseconds(_ value: Int64) -> Duration {
        .microseconds(max(0, value))
    }
}
