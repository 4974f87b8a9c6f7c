internal import TreatyDialectKit

extension CloudKitPlugin {
    /// The clauses of `shared/dialects/cloudkit.md` that state a server behaviour, in spec order: the
    /// clause → case map `treaty rules --clauses` shows.
    static let specClauses: [SpecClause] = transportClauses + recordClauses + readClauses

    /// §1 URLs and transport, §2 authentication.
    static let transportClauses: [SpecClause] = [
        SpecClause("§1.1", "environment `development` | `production`: separate data and schema"),
        SpecClause("§1.3", "bodies are JSON; any content type is accepted (Apple's samples send `text/plain`)"),
        SpecClause(
            "§1.4", "success is HTTP 200 with the operation dictionary; per-item failures are reported inside it"),
        SpecClause("§1.5", "request-level failures return the error dictionary of §8 with that code's HTTP status"),
        SpecClause(
            "§2.1", "`ckAPIToken` is required; an unknown token is refused (AUTHENTICATION_FAILED 401, or 421 per §12)"),
        SpecClause(
            "§2.2",
            "`private`/`shared` without a web auth token: 421 AUTHENTICATION_REQUIRED whose body carries `redirectURL`"),
        SpecClause(
            "§2.3", "web auth tokens last 30 minutes (2 weeks with \"keep me signed in\")",
            untestable: "a 30-minute wall-clock wait"),
        SpecClause("§2.4", "`GET …/users/current` answers `userRecordName`"),
        SpecClause(
            "§2.5", "a request signed with a server-to-server key ID the container does not know is AUTHENTICATION_FAILED (401)"),
        SpecClause(
            "§2.6",
            "a request under a registered key ID whose signature does not verify (made by another key, or missing) is AUTHENTICATION_FAILED"
        ),
    ]

    /// §3 record dictionary, §4 field values, §5 records/modify.
    static let recordClauses: [SpecClause] = [
        SpecClause("§3.1", "`recordName` omitted on create: the server picks one"),
        SpecClause("§3.2", "`recordChangeTag` gets a new value on every save"),
        SpecClause("§3.3", "`created`/`modified` carry ms since 1970; a save moves `modified`"),
        SpecClause("§3.4", "on create, omitted fields are null: absent in output"),
        SpecClause("§3.5", "`createShortGUID: true` on create asks for a `shortGUID`, which the record then carries"),
        SpecClause(
            "§3.6", "share-related keys (`share`, `parent`, `publicPermission`, `participants`, `owner`, …) exist",
            untestable: "the spec states the keys but no behaviour of them; a share needs a second iCloud user to accept it"),
        SpecClause("§4.1", "`type` may be omitted on input (inferred from the schema); it is always emitted on output"),
        SpecClause("§4.2", "a REFERENCE value is `{\"recordName\", \"zoneID\", \"action\"}`"),
        SpecClause("§4.3", "`numbersAsStrings: true` renders INT64/DOUBLE values as strings"),
        SpecClause("§4.4", "a saved REFERENCE needs its `action` (NONE, DELETE_SELF or VALIDATE); only a query may leave it out"),
        SpecClause(
            "§4.5",
            "each type's wire form: TIMESTAMP integer ms, DOUBLE a number, INT64 an integer, BYTES base64, LOCATION `{latitude, longitude, …}`, `<T>_LIST` an array of the element form"
        ),
        SpecClause(
            "§4.6",
            "VALIDATE: the target must exist when saving, and cannot be deleted while referred to (VALIDATING_REFERENCE_ERROR)"),
        SpecClause("§4.7", "DELETE_SELF: deleting the target also deletes the referring record"),
        SpecClause("§5.1", "create: the record must not exist (EXISTS)"),
        SpecClause(
            "§5.2",
            "update: `recordChangeTag` must equal the current one, else CONFLICT, nothing written; a missing record is NOT_FOUND"
        ),
        SpecClause("§5.3", "forceUpdate: no tag check"),
        SpecClause("§5.4", "update changes only the given fields; replace nulls every unspecified field"),
        SpecClause("§5.5", "delete: the tag must be current, else CONFLICT"),
        SpecClause("§5.6", "a field `{\"value\": null}` clears it"),
        SpecClause(
            "§5.7",
            "a success entry is the full record, its fields filtered by `desiredKeys` (the per-operation value wins)"),
        SpecClause("§5.8", "delete success: `{\"recordName\", \"deleted\": true}`"),
        SpecClause(
            "§5.9", "a failure entry is `{\"recordName\", \"reason\", \"serverErrorCode\", \"uuid\"}` under HTTP 200"),
        SpecClause("§5.10", "one operation per record per request (a duplicate is BAD_REQUEST)"),
        SpecClause(
            "§5.11",
            "atomic: if any operation fails nothing is written; the failing entry shows its code, every other ATOMIC_ERROR"
        ),
        SpecClause("§5.12", "non-atomic (`atomic: false`): independent successes and failures"),
        SpecClause("§5.13", "an unknown zone is ZONE_NOT_FOUND (404)"),
        SpecClause("§5.14", "replace of a missing record: NOT_FOUND"),
        SpecClause("§5.15", "at most 200 operations per request; over the limit is BAD_REQUEST"),
        SpecClause("§5.16", "forceReplace: no tag check; a missing record is created"),
        SpecClause("§5.17", "forceDelete: no tag check"),
    ]

