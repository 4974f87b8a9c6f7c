extension PocketBaseField {
    /// Options of a `relation` field.
    struct RelationOptions: Sendable, Hashable {
        /// The id of the related collection.
        var collectionId: String
        /// Whether deleting a related record deletes the records pointing at it.
        var cascadeDelete: Bool
        /// The fewest related records a non-empty value must have; 0 for no limit.
        var minSelect: Int
        /// How many records may be related; above 1 the field holds a list of ids.
        var maxSelect: Int

        /// Creates relation options.
        ///
        /// - Parameters:
        ///   - collectionId: The related collection's id.
        ///   - cascadeDelete: Whether deletes cascade.
        ///   - minSelect: The fewest related records.
        ///   - maxSelect: The most related records.
        init(collectionId: String, cascadeDelete: Bool = false, minSelect: Int = 0, maxSelect: Int = 1) {
            self.collectionId = collectionId
            self.cascadeDelete = cascadeDelete
            self.minSelect = minSelect
            self.maxSelect = maxSelect
        }
    }
}
