/// Reads every record a live backend holds, through the dialect's own list endpoints and
/// paging, as canonical records: what `treaty record` writes as a fixture set.
///
/// Conformers must guarantee that the reader only sends reads (`GET` requests, or the `POST`
/// queries of a dialect that reads that way) and the dialect's login and logout, when it needs
/// a session; reads every page of every list through a ``PageWalk`` (so a page loop ends with a
/// ``RecordingFailure`` naming the endpoint), stops once
/// ``RecordingSession/isFull``, keeps records in the canonical form the dialect's fixture loader
/// reads, and says through ``RecordingSession/skip(_:because:)`` what it leaves out. A dialect
/// that cannot read a live backend yet keeps the default, which returns `nil`.
///
/// A spy that records (`treaty serve --spy URL --record`) reads the records of each answer it
/// forwards with ``records(forwardedIn:)``: conformers return them in the same canonical form
/// the reader keeps, and only from successful reads of the dialect's own record routes (a
/// record, a list or a query of records), never from a login or a write. A dialect that cannot
/// keeps the default, which reads none.
public protocol RecordReading: SuiteGenerating {
    /// The reader of a live backend's records, or `nil` when the dialect cannot record.
    ///
    /// - Parameters:
    ///   - environment: The live environment to read credentials from.
    ///   - options: The dialect's own `treaty verify` options, parsed and checked.
    /// - Returns: The reader, or `nil` when the dialect cannot record.
    /// - Throws: ``DialectSetupError`` when the credentials or options are unusable.
    func recordReader(environment: VerificationEnvironment, options: VerifyOptions) throws(DialectSetupError)
        -> RecordReader?

    /// The records a live backend's answer to a read holds, as the store keeps them.
    ///
    /// - Parameter answer: The forwarded request and the live backend's answer.
    /// - Returns: The records, each with the store resource it belongs to; empty when the
    ///   answer is not a successful read of records.
    func records(forwardedIn answer: ForwardedAnswer) -> [ForwardedRecord]
}

extension RecordReading {
    /// No reader: the dialect cannot record from a live backend.
    ///
    /// - Parameters:
    ///   - environment: Unused.
    ///   - options: Unused.
    /// - Returns: `nil`.
    public func recordReader(environment: VerificationEnvironment, options: VerifyOptions) -> RecordReader? {
        nil
    }

    /// No records: the dialect does not read forwarded answers.
    ///
    /// - Parameter answer: Unused.
    /// - Returns: An empty list.
    public func records(forwardedIn answer: ForwardedAnswer) -> [ForwardedRecord] {
        []
    }

    /// The reader with the options this dialect declares among `arguments`, as `treaty record`
    /// takes them; the others are left alone.
    ///
    /// - Parameters:
    ///   - environment: The live environment to read credentials from.
    ///   - arguments: The command-line options no common option took.
    /// - Returns: The reader, or `nil` when the dialect cannot record.
    /// - Throws: ``DialectSetupError`` when the options or credentials are unusable.
    public func recordReader(environment: VerificationEnvironment, arguments: [String]) throws(DialectSetupError)
        -> RecordReader?
    {
        try recordReader(environment: environment, options: VerifyOptions.parsing(claimedFrom: arguments).options)
    }
}