    /// §6 records/query, §7 lookup, changes and zones, §8 errors, §12 settled points.
    static let readClauses: [SpecClause] = [
        SpecClause("§6.1", "`continuationMarker` is present only when more results exist; resending with it continues"),
        SpecClause("§6.2", "`resultsLimit` default and maximum is 200"),
        SpecClause("§6.3", "filters are AND-ed"),
        SpecClause(
            "§6.4",
            "EQUALS, NOT_EQUALS, LESS_THAN(_OR_EQUALS), GREATER_THAN(_OR_EQUALS) compare scalars; BEGINS_WITH is a prefix"
        ),
        SpecClause("§6.5", "IN and NOT_IN: the field value is (not) in the given list"),
        SpecClause("§6.6", "sorting: `ascending` defaults to true"),
        SpecClause("§6.7", "filtering needs a QUERYABLE index, otherwise BAD_REQUEST"),
        SpecClause("§6.8", "LIST_CONTAINS: the list field has the value"),
        SpecClause("§6.9", "sorting needs a SORTABLE index, otherwise BAD_REQUEST"),
        SpecClause("§6.10", "`zoneWide: true` searches all zones when `zoneID` is absent"),
        SpecClause("§7.1", "records/lookup answers in request order; a missing record is a NOT_FOUND entry (HTTP 200)"),
        SpecClause("§7.2", "records/lookup honours `desiredKeys`"),
        SpecClause("§7.3", "records/changes serves custom zones only: the default zone is BAD_REQUEST"),
        SpecClause(
            "§7.4",
            "each changed record appears once in its latest state; deletions as `{\"recordName\", \"deleted\": true}`"),
        SpecClause("§7.5", "while `moreComing` is true, call again with the returned token (resultsLimit pages)"),
        SpecClause(
            "§7.6",
            "`GET zones/list` always includes `_defaultZone`; zones/lookup of a missing zone is a ZONE_NOT_FOUND entry"),
        SpecClause(
            "§7.7",
            "zones/modify creates and deletes zones, one operation per zone; deleting a zone deletes its records"),
        SpecClause(
            "§7.8", "zones/changes lists the zones created or deleted after the `syncToken`, a deleted one with `deleted: true`"),
        SpecClause("§7.9", "records/changes without a `syncToken` answers everything since the zone's creation"),
        SpecClause("§8.1", "BAD_REQUEST (malformed request) is HTTP 400"),
        SpecClause(
            "§8.2",
            "each request-level serverErrorCode comes with its HTTP status (AUTHENTICATION_FAILED 401, AUTHENTICATION_REQUIRED 421, BAD_REQUEST 400, ZONE_NOT_FOUND 404, …)"
        ),
        SpecClause(
            "§8.3", "ACCESS_DENIED 403, QUOTA_EXCEEDED 413, THROTTLED 429, TRY_AGAIN_LATER 503, INTERNAL_ERROR 500",
            untestable: "a client cannot make a server deny, run out of quota, throttle or fail on purpose"),
        SpecClause("§12.2", "every per-record error dictionary carries a `uuid`, in lookup answers too"),
        SpecClause(
            "§12.3",
            "a missing `ckAPIToken` answers 421 AUTHENTICATION_REQUIRED (401 AUTHENTICATION_FAILED is acceptable)"),
        SpecClause("§12.4", "creating a record whose name exists answers EXISTS"),
        SpecClause(
            "§12.5", "saving an ASSETID field requires the upload `receipt` an asset upload returned; without one BAD_REQUEST"),
        SpecClause("§12.6", "`zoneWide` is ignored when a `zoneID` is given"),
    ]
}
