/// What a simulator sends to a live backend instead of answering itself: the modes of
/// `treaty serve --spy URL` and `treaty serve --validate URL`.
public struct PassThrough: Sendable {
    /// Which requests go to the live backend.
    public enum Mode: Sendable, Hashable {
        /// The simulator answers what its store holds; a request the dialect answers with 404
        /// (an unknown route, collection or record), 405 (a method the route does not take) or
        /// another answer it says means a missing record
        /// (``TreatyDialect/Dialect/lacksRecords(_:for:)``) goes to the live backend instead,
        /// and its answer is passed on.
        case spy
        /// Every request goes to the live backend, and each answer is judged against the
        /// contract (``AnswerValidator``) before it is passed on, unchanged.
        case validate
    }

    /// Which requests go to the live backend.
    public var mode: Mode
    /// The live backend.
    public var backend: LiveBackend
    /// The judge of forwarded answers; `nil` passes them on unjudged.
    public var validator: AnswerValidator?
    /// Where a spy keeps forwarded requests no contract endpoint accepts, as stub routes
    /// (`--record`); `nil` keeps nothing.
    public var recorder: RouteRecorder?
    /// Where a spy keeps the records of forwarded answers to the dialect's own reads
    /// (`--record`): they join the store; `nil` keeps none.
    public var absorber: RecordAbsorber?

    /// Creates a pass-through.
    ///
    /// - Parameters:
    ///   - mode: Which requests go to the live backend.
    ///   - backend: The live backend.
    ///   - validator: The judge of forwarded answers, if any.
    ///   - recorder: Where a spy records routes outside the dialect, if anywhere.
    ///   - absorber: Where a spy keeps the records of forwarded dialect reads, if anywhere.
    public init(
        mode: Mode, backend: LiveBackend, validator: AnswerValidator? = nil, recorder: RouteRecorder? = nil,
        absorber: RecordAbsorber? = nil
    ) {
        self.mode = mode
        self.backend = backend
        self.validator = validator
        self.recorder = recorder
        self.absorber = absorber
    }
}
