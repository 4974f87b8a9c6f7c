/// When each phase of one request finished, measured from the start of the request.
///
/// The values are cumulative, as libcurl reports them (`CURLINFO_NAMELOOKUP_TIME_T`,
/// `CONNECT_TIME_T`, `APPCONNECT_TIME_T`, `STARTTRANSFER_TIME_T`, `TOTAL_TIME_T`): `connect`
/// is the time from the start until the TCP connection was up, DNS included. Subtract
/// neighbours for the length of one phase, as ``connectDuration`` and the others do.
///
/// Each value is at least the one before it, so the sequence is monotone: without TLS (plain
/// `http://`), ``tlsHandshake`` equals ``connect``; on a reused connection the first three are
/// close to zero.
public struct HTTPTimings: Sendable, Hashable {
    /// Until the host name was resolved.
    public var dnsLookup: Duration
    /// Until the TCP connection was established.
    public var connect: Duration
    /// Until the TLS handshake finished; equal to ``connect`` without TLS.
    public var tlsHandshake: Duration
    /// Until the first response byte arrived (time to first byte).
    public var firstByte: Duration
    /// Until the whole response was received.
    public var total: Duration

    /// Creates timings; each value is raised to at least the one before it.
    ///
    /// - Parameters:
    ///   - dnsLookup: Time until the host name was resolved.
    ///   - connect: Time until the TCP connection was up.
    ///   - tlsHandshake: Time until the TLS handshake finished, or zero without TLS.
    ///   - firstByte: Time until the first response byte.
    ///   - total: Time until the response was complete.
    public init(
        dnsLookup: Duration = .zero,
        connect: Duration = .zero,
        tlsHandshake: Duration = .zero,
        firstByte: Duration = .zero,
        total: Duration = .zero
    ) {
        self.dnsLookup = max(dnsLookup, .zero)
        self.connect = max(connect, self.dnsLookup)
        self.tlsHandshake = max(tlsHandshake, self.connect)
        self.firstByte = max(firstByte, self.tlsHandshake)
        self.total = max(total, self.firstByte)
    }

    /// How long establishing the TCP connection took, after DNS.
    public var connectDuration: Duration { connect - dnsLookup }
    /// How long the TLS handshake took; zero without TLS.
    public var tlsHandshakeDuration: Duration { tlsHandshake - connect }
    /// How long the server took to answer once the connection was ready.
    public var serverDuration: Duration { firstByte - tlsHandshake }
    /// How long receiving the response took after its first byte.
    public var downloadDuration: Duration { total - firstByte }
}
