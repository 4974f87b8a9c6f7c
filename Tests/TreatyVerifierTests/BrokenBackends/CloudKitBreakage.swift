import Testing
import TreatyCore

@testable import TreatyCloudKit

/// One way a CloudKit backend gets CloudKit Web Services wrong, and the CK rule the generated
/// suites must fail it with.
enum CloudKitBreakage: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case dropsChangeTags
    case omitsFieldTypes
    case renamesFields
    case sendsNullFields
    case dropsReferenceActions
    case ignoresChangeTags
    case ignoresAtomic
    case dropsContinuationMarkers
    case dropsDeletionsFromChanges
    case answersErrorsWith200
    case refusesTextPlain
    case acceptsUnknownAPITokens
    case answers401WithoutWebAuth
    case omitsTheUserRecordName
    case requiresRecordNames
    case refusesUntypedValues
    case ignoresNumbersAsStrings
    case overwritesOnCreate
    case updatesAsReplace
    case deletesWithStaleTags
    case ignoresNullValues
    case dropsTheDeletedFlag
    case dropsErrorUUIDs
    case acceptsTwoOperationsOnARecord
    case answersUnknownZonesWith400
    case keepsOnlyTheLastFilter
    case flipsInclusiveComparators
    case readsNotInAsIn
    case sortsDescendingByDefault
    case filtersUnindexedFields
    case reversesLookups
    case servesTheDefaultZoneFeed
    case hidesTheDefaultZone
    case freezesModifiedTimestamps
    case ignoresOperationDesiredKeys
    case makesEveryBatchAtomic
    case replacesMissingRecords
    case readsListContainsAsNot
    case sortsUnsortableFields
    case sharesDataAcrossEnvironments
    case truncatesLongBatches
    case acceptsReferencesWithoutAction
    case ignoresCreateShortGUID
    case trustsUnknownServerKeys
    case skipsSignatureChecks
    case sendsTimestampsInSeconds
    case roundsDoubles
    case treatsValidateAsNone
    case treatsDeleteSelfAsNone
    case checksTagsOnForceReplace
    case checksTagsOnForceDelete
    case pagesByHundredByDefault
    case ignoresZoneWide
    case ignoresZoneDeletes
    case dropsDeletedZonesFromChanges
    case startsChangeFeedsNow
    case sendsEveryErrorAs400
    case acceptsAssetsWithoutReceipts
    case searchesEveryZoneWithAZoneID

    /// Whether the breakage breaks one clause of cloudkit.md (``BrokenCloudKitDialect`` rewrites
    /// it in its own extension).
    var breaksAClause: Bool { Self.clauseBreakages.contains(self) }

    static let clauseBreakages: [CloudKitBreakage] = [
        .refusesTextPlain,
        .acceptsUnknownAPITokens,
        .answers401WithoutWebAuth,
        .omitsTheUserRecordName,
        .requiresRecordNames,
        .refusesUntypedValues,
        .ignoresNumbersAsStrings,
        .overwritesOnCreate,
        .updatesAsReplace,
        .deletesWithStaleTags,
        .ignoresNullValues,
        .dropsTheDeletedFlag,
        .dropsErrorUUIDs,
        .acceptsTwoOperationsOnARecord,
        .answersUnknownZonesWith400,
        .keepsOnlyTheLastFilter,
        .flipsInclusiveComparators,
        .readsNotInAsIn,
        .sortsDescendingByDefault,
        .filtersUnindexedFields,
        .reversesLookups,
        .servesTheDefaultZoneFeed,
        .hidesTheDefaultZone,
        .freezesModifiedTimestamps,
        .ignoresOperationDesiredKeys,
        .makesEveryBatchAtomic,
        .replacesMissingRecords,
        .readsListContainsAsNot,
        .sortsUnsortableFields,
        .sharesDataAcrossEnvironments,
        .truncatesLongBatches,
        .acceptsReferencesWithoutAction,
        .ignoresCreateShortGUID,
        .trustsUnknownServerKeys,
        .skipsSignatureChecks,
        .sendsTimestampsInSeconds,
        .roundsDoubles,
        .treatsValidateAsNone,
        .treatsDeleteSelfAsNone,
        .checksTagsOnForceReplace,
        .checksTagsOnForceDelete,
        .pagesByHundredByDefault,
        .ignoresZoneWide,
        .ignoresZoneDeletes,
        .dropsDeletedZonesFromChanges,
        .startsChangeFeedsNow,
        .sendsEveryErrorAs400,
        .acceptsAssetsWithoutReceipts,
        .searchesEveryZoneWithAZoneID,
    ]

    var expectedRule: RuleID {
        switch self {
        case .dropsChangeTags: .cloudKitRecord
        case .omitsFieldTypes: .cloudKitField
        case .renamesFields: .cloudKitFieldName
        case .sendsNullFields: .cloudKitNull
        case .dropsReferenceActions: .cloudKitReference
        case .ignoresChangeTags: .cloudKitChangeTag
        case .ignoresAtomic: .cloudKitAtomic
        case .dropsContinuationMarkers: .cloudKitPaging
        case .dropsDeletionsFromChanges: .cloudKitSync
        case .answersErrorsWith200: .cloudKitError
        case .refusesTextPlain: .cloudKitError
        case .acceptsUnknownAPITokens: .cloudKitError
        case .answers401WithoutWebAuth: .cloudKitError
        case .omitsTheUserRecordName: .cloudKitRecord
        case .requiresRecordNames: .cloudKitRecord
        case .refusesUntypedValues: .cloudKitRecord
        case .ignoresNumbersAsStrings: .cloudKitField
        case .overwritesOnCreate: .cloudKitError
        case .updatesAsReplace: .cloudKitField
        case .deletesWithStaleTags: .cloudKitChangeTag
        case .ignoresNullValues: .cloudKitNull
        case .dropsTheDeletedFlag: .cloudKitRecord
        case .dropsErrorUUIDs: .cloudKitError
        case .acceptsTwoOperationsOnARecord: .cloudKitError
        case .answersUnknownZonesWith400: .cloudKitError
        case .keepsOnlyTheLastFilter: .cloudKitPaging
        case .flipsInclusiveComparators: .cloudKitPaging
        case .readsNotInAsIn: .cloudKitPaging
        case .sortsDescendingByDefault: .cloudKitPaging
        case .filtersUnindexedFields: .cloudKitError
        case .reversesLookups: .cloudKitError
        case .servesTheDefaultZoneFeed: .cloudKitSync
        case .hidesTheDefaultZone: .cloudKitRecord
        case .freezesModifiedTimestamps: .cloudKitRecord
        case .ignoresOperationDesiredKeys: .cloudKitField
        case .makesEveryBatchAtomic: .cloudKitAtomic
        case .replacesMissingRecords: .cloudKitError
        case .readsListContainsAsNot: .cloudKitPaging
        case .sortsUnsortableFields: .cloudKitError
        case .sharesDataAcrossEnvironments: .cloudKitRecord
        case .truncatesLongBatches: .cloudKitError
        case .acceptsReferencesWithoutAction: .cloudKitField
        case .ignoresCreateShortGUID: .cloudKitRecord
        case .trustsUnknownServerKeys: .cloudKitError
        case .skipsSignatureChecks: .cloudKitError
        case .sendsTimestampsInSeconds: .cloudKitField
        case .roundsDoubles: .cloudKitField
        case .treatsValidateAsNone: .cloudKitReference
        case .treatsDeleteSelfAsNone: .cloudKitReference
        case .checksTagsOnForceReplace: .cloudKitChangeTag
        case .checksTagsOnForceDelete: .cloudKitChangeTag
        case .pagesByHundredByDefault: .cloudKitPaging
        case .ignoresZoneWide: .cloudKitPaging
        case .ignoresZoneDeletes: .cloudKitError
        case .dropsDeletedZonesFromChanges: .cloudKitSync
        case .startsChangeFeedsNow: .cloudKitSync
        case .sendsEveryErrorAs400: .cloudKitError
        case .acceptsAssetsWithoutReceipts: .cloudKitField
        case .searchesEveryZoneWithAZoneID: .cloudKitPaging
        }
    }

    var testDescription: String {
        switch self {
        case .dropsChangeTags: "leaves recordChangeTag out of records"
        case .omitsFieldTypes: "sends field values without their type"
        case .renamesFields: "renames fields (upper-cases the first letter)"
        case .sendsNullFields: "sends {\"value\": null} for fields without a value"
        case .dropsReferenceActions: "drops the action of references"
        case .ignoresChangeTags: "saves an update whatever its change tag"
        case .ignoresAtomic: "applies atomic batches operation by operation"
        case .dropsContinuationMarkers: "never sends a continuationMarker"
        case .dropsDeletionsFromChanges: "leaves deletions out of records/changes"
        case .answersErrorsWith200: "answers request-level errors with HTTP 200"
        case .refusesTextPlain: "refuses a body sent as text/plain (§1.3)"
        case .acceptsUnknownAPITokens: "accepts an unknown ckAPIToken (§2.1)"
        case .answers401WithoutWebAuth: "answers the private database without a web auth token with 401 (§2.2)"
        case .omitsTheUserRecordName: "leaves userRecordName out of users/current (§2.4)"
        case .requiresRecordNames: "refuses a create without a recordName (§3.1)"
        case .refusesUntypedValues: "refuses field values without a type (§4.1)"
        case .ignoresNumbersAsStrings: "ignores numbersAsStrings (§4.3)"
        case .overwritesOnCreate: "lets a create overwrite an existing record (§5.1)"
        case .updatesAsReplace: "treats update as replace (§5.4)"
        case .deletesWithStaleTags: "deletes whatever the change tag (§5.5)"
        case .ignoresNullValues: "ignores {\"value\": null} (§5.6)"
        case .dropsTheDeletedFlag: "answers a delete without \"deleted\": true (§5.8)"
        case .dropsErrorUUIDs: "leaves uuid out of per-record errors (§5.9)"
        case .acceptsTwoOperationsOnARecord: "accepts two operations on one record (§5.10)"
        case .answersUnknownZonesWith400: "answers an unknown zone with BAD_REQUEST (§5.13)"
        case .keepsOnlyTheLastFilter: "keeps only the last filter (§6.3)"
        case .flipsInclusiveComparators: "treats _OR_EQUALS comparators as strict (§6.4)"
        case .readsNotInAsIn: "reads NOT_IN as IN (§6.5)"
        case .sortsDescendingByDefault: "sorts descending when ascending is not given (§6.6)"
        case .filtersUnindexedFields: "filters on fields without a QUERYABLE index (§6.7)"
        case .reversesLookups: "answers lookups in reverse order (§7.1)"
        case .servesTheDefaultZoneFeed: "serves records/changes of the default zone (§7.3)"
        case .hidesTheDefaultZone: "leaves _defaultZone out of zones/list (§7.6)"
        case .freezesModifiedTimestamps: "leaves modified at the creation time (§3.3)"
        case .ignoresOperationDesiredKeys: "ignores a per-operation desiredKeys (§5.7)"
        case .makesEveryBatchAtomic: "treats atomic: false as atomic (§5.12)"
        case .replacesMissingRecords: "creates a missing record on replace (§5.14)"
        case .readsListContainsAsNot: "reads LIST_CONTAINS as NOT_LIST_CONTAINS (§6.8)"
        case .sortsUnsortableFields: "sorts on fields without a SORTABLE index (§6.9)"
        case .sharesDataAcrossEnvironments: "serves development's records in production (§1.1)"
        case .truncatesLongBatches: "applies the first 200 operations of a longer batch (§5.15)"
        case .acceptsReferencesWithoutAction: "saves a REFERENCE without its action as NONE (§4.4)"
        case .ignoresCreateShortGUID: "ignores createShortGUID (§3.5)"
        case .trustsUnknownServerKeys: "accepts a request signed under a key ID it does not know (§2.5)"
        case .skipsSignatureChecks: "accepts any signature under a registered key ID (§2.6)"
        case .sendsTimestampsInSeconds: "sends TIMESTAMP values in seconds (§4.5)"
        case .roundsDoubles: "rounds DOUBLE values to whole numbers (§4.5)"
        case .treatsValidateAsNone: "saves VALIDATE references as NONE (§4.6)"
        case .treatsDeleteSelfAsNone: "saves DELETE_SELF references as NONE (§4.7)"
        case .checksTagsOnForceReplace: "checks the change tag on forceReplace (§5.16)"
        case .checksTagsOnForceDelete: "checks the change tag on forceDelete (§5.17)"
        case .pagesByHundredByDefault: "answers 100 records a page without a resultsLimit (§6.2)"
        case .ignoresZoneWide: "ignores zoneWide (§6.10)"
        case .ignoresZoneDeletes: "answers a zone delete without deleting the zone (§7.7)"
        case .dropsDeletedZonesFromChanges: "leaves deleted zones out of zones/changes (§7.8)"
        case .startsChangeFeedsNow: "answers records/changes without a syncToken with no records (§7.9)"
        case .sendsEveryErrorAs400: "answers every request-level error with HTTP 400, keeping its code (§8.2)"
        case .acceptsAssetsWithoutReceipts: "drops an ASSETID value without a receipt instead of refusing it (§12.5)"
        case .searchesEveryZoneWithAZoneID: "searches every zone for zoneWide even when a zoneID is given (§12.6)"
        }
    }
}
