extension PocketBaseField {
    /// Options of a `number` field.
    public struct NumberOptions: Sendable, Hashable {
        /// The smallest non-zero value allowed, or `nil` for none.
        public var min: Double?
        /// The largest non-zero value allowed, or `nil` for none.
        public var max: Double?
        /// Whether decimals are refused.
        public var onlyInt: Bool

        /// Creates number options.
        ///
        /// - Parameters:
        ///   - min: The smallest value, or `nil`.
        ///   - max: The largest value, or `nil`.
        ///   - onlyInt: Whether decimals are refused.
        public init(min: Double? = nil, max: Double? = nil, onlyInt: Bool = false) {
            self.min = min
            self.max = max
            self.onlyInt = onlyInt
        }
    }
}
