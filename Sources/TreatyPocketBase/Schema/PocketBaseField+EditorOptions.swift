extension PocketBaseField {
    /// Options of an `editor` (rich text) field.
    struct EditorOptions: Sendable, Hashable {
        /// The largest value in bytes; 0 means PocketBase's default of 5 MiB.
        var maxSize: Int
        /// Whether the admin UI's editor converts URLs to relative ones.
        var convertURLs: Bool

        /// Creates editor options.
        ///
        /// - Parameters:
        ///   - maxSize: The largest value in bytes; 0 for 5 MiB.
        ///   - convertURLs: Whether the editor converts URLs.
        init(maxSize: Int = 0, convertURLs: Bool = false) {
            self.maxSize = maxSize
            self.convertURLs = convertURLs
        }

        /// The effective limit: ``maxSize``, or 5,242,880 when it is 0.
        var effectiveMaxSize: Int { maxSize <= 0 ? 5 << 20 : maxSize }
    }
}
