import TreatyCore

extension RuleID {
    /// `CK-REC-1`: a record dictionary has its identity — `recordName` — with `recordType`,
    /// `recordChangeTag`, a `fields` dictionary, `created`/`modified` with integer millisecond
    /// timestamps, and `zoneID`.
    static let cloudKitRecord: RuleID = "CK-REC-1"
    /// `CK-FIELD-1`: every field is `{"value": …, "type": …}` with one of CloudKit's types, and
    /// the value has that type's form (INT64 an integer, TIMESTAMP integer milliseconds, …).
    static let cloudKitField: RuleID = "CK-FIELD-1"
    /// `CK-NAME-1`: field names are the record type's fields, as the contract names them; a
    /// field the contract does not declare is reported.
    static let cloudKitFieldName: RuleID = "CK-NAME-1"
    /// `CK-NULL-1`: a field without a value is absent — never `{"value": null}`; an empty value
    /// (`""`, `[]`) is a value and is kept.
    static let cloudKitNull: RuleID = "CK-NULL-1"
    /// `CK-REF-1`: a relationship is a REFERENCE (or REFERENCE_LIST) whose value names the
    /// target's `recordName` and an `action` of NONE, DELETE_SELF or VALIDATE.
    static let cloudKitReference: RuleID = "CK-REF-1"
    /// `CK-TAG-1`: every save gives the record a new `recordChangeTag`; an `update`, `replace`
    /// or `delete` with a stale tag fails with CONFLICT and writes nothing.
    static let cloudKitChangeTag: RuleID = "CK-TAG-1"
    /// `CK-ATOM-1`: an atomic batch in a custom zone is all or nothing: one failing operation
    /// leaves every record as it was and marks the others ATOMIC_ERROR.
    static let cloudKitAtomic: RuleID = "CK-ATOM-1"
    /// `CK-PAGE-1`: `records/query` answers at most `resultsLimit` records, with a
    /// `continuationMarker` exactly while more remain; following it visits every match once.
    static let cloudKitPaging: RuleID = "CK-PAGE-1"
    /// `CK-SYNC-1`: `records/changes` after a sync token answers each changed record once in
    /// its latest state, deletions as `{"recordName", "deleted": true}`, a new `syncToken` and
    /// `moreComing`.
    static let cloudKitSync: RuleID = "CK-SYNC-1"
    /// `CK-ERR-1`: an error is `{"uuid", "serverErrorCode", "reason"}` with a CloudKit code,
    /// under the HTTP status of that code (or inside a 200 answer as a per-item entry).
    static let cloudKitError: RuleID = "CK-ERR-1"

    /// Every CloudKit rule, in documentation order.
    static let cloudKitRules: [RuleID] = [
        .cloudKitRecord, .cloudKitField, .cloudKitFieldName, .cloudKitNull, .cloudKitReference, .cloudKitChangeTag,
        .cloudKitAtomic, .cloudKitPaging, .cloudKitSync, .cloudKitError,
    ]
}
