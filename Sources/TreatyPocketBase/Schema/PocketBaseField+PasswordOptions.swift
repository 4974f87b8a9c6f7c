extension PocketBaseField {
    /// Options of a `password` field (bcrypt-hashed; never returned).
    struct PasswordOptions: Sendable, Hashable {
        /// The fewest characters.
        var min: Int
        /// The most characters; 0 means bcrypt's limit of 71.
        var max: Int
        /// The bcrypt cost; 0 for the default.
        var cost: Int
        /// A regular expression passwords must match; `""` for none.
        var pattern: String

        /// Creates password options.
        ///
        /// - Parameters:
        ///   - min: The fewest characters.
        ///   - max: The most characters; 0 for 71.
        ///   - cost: The bcrypt cost; 0 for the default.
        ///   - pattern: The pattern passwords must match.
        init(min: Int = 0, max: Int = 0, cost: Int = 0, pattern: String = "") {
            self.min = min
            self.max = max
            self.cost = cost
            self.pattern = pattern
        }

        /// The effective maximum: ``max``, or 71 when it is 0 or less.
        var effectiveMax: Int { max <= 0 ? 71 : max }
    }
}
