/// The bounds of PocketBase's realtime API, and the simulator's bound on a slow client.
struct PocketBaseRealtimeLimits: Sendable {
    /// A stream with no event for this long is ended (PocketBase's `IdleTimeout`, 5 minutes).
    var idleTimeout: Duration = .seconds(5 * 60)
    /// A stream is ended after this long in all (PocketBase's `MaxTimeout`, 30 minutes).
    var maxDuration: Duration = .seconds(30 * 60)
    /// The most bytes of events queued for one client before it is dropped. PocketBase queues
    /// without bound (one goroutine per undelivered message); the simulator drops the client
    /// instead, as a client that stops reading would eventually be dropped by the idle timeout.
    var queueCapacity = 1 << 20
    /// The most subscriptions one request may set (PocketBase's form validation).
    var maxSubscriptions = 1000
    /// The longest topic, in characters.
    var maxTopicLength = 2500
    /// The longest client id, in characters.
    var maxClientIdLength = 255
}
