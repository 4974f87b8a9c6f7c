extension PocketBaseField {
    /// Options of a `file` field.
    struct FileOptions: Sendable, Hashable {
        /// How many files the field holds; above 1 it holds a list.
        var maxSelect: Int
        /// The largest file in bytes; 0 means PocketBase's default of 5 MiB.
        var maxSize: Int
        /// The accepted MIME types; empty accepts any.
        var mimeTypes: [String]
        /// The thumbnail sizes served, such as `100x100` or `0x300`.
        var thumbs: [String]
        /// Whether downloads need a file token.
        var protected: Bool

        /// Creates file options.
        ///
        /// - Parameters:
        ///   - maxSelect: How many files the field holds.
        ///   - maxSize: The largest file in bytes; 0 for 5 MiB.
        ///   - mimeTypes: The accepted MIME types.
        ///   - thumbs: The thumbnail sizes.
        ///   - protected: Whether downloads need a file token.
        init(
            maxSelect: Int = 1, maxSize: Int = 0, mimeTypes: [String] = [], thumbs: [String] = [],
            protected: Bool = false
        ) {
            self.maxSelect = maxSelect
            self.maxSize = maxSize
            self.mimeTypes = mimeTypes
            self.thumbs = thumbs
            self.protected = protected
        }
    }
}
