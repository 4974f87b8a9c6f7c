import Testing
import TreatyCore

@testable import TreatyPocketBase

/// One way a PocketBase-compatible backend gets its wire format wrong, and the PB rule the
/// generated suites must fail it with.
enum PocketBaseBreakage: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case renamesTotalItems
    case dropsCollectionName
    case dropsADeclaredField
    case sendsNumbersAsText
    case writesISODates
    case leaksTokenKey
    case sendsUnshapedErrors
    case ignoresUpdates
    case ignoresSkipTotal
    case reportsOnePageWhenEmpty
    case capsPerPageAt500
    case sortsUnsortedListsByID
    case ignoresUnknownSortFields
    case ignoresClientIDs
    case addsCharsetToContentType
    case reportsShortIDsAsInvalidFormat
    case acceptsIDChanges
    case rewordsNotFound
    case keepsUpdatedOnEmptyPatch
    case storesClientTimestamps
    case storesTextNumbersAsZero
    case ignoresNullInPatch
    case ignoresAppendModifiers
    case answersEmptyExpandForUnknownNames
    case acceptsWrongPasswords
    case refreshesForeignTokens
    case sortsMultiExpandsByID
    case dropsNestedExpands
    case sortsBackRelationsByID
    case expandsForbiddenRecords
    case readsStarAsID
    case keepsUnnamedExpands
    case addsEllipsisWhenNotCut
    case appliesFieldsToListEnvelope
    case readsAnyTextAsTrue
    case keepsFirstOfSingleRelationArray
    case dropsDateOffsets
    case appendsPrependedIDs
    case refusesRemovingAbsentIDs
    case appliesModifiersInBodyOrder
    case ignoresNullOnRequiredFields
    case keepsLastRepeatedKey
    case ignoresJSONPayload
    case answersClientFileNames
    case servesFilesAsOctetStream
    case ignoresNullOnFiles
    case leavesDanglingReferences
    case skipsCascadeDeletes
    case acceptsMismatchedPasswordConfirm
    case letsGuestsSetVerified
    case dropsLegacyAuthMethods
    case mintsLongerTokens
    case answersOTPWhenDisabled
    case checksOTPWhenDisabled
    case revealsUnknownResetEmails
    case reportsBadTokensWithoutField
    case letsGuestsRequestEmailChange
    case impersonatesRefreshably
    case refusesOAuth2AsBadRequest
    case rewordsAuthContext
    case batchesWhenOff
    case answersEmptyBodyFor204
    case createsOnEveryPut
    case dropsBatchURLQueries
    case skipsGETsInBatches
    case acceptsEmptyBatches

    var expectedRule: RuleID {
        switch self {
        case .renamesTotalItems: .pocketBaseList
        case .dropsCollectionName: .pocketBaseRecord
        case .dropsADeclaredField: .pocketBaseField
        case .sendsNumbersAsText, .ignoresUpdates: .pocketBaseType
        case .writesISODates: .pocketBaseDate
        case .leaksTokenKey: .pocketBaseHidden
        case .sendsUnshapedErrors: .pocketBaseError
        case .ignoresSkipTotal: .pocketBaseList
        case .reportsOnePageWhenEmpty: .pocketBaseList
        case .capsPerPageAt500: .pocketBaseList
        case .sortsUnsortedListsByID: .pocketBaseList
        case .ignoresUnknownSortFields: .pocketBaseList
        case .ignoresClientIDs: .pocketBaseRecord
        case .addsCharsetToContentType: .pocketBaseRecord
        case .reportsShortIDsAsInvalidFormat: .pocketBaseError
        case .acceptsIDChanges: .pocketBaseError
        case .rewordsNotFound: .pocketBaseError
        case .keepsUpdatedOnEmptyPatch: .pocketBaseDate
        case .storesClientTimestamps: .pocketBaseDate
        case .storesTextNumbersAsZero: .pocketBaseType
        case .ignoresNullInPatch: .pocketBaseType
        case .ignoresAppendModifiers: .pocketBaseType
        case .answersEmptyExpandForUnknownNames: .pocketBaseRecord
        case .acceptsWrongPasswords: .pocketBaseError
        case .refreshesForeignTokens: .pocketBaseError
        case .sortsMultiExpandsByID,
            .dropsNestedExpands,
            .sortsBackRelationsByID,
            .expandsForbiddenRecords,
            .readsStarAsID,
            .keepsUnnamedExpands,
            .addsEllipsisWhenNotCut,
            .appliesFieldsToListEnvelope,
            .readsAnyTextAsTrue,
            .keepsFirstOfSingleRelationArray,
            .dropsDateOffsets,
            .appendsPrependedIDs,
            .refusesRemovingAbsentIDs,
            .appliesModifiersInBodyOrder,
            .ignoresNullOnRequiredFields,
            .keepsLastRepeatedKey,
            .ignoresJSONPayload,
            .answersClientFileNames,
            .servesFilesAsOctetStream,
            .ignoresNullOnFiles,
            .leavesDanglingReferences,
            .skipsCascadeDeletes,
            .acceptsMismatchedPasswordConfirm,
            .letsGuestsSetVerified,
            .dropsLegacyAuthMethods,
            .mintsLongerTokens,
            .answersOTPWhenDisabled,
            .checksOTPWhenDisabled,
            .revealsUnknownResetEmails,
            .reportsBadTokensWithoutField,
            .letsGuestsRequestEmailChange,
            .impersonatesRefreshably,
            .refusesOAuth2AsBadRequest,
            .rewordsAuthContext,
            .batchesWhenOff,
            .answersEmptyBodyFor204,
            .createsOnEveryPut,
            .dropsBatchURLQueries,
            .skipsGETsInBatches,
            .acceptsEmptyBatches:
            writesExpectation.rule
        }
    }

    var testDescription: String {
        switch self {
        case .renamesTotalItems: "calls the list envelope's totalItems total"
        case .dropsCollectionName: "leaves collectionName out of records"
        case .dropsADeclaredField: "leaves a declared field (posts' title) out of records"
        case .sendsNumbersAsText: "sends number fields as strings"
        case .writesISODates: "writes dates as ISO 8601 with a T"
        case .leaksTokenKey: "sends an auth record's hidden tokenKey"
        case .sendsUnshapedErrors: "answers errors with {\"error\": …}"
        case .ignoresUpdates: "answers a PATCH with the record unchanged"
        case .ignoresSkipTotal: "counts the totals although skipTotal asks not to"
        case .reportsOnePageWhenEmpty: "reports one page for a list with no match"
        case .capsPerPageAt500: "caps perPage at 500 instead of 1000"
        case .sortsUnsortedListsByID: "sorts lists by id when no sort is asked"
        case .ignoresUnknownSortFields: "ignores a sort on an unknown field"
        case .ignoresClientIDs: "mints its own id although the client sent one"
        case .addsCharsetToContentType: "labels JSON as application/json; charset=utf-8"
        case .reportsShortIDsAsInvalidFormat: "reports a too short id as validation_invalid_format"
        case .acceptsIDChanges: "accepts a PATCH changing the id, dropping the change"
        case .rewordsNotFound: "answers 404 with its own message"
        case .keepsUpdatedOnEmptyPatch: "answers a PATCH of {} without bumping updated"
        case .storesClientTimestamps: "answers a create with the client's created and updated"
        case .storesTextNumbersAsZero: "stores a number sent as text as 0"
        case .ignoresNullInPatch: "ignores null in a PATCH instead of clearing"
        case .ignoresAppendModifiers: "ignores the + and - modifiers"
        case .answersEmptyExpandForUnknownNames: "answers \"expand\": {} for an expand naming no relation"
        case .acceptsWrongPasswords: "logs in with a wrong password"
        case .refreshesForeignTokens: "refreshes another collection's token"
        case .sortsMultiExpandsByID,
            .dropsNestedExpands,
            .sortsBackRelationsByID,
            .expandsForbiddenRecords,
            .readsStarAsID,
            .keepsUnnamedExpands,
            .addsEllipsisWhenNotCut,
            .appliesFieldsToListEnvelope,
            .readsAnyTextAsTrue,
            .keepsFirstOfSingleRelationArray,
            .dropsDateOffsets,
            .appendsPrependedIDs,
            .refusesRemovingAbsentIDs,
            .appliesModifiersInBodyOrder,
            .ignoresNullOnRequiredFields,
            .keepsLastRepeatedKey,
            .ignoresJSONPayload,
            .answersClientFileNames,
            .servesFilesAsOctetStream,
            .ignoresNullOnFiles,
            .leavesDanglingReferences,
            .skipsCascadeDeletes,
            .acceptsMismatchedPasswordConfirm,
            .letsGuestsSetVerified,
            .dropsLegacyAuthMethods,
            .mintsLongerTokens,
            .answersOTPWhenDisabled,
            .checksOTPWhenDisabled,
            .revealsUnknownResetEmails,
            .reportsBadTokensWithoutField,
            .letsGuestsRequestEmailChange,
            .impersonatesRefreshably,
            .refusesOAuth2AsBadRequest,
            .rewordsAuthContext,
            .batchesWhenOff,
            .answersEmptyBodyFor204,
            .createsOnEveryPut,
            .dropsBatchURLQueries,
            .skipsGETsInBatches,
            .acceptsEmptyBatches:
            writesExpectation.description
        }
    }
}
