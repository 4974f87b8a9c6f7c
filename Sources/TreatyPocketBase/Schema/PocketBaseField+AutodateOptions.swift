extension PocketBaseField {
    /// Options of an `autodate` field: when PocketBase stamps it with the current time.
    ///
    /// Values sent by clients are ignored.
    struct AutodateOptions: Sendable, Hashable {
        /// Whether the field is set when a record is created.
        var onCreate: Bool
        /// Whether the field is set on every update.
        var onUpdate: Bool

        /// Creates autodate options.
        ///
        /// - Parameters:
        ///   - onCreate: Whether the field is set on create.
        ///   - onUpdate: Whether the field is set on update.
        init(onCreate: Bool = true, onUpdate: Bool = false) {
            self.onCreate = onCreate
            self.onUpdate = onUpdate
        }
    }
}
