public import Logging
public import TreatyCore

/// How a ``Simulator`` listens, what it accepts and which faults it injects.
public struct SimulatorConfiguration: Sendable {
    /// The address to listen on (default `127.0.0.1`, loopback only).
    public var host: String
    /// The port to listen on; 0 (the default) picks a free port, see ``RunningSimulator/port``.
    public var port: Int
    /// The largest request body accepted, in bytes (default 10 MiB); a larger one is refused
    /// with the dialect's 413 as soon as the limit is crossed.
    public var maxBodySize: Int
    /// How long a client refused with 413 may pause while it sends the rest of its body before
    /// the connection is closed (default 5 s). Until then the simulator reads and drops the
    /// body, so the client sees the 413 rather than a reset (a lingering close, as nginx does).
    public var lingerTimeout: Duration
    /// How long, in all, a client refused with 413 may keep sending its body (default 30 s).
    public var lingerTime: Duration
    /// How long a connection may sit without a request before the simulator closes it (default
    /// 60 s, as web servers do with idle keep-alive connections); `nil` keeps it open. A request
    /// whose answer is being delayed (a latency fault) is not idle.
    public var idleTimeout: Duration?
    /// The fault rules active from the start (more can be added through the admin API).
    public var faults: [FaultRule]
    /// The seed of the generator that decides whether probabilistic faults fire.
    public var seed: UInt64
    /// How many requests the journal keeps (the oldest are dropped first).
    public var journalCapacity: Int
    /// How long ``RunningSimulator/stop()`` lets in-flight requests finish before it closes
    /// their connections.
    public var shutdownTimeout: Duration
    /// Event-loop threads; `nil` (the default) uses one per core this process may run on (its
    /// CPU affinity, e.g. one under `taskset -c 0`).
    public var threads: Int?
    /// Whether to serve on NIO's process-wide event loops (`MultiThreadedEventLoopGroup.singleton`)
    /// instead of threads of its own (and ignore ``threads``): starting and stopping then create
    /// and join no threads, which is what many short-lived simulators want (the verifier's mock
    /// runs, one per TreatyTesting case). Default `false`.
    public var sharesEventLoops = false
    /// Where the simulator logs: one debug line per request (method, path, status,
    /// duration), never a header or body. The default discards everything.
    public var logger: Logger
    /// The token the admin API (`/__treaty/…`) requires, as `Authorization: Bearer TOKEN` or
    /// `X-Treaty-Admin-Token: TOKEN`; `nil` (the default) leaves it open, which is safe only
    /// on loopback (see ``exposureWarnings``).
    public var adminToken: String?
    /// The live backend requests go to instead of the store, and which ones (`treaty serve
    /// --spy`, `--validate`); `nil` (the default) answers everything from the store.
    public var passThrough: PassThrough?
    /// The stub routes answered before the dialect; `nil` (the default) takes the store's
    /// contract's `routes:`.
    public var routes: [StubRoute]?
    /// Where `POST /__treaty/export` writes the store as fixtures; `nil` (the default) leaves the
    /// endpoint off.
    public var fixtureExport: FixtureExport?

    /// Creates a configuration.
    public init(
        host: String = "127.0.0.1",
        port: Int = 0,
        maxBodySize: Int = 10 * 1024 * 1024,
        lingerTimeout: Duration = .seconds(5),
        lingerTime: Duration = .seconds(30),
        idleTimeout: Duration? = .seconds(60),
        faults: [FaultRule] = [],
        seed: UInt64 = 0,
        journalCapacity: Int = 10_000,
        shutdownTimeout: Duration = .seconds(10),
        threads: Int? = nil,
        logger: Logger = Logger(label: "treaty.simulator", factory: { _ in SwiftLogNoOpLogHandler() }),
        adminToken: String? = nil
    ) {
        self.host = host
        self.port = port
        self.maxBodySize = maxBodySize
        self.lingerTimeout = lingerTimeout
        self.lingerTime = lingerTime
        self.idleTimeout = idleTimeout
        self.faults = faults
        self.seed = seed
        self.journalCapacity = journalCapacity
        self.shutdownTimeout = shutdownTimeout
        self.threads = threads
        self.logger = logger
        self.adminToken = adminToken
    }

    /// Whether ``host`` is a loopback address (`127.0.0.0/8`, `::1`, `localhost`), reachable
    /// from this machine only.
    public var bindsLoopback: Bool {
        let name = host.lowercased()
        return name == "localhost" || name == "::1" || name == "[::1]" || name.hasPrefix("127.")
    }

    /// What to tell the user about who can reach this server: nothing on loopback; otherwise
    /// that the simulated API is reachable from the network, and whether the admin API is
    /// open to anyone who can reach it.
    public var exposureWarnings: [String] {
        guard !bindsLoopback else { return [] }
        var warnings = [
            "listening on \(host), not loopback: every machine that can reach it can call the simulated API"
        ]
        if adminToken == nil {
            warnings.append(
                "the admin API /__treaty/ (reset, snapshots, faults, the journal) is open to them too; "
                    + "pass --admin-token TOKEN or set TREATY_ADMIN_TOKEN")
        }
        return warnings
    }
}
