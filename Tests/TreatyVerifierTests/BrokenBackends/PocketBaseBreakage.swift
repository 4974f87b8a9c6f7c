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
    case refusesGuestsUnderOpenRules
    case ignoresListRules
    case answers403ForHiddenRows
    case answers403ForUnmetCreateRules
    case appliesRulesToSuperusers
    case givesGuestsANullAuthID
    case refusesBearerTokens
    case answers401ToBadTokens
    case evaluatesLeftToRight
    case acceptsAndOrWords
    case comparesTextIgnoringCase
    case matchesLikeWithoutWrapping
    case coercesTextToBools
    case treatsNullAsNoValue
    case keepsEmptyDatesOutOfRanges
    case treatsPlainPathsAsAny
    case comparesPathsByID
    case letsAnyoneFilterHiddenFields
    case letsGuestsFilterByRequest
    case sortsByFirstKeyOnly
    case ignoresRelationSortPaths
    case sortsEmptyValuesLast
    case refusesSpecialSortKeys
    case ignoresModifiers
    case ignoresBackRelations
    case readsBareRelationsAsIDs
    case matchesHiddenEmails
    case truncatesDecimals
    case readsCollectionEqualsAsAny
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
        case .refusesGuestsUnderOpenRules: .pocketBaseList
        case .ignoresListRules: .pocketBaseList
        case .answers403ForHiddenRows: .pocketBaseError
        case .answers403ForUnmetCreateRules: .pocketBaseError
        case .appliesRulesToSuperusers: .pocketBaseList
        case .givesGuestsANullAuthID: .pocketBaseList
        case .refusesBearerTokens: .pocketBaseError
        case .answers401ToBadTokens: .pocketBaseList
        case .evaluatesLeftToRight: .pocketBaseList
        case .acceptsAndOrWords: .pocketBaseList
        case .comparesTextIgnoringCase: .pocketBaseList
        case .matchesLikeWithoutWrapping: .pocketBaseList
        case .coercesTextToBools: .pocketBaseList
        case .treatsNullAsNoValue: .pocketBaseList
        case .keepsEmptyDatesOutOfRanges: .pocketBaseList
        case .treatsPlainPathsAsAny: .pocketBaseList
        case .comparesPathsByID: .pocketBaseList
        case .letsAnyoneFilterHiddenFields: .pocketBaseError
        case .letsGuestsFilterByRequest: .pocketBaseError
        case .sortsByFirstKeyOnly: .pocketBaseList
        case .ignoresRelationSortPaths: .pocketBaseList
        case .sortsEmptyValuesLast: .pocketBaseList
        case .refusesSpecialSortKeys: .pocketBaseList
        case .ignoresModifiers: .pocketBaseList
        case .ignoresBackRelations: .pocketBaseList
        case .readsBareRelationsAsIDs: .pocketBaseList
        case .matchesHiddenEmails: .pocketBaseList
        case .truncatesDecimals: .pocketBaseList
        case .readsCollectionEqualsAsAny: .pocketBaseList
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
        case .refusesGuestsUnderOpenRules: "refuses a guest's list under an empty list rule"
        case .ignoresListRules: "lists the rows the list rule hides"
        case .answers403ForHiddenRows: "answers 403 to a view, update or delete of a row the rule hides"
        case .answers403ForUnmetCreateRules: "answers an unmet create rule with 403"
        case .appliesRulesToSuperusers: "applies the list rule to superusers"
        case .givesGuestsANullAuthID: "compares a guest's @request.auth.id as null, not \"\""
        case .refusesBearerTokens: "reads an Authorization of Bearer <token> as no token"
        case .answers401ToBadTokens: "answers 401 to a bad token instead of treating it as a guest's"
        case .evaluatesLeftToRight: "evaluates && and || left to right"
        case .acceptsAndOrWords: "accepts and/or words in a filter"
        case .comparesTextIgnoringCase: "compares text with = ignoring case"
        case .matchesLikeWithoutWrapping: "matches ~ against the whole value without wrapping it in %"
        case .coercesTextToBools: "matches a bool against \"true\""
        case .treatsNullAsNoValue: "matches = null against nothing, as SQL's NULL"
        case .keepsEmptyDatesOutOfRanges: "keeps empty dates out of < comparisons"
        case .treatsPlainPathsAsAny: "reads = and != on a multi-valued path as any, not all"
        case .comparesPathsByID: "compares a relation path's field as the relation's id"
        case .letsAnyoneFilterHiddenFields: "lets non-superusers filter on tokenKey and password"
        case .letsGuestsFilterByRequest: "lets guests filter by @request and @collection"
        case .sortsByFirstKeyOnly: "sorts by the first key of a comma list only"
        case .ignoresRelationSortPaths: "ignores relation paths in sort"
        case .sortsEmptyValuesLast: "sorts empty values last ascending"
        case .refusesSpecialSortKeys: "refuses @rowid and @random in sort"
        case .ignoresModifiers: "ignores the :lower, :length and :each modifiers"
        case .ignoresBackRelations: "reads a back-relation path as the record's own id"
        case .readsBareRelationsAsIDs: "reads ?= on a bare multi relation as one on its ids"
        case .matchesHiddenEmails: "matches a filter on a hidden email for non-superusers"
        case .truncatesDecimals: "reads a decimal in a filter as its integer part"
        case .readsCollectionEqualsAsAny: "reads = on @collection as ?= (any row)"
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
