extension RFC3339Timestamp {
    /// The relatives of RFC 3339's `date-time` a reader accepts besides the strict form
    /// `2025-01-01T09:00:00[.fff](Z|+hh:mm)`.
    public struct Grammar: OptionSet, Sendable, Hashable {
        /// The raw option bits.
        public let rawValue: Int

        /// Creates a grammar from raw option bits.
        ///
        /// - Parameter rawValue: The bits.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// `t` and `z` as well as `T` and `Z` (RFC 3339 allows both).
        public static let lowercase = Grammar(rawValue: 1 << 0)
        /// A space between date and time (`2025-01-01 09:00:00Z`).
        public static let spaceSeparator = Grammar(rawValue: 1 << 1)
        /// A date alone (`2025-01-01`), read as midnight.
        public static let dateOnly = Grammar(rawValue: 1 << 2)
        /// No zone at all, read as UTC (``RFC3339Timestamp/offsetSeconds`` is `nil`).
        public static let missingZone = Grammar(rawValue: 1 << 3)
        /// An offset without its colon (`+0700`).
        public static let compactOffset = Grammar(rawValue: 1 << 4)
        /// A comma before the fraction (`09:00:00,5`).
        public static let commaFraction = Grammar(rawValue: 1 << 5)
        /// A time without seconds (`2025-01-01T09:00Z`), read as second 0; it has no fraction.
        public static let omittedSeconds = Grammar(rawValue: 1 << 6)
        /// An offset of whole hours without minutes (`+01`), as ISO 8601 allows.
        public static let hourOffset = Grammar(rawValue: 1 << 7)
    }
}
