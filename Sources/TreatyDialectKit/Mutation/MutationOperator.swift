/// A shared mutation operator: one kind of plausible backend bug that every dialect can suffer,
/// applied at the sites a ``MutationAnatomy`` describes.
///
/// The raw value is the operator's part of a mutant id (`<prefix>-<operator>:<site>`).
public enum MutationOperator: String, Sendable, Hashable, CaseIterable {
    /// A declared key left out of a resource's records.
    case dropKey = "drop-key"
    /// A key sent in another letter case (`display_name` as `displayName`).
    case recaseKey = "recase-key"
    /// Null values left out instead of sent as `null`.
    case nullAsMissing = "null-as-missing"
    /// Empty lists sent as `null`.
    case emptyAsNull = "empty-as-null"
    /// Numbers sent as strings.
    case numberAsText = "number-as-text"
    /// Timestamps without their fraction of a second.
    case timestampWithoutFraction = "timestamp-without-fraction"
    /// Timestamps without their zone.
    case timestampWithoutZone = "timestamp-without-zone"
    /// Identities in another shape (letter case flipped, or numbers as text).
    case idReshaped = "id-reshaped"
    /// A reference sent as the expanded object instead of its id.
    case referenceExpanded = "reference-expanded"
    /// A list of references sent as its first id alone.
    case listAsSingle = "list-as-single"
    /// A relation's key renamed beyond its letter case (`owner_id` as `owner`, `tag_ids` as
    /// `tags`).
    case keyRenamed = "key-renamed"
    /// Ties of a list's declared order broken the other way.
    case orderUnstable = "order-unstable"
    /// A list answered in reverse order.
    case reversedOrder = "reversed-order"
    /// A page one record short.
    case pageShort = "page-short"
    /// A page one record long (the last record twice).
    case pageLong = "page-long"
    /// A total off by one.
    case totalOffByOne = "total-off-by-one"
    /// The marker of the next or last page wrong.
    case pageMarkerWrong = "page-marker-wrong"
    /// Tombstones left out of a change feed.
    case tombstoneDropped = "tombstone-dropped"
    /// A parameter ignored.
    case parameterIgnored = "parameter-ignored"
    /// A limit, offset or page number taken one too high.
    case parameterOffByOne = "parameter-off-by-one"
    /// A change-feed boundary taken inclusively instead of exclusively.
    case boundaryFlipped = "boundary-flipped"
    /// A write acknowledged but not applied.
    case writeNotApplied = "write-not-applied"
    /// A write applied twice.
    case writeAppliedTwice = "write-applied-twice"
    /// A write that stores one key of its body less than it answers.
    case writeAppliedPartially = "write-applied-partially"
    /// A write to a deleted record that succeeds (and brings it back) instead of not finding it.
    case writeAppliedToDeleted = "write-applied-to-deleted"
    /// A write applied to another record of the same resource.
    case writeAppliedToWrongRecord = "write-applied-to-wrong-record"
    /// A concurrency token not bumped in a write's answer.
    case tokenNotBumped = "token-not-bumped"
    /// A concurrency token bumped twice: a write's answer carries one past the stored token.
    case tokenBumpedTwice = "token-bumped-twice"
    /// A write with a stale concurrency token applied instead of refused as a conflict.
    case conflictNotRaised = "conflict-not-raised"
    /// Each sort's direction inverted.
    case sortInverted = "sort-inverted"
    /// A filter's boundaries flipped between inclusive and exclusive (`>` ↔ `>=`, `<` ↔ `<=`).
    case filterBoundaryFlipped = "filter-boundary-flipped"
    /// Error answers with another status.
    case errorStatus = "error-status"
    /// Error answers without the dialect's error envelope.
    case errorEnvelope = "error-envelope"
    /// A request refused for its credentials (or hidden by an access rule) answered as if a
    /// signed-in user had sent it.
    case credentialAccepted = "credential-accepted"
    /// Error answers with the envelope kept but another of the dialect's error codes.
    case errorCodeChanged = "error-code-changed"

    /// One line on the bug the operator makes.
    public var summary: String {
        switch self {
        case .dropKey: "a declared key is left out of records"
        case .recaseKey: "a key is sent in another letter case"
        case .nullAsMissing: "null values are left out instead of sent as null"
        case .emptyAsNull: "empty lists are sent as null"
        case .numberAsText: "numbers are sent as strings"
        case .timestampWithoutFraction: "timestamps lose their fraction of a second"
        case .timestampWithoutZone: "timestamps lose their zone"
        case .idReshaped: "identities change shape"
        case .referenceExpanded: "a reference is sent as an object instead of its id"
        case .listAsSingle: "a list of references is sent as one id"
        case .keyRenamed: "a relation's key loses its id suffix"
        case .orderUnstable: "ties in a list's order are broken the other way"
        case .reversedOrder: "a list comes in reverse order"
        case .pageShort: "a page is one record short"
        case .pageLong: "a page is one record long"
        case .totalOffByOne: "a total is off by one"
        case .pageMarkerWrong: "the page marker is wrong"
        case .tombstoneDropped: "tombstones are left out of the change feed"
        case .parameterIgnored: "a parameter is ignored"
        case .parameterOffByOne: "a limit, offset or page is off by one"
        case .boundaryFlipped: "a change-feed boundary is inclusive instead of exclusive"
        case .writeNotApplied: "a write is acknowledged but not applied"
        case .writeAppliedTwice: "a write is applied twice"
        case .writeAppliedPartially: "a write stores one key less than its answer claims"
        case .writeAppliedToDeleted: "a write to a deleted record succeeds instead of not finding it"
        case .writeAppliedToWrongRecord: "a write changes another record of the resource"
        case .tokenNotBumped: "a write's answer does not bump the concurrency token"
        case .tokenBumpedTwice: "a write's answer bumps the concurrency token twice"
        case .conflictNotRaised: "a write with a stale concurrency token is applied instead of refused"
        case .sortInverted: "each sort's direction is inverted"
        case .filterBoundaryFlipped: "a filter's boundaries flip between inclusive and exclusive"
        case .errorStatus: "errors come with another status"
        case .errorEnvelope: "errors come without the error envelope"
        case .credentialAccepted: "a request that should be refused for its credentials is served"
        case .errorCodeChanged: "errors come with another of the dialect's codes"
        }
    }
}
