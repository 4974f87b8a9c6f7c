extension PocketBaseField {
    /// Options of a `select` field.
    struct SelectOptions: Sendable, Hashable {
        /// The values that may be chosen.
        var values: [String]
        /// How many values may be chosen; above 1 the field holds a list.
        var maxSelect: Int

        /// Creates select options.
        ///
        /// - Parameters:
        ///   - values: The values that may be chosen.
        ///   - maxSelect: How many may be chosen.
        init(values: [String], maxSelect: Int = 1) {
            self.values = values
            self.maxSelect = maxSelect
        }
    }
}
