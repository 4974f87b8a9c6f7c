extension PocketBaseField {
    /// Options of a `json` field.
    struct JSONOptions: Sendable, Hashable {
        /// The largest serialized value in bytes; 0 means PocketBase's default of 1 MiB.
        var maxSize: Int

        /// Creates JSON options.
        ///
        /// - Parameter maxSize: The largest serialized value in bytes; 0 for 1 MiB.
        init(maxSize: Int = 0) {
            self.maxSize = maxSize
        }

        /// The effective limit: ``maxSize``, or 1,048,576 when it is 0.
        var effectiveMaxSize: Int { maxSize <= 0 ? 1 << 20 : maxSize }
    }
}
