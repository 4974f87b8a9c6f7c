import TreatyCore

extension RuleID {
    /// `PB-LIST-1`: a list answer is `{page, perPage, totalItems, totalPages, items}` with
    /// integer counts and an array of records.
    static let pocketBaseList: RuleID = "PB-LIST-1"
    /// `PB-REC-1`: a record carries `collectionId` and `collectionName` of its collection and an
    /// `id` of 15 characters `[a-z0-9]`.
    static let pocketBaseRecord: RuleID = "PB-REC-1"
    /// `PB-FIELD-1`: every declared field that is not hidden is present.
    static let pocketBaseField: RuleID = "PB-FIELD-1"
    /// `PB-TYPE-1`: each value has its field type's JSON type, and empty values are the type's
    /// zero (`""`, `0`, `false`, `[]`), never `null` (except in `json` fields).
    static let pocketBaseType: RuleID = "PB-TYPE-1"
    /// `PB-DATE-1`: datetimes are UTC with milliseconds, `2006-01-02 15:04:05.000Z`.
    static let pocketBaseDate: RuleID = "PB-DATE-1"
    /// `PB-HIDE-1`: `password` and `tokenKey` never appear; `email` only when visible.
    static let pocketBaseHidden: RuleID = "PB-HIDE-1"
    /// `PB-ERR-1`: an error body is `{status, message, data}` with the reply's status, a message
    /// and an object of field errors.
    static let pocketBaseError: RuleID = "PB-ERR-1"

    /// Every PocketBase conformance rule, in documentation order.
    static let pocketBaseRules: [RuleID] = [
        .pocketBaseList, .pocketBaseRecord, .pocketBaseField, .pocketBaseType, .pocketBaseDate, .pocketBaseHidden,
        .pocketBaseError,
    ]
}
