extension PocketBaseField {
    /// Options of a `text` field.
    struct TextOptions: Sendable, Hashable {
        /// The fewest characters (not bytes) a non-empty value may have; 0 for no limit.
        var min: Int
        /// The most characters a value may have; 0 means PocketBase's default of 5000.
        var max: Int
        /// A regular expression non-empty values must match; `""` for none.
        var pattern: String
        /// A regular expression PocketBase generates a value from on create when none is sent.
        var autogeneratePattern: String
        /// Whether this is the collection's `id` field.
        var primaryKey: Bool

        /// Creates text options.
        ///
        /// - Parameters:
        ///   - min: The fewest characters; 0 for no limit.
        ///   - max: The most characters; 0 for 5000.
        ///   - pattern: The pattern values must match.
        ///   - autogeneratePattern: The pattern new values are generated from.
        ///   - primaryKey: Whether the field is the primary key.
        init(
            min: Int = 0, max: Int = 0, pattern: String = "", autogeneratePattern: String = "", primaryKey: Bool = false
        ) {
            self.min = min
            self.max = max
            self.pattern = pattern
            self.autogeneratePattern = autogeneratePattern
            self.primaryKey = primaryKey
        }

        /// The effective maximum: ``max``, or 5000 when it is 0.
        var effectiveMax: Int { max == 0 ? 5_000 : max }
    }
}
