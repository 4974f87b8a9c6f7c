extension PocketBaseField {
    /// Options of a `date` field.
    struct DateOptions: Sendable, Hashable {
        /// The earliest date accepted, or `nil` for none.
        var min: PocketBaseDateTime?
        /// The latest date accepted, or `nil` for none.
        var max: PocketBaseDateTime?

        /// Creates date options.
        ///
        /// - Parameters:
        ///   - min: The earliest date, or `nil`.
        ///   - max: The latest date, or `nil`.
        init(min: PocketBaseDateTime? = nil, max: PocketBaseDateTime? = nil) {
            self.min = min
            self.max = max
        }
    }
}
