internal import Synchronization

extension RecordStore {
    /// The timestamp the store's next change will get, in milliseconds since 1970, without
    /// moving the clock: `max(now, last change + 1 ms)` on the system clock, `last change + 1 ms`
    /// on a fixed one.
    ///
    /// Dialects stamp what they write themselves (a PocketBase record's `created`, a
    /// collection's times) with it, so that `--clock` makes every answer reproducible.
    public func nextChangeTime() -> Int64 {
        reading { $0.nextTimestamp(now: Self.wallClock()) }
    }

    /// The store's present, in milliseconds since 1970: real time on the system clock, the last
    /// change's time on a fixed one (for token expiry, `@now` in filters and seeds).
    public func presentTime() -> Int64 {
        reading { state in
            configuration.clock == .system ? max(state.lastMutation, Self.wallClock()) : state.lastMutation
        }
    }
}
