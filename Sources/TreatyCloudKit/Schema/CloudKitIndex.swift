/// An index of a record type's field: what makes it usable in `filterBy` and `sortBy`
/// (cloudkit.md §6: filtering needs QUERYABLE, sorting SORTABLE, token comparators SEARCHABLE).
enum CloudKitIndex: String, Sendable, Hashable, CaseIterable {
    case queryable
    case sortable
    case searchable
}
