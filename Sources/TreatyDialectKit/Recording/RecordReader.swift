/// How one dialect reads a live backend's records: a value the dialect returns
/// (``RecordReading/recordReader(environment:options:)``) and the recorder runs with a
/// ``RecordingSession``.
public struct RecordReader: Sendable {
    /// Reads every record through the session; throws ``RecordingFailure`` when it cannot go on.
    package let read: @Sendable (RecordingSession) async throws -> Void

    /// Creates a reader.
    ///
    /// - Parameter read: Sends the dialect's list requests through the session, keeps each
    ///   record with ``RecordingSession/keep(_:in:)``, and throws ``RecordingFailure`` (or lets
    ///   the session's own failures through) when it cannot go on.
    public init(read: @escaping @Sendable (RecordingSession) async throws -> Void) {
        self.read = read
    }
}
