extension PocketBaseField {
    /// Options of a `select` field.
    public struct SelectOptions: Sendable, Hashable {
        /// The values that may be chosen.
        public var values: [String]
        /// How many values may be chosen; above 1 the field holds a list.
        public var maxSelect: Int

        /// Creates select options.
        ///
        /// - Parameters:
        ///   - values: The values that may be chosen.
        ///   - maxSelect: How many may be chosen.
        public init(values: [String], maxSelect: Int = 1) {
            self.values = values
            self.maxSelect = maxSelect
        }
    }
}
