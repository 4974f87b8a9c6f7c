public import TreatyDialectKit

extension CloudKitPlugin {
    /// The `CK-*` rules (TreatyCloudKit's article "CloudKit rules"); `treaty check` judges the
    /// record, field, naming, null, reference and error rules on recorded answers.
    public var ruleCatalog: RuleCatalog {
        RuleCatalog(
            rules: [
                RuleDescription(
                    .cloudKitRecord,
                    "a record has `recordName` (its identity), `recordType`, `recordChangeTag`, `fields`, and `created`/`modified` in integer milliseconds",
                    checkedOnPayloads: true, breakages: [
                        "dropsChangeTags", "sharesDataAcrossEnvironments", "freezesModifiedTimestamps", "omitsTheUserRecordName", "requiresRecordNames", "refusesUntypedValues", "dropsTheDeletedFlag", "hidesTheDefaultZone", "ignoresCreateShortGUID",
                    ]),
                RuleDescription(
                    .cloudKitField, "every field is `{\"value\", \"type\"}` with a CloudKit type, the value in that type's form",
                    checkedOnPayloads: true, breakages: [
                        "omitsFieldTypes", "ignoresOperationDesiredKeys", "ignoresNumbersAsStrings", "updatesAsReplace", "acceptsReferencesWithoutAction", "sendsTimestampsInSeconds", "roundsDoubles", "acceptsAssetsWithoutReceipts",
                    ]),
                RuleDescription(
                    .cloudKitFieldName, "field names are the record type's, as the contract names them",
                    checkedOnPayloads: true, breakages: ["renamesFields"]),
                RuleDescription(
                    .cloudKitNull, "a field without a value is left out, never `{\"value\": null}`", checkedOnPayloads: true,
                    breakages: [
                        "sendsNullFields", "ignoresNullValues",
                    ]),
                RuleDescription(
                    .cloudKitReference, "a relationship is a REFERENCE naming the target's `recordName` with an `action`",
                    checkedOnPayloads: true, breakages: ["dropsReferenceActions", "treatsValidateAsNone", "treatsDeleteSelfAsNone"]),
                RuleDescription(
                    .cloudKitChangeTag, "each save gives a new `recordChangeTag`; a stale tag is CONFLICT and writes nothing",
                    checkedOnPayloads: false, breakages: [
                        "ignoresChangeTags", "deletesWithStaleTags", "checksTagsOnForceReplace", "checksTagsOnForceDelete",
                    ]),
                RuleDescription(
                    .cloudKitAtomic, "an atomic batch in a custom zone is all or nothing, the others marked ATOMIC_ERROR",
                    checkedOnPayloads: false, breakages: ["ignoresAtomic", "makesEveryBatchAtomic"]),
                RuleDescription(
                    .cloudKitPaging, "a query page has a `continuationMarker` exactly while more results remain",
                    checkedOnPayloads: false, breakages: [
                        "dropsContinuationMarkers", "readsListContainsAsNot", "keepsOnlyTheLastFilter", "flipsInclusiveComparators", "readsNotInAsIn", "sortsDescendingByDefault", "pagesByHundredByDefault", "ignoresZoneWide", "searchesEveryZoneWithAZoneID",
                    ]),
                RuleDescription(
                    .cloudKitSync, "changes after a token: each record once, deletions `{\"recordName\", \"deleted\": true}`, `syncToken`, `moreComing`",
                    checkedOnPayloads: false, breakages: [
                        "dropsDeletionsFromChanges", "servesTheDefaultZoneFeed", "dropsDeletedZonesFromChanges", "startsChangeFeedsNow",
                    ]),
                RuleDescription(
                    .cloudKitError, "errors are `{\"uuid\", \"serverErrorCode\", \"reason\"}` under the code's HTTP status",
                    checkedOnPayloads: false, breakages: [
                        "answersErrorsWith200", "truncatesLongBatches", "sortsUnsortableFields", "replacesMissingRecords", "refusesTextPlain", "acceptsUnknownAPITokens", "answers401WithoutWebAuth", "overwritesOnCreate", "dropsErrorUUIDs", "acceptsTwoOperationsOnARecord", "answersUnknownZonesWith400", "filtersUnindexedFields", "reversesLookups", "trustsUnknownServerKeys", "skipsSignatureChecks", "ignoresZoneDeletes", "sendsEveryErrorAs400",
                    ]),
            ],
            breakageMatrix: "Tests/TreatyVerifierTests/CloudKitBrokenBackendTests.swift",
            spec: "cloudkit.md", clauses: Self.specClauses)
    }
}
