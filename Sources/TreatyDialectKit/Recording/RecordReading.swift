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
