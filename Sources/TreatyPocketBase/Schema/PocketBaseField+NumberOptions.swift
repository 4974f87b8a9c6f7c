extension PocketBaseField {
    /// Options of a `number` field.
    struct NumberOptions: Sendable, Hashable {
        /// The smallest non-zero value allowed, or `nil` for none.
        var min: Double?
        /// The largest non-zero value allowed, or `nil` for none.
        var max: Double?
        /// Whether decimals are refused.
        var onlyInt: Bool

        /// Creates number options.
        ///
        /// - Parameters:
        ///   - min: The smallest value, or `nil`.
        ///   - max: The largest value, or `nil`.
        ///   - onlyInt: Whether decimals are refused.
        init(min: Double? = nil, max: Double? = nil, onlyInt: Bool = false) {
            self.min = min
            self.max = max
            self.onlyInt = onlyInt
        }
    }
}
