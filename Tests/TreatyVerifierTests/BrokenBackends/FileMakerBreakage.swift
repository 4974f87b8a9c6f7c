import Testing
import TreatyCore

@testable import TreatyFileMaker

/// One way a FileMaker Data API backend gets its wire format wrong, and the FM rule the generated
/// suites must fail it with.
enum FileMakerBreakage: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sendsNumericCodes
    case miscountsReturnedRecords
    case sendsNumericRecordIDs
    case dropsALayoutField
    case sendsNumbersAsText
    case writesISODates
    case unqualifiesPortalFields
    case emptiesThePrimaryKey
    case answersErrorsWith200
    case refusesVersionOne
    case sendsNoResponseOnErrors
    case ignoresUnknownParameters
    case answersUnknownURLsWith500
    case answersWrongVerbsWith404
    case acceptsAnyContentType
    case omitsTheTokenHeader
    case answersUnknownDatabasesWith952
    case requiresBearerToLogOut
    case validatesUnknownTokens
    case sharesGlobalsAcrossSessions
    case requiresAuthForProductInfo
    case hidesFolderedScripts
    case describesCalculationsAsNormal
    case answersUnknownLayoutsWith404
    case ignoresDateFormats
    case writesEveryRepetitionToTheFirst
    case omitsPortalDataInfo
    case dropsAutoEnterValues
    case acceptsUnknownFields
    case writesCalculationFields
    case skipsValidation
    case ignoresPortalPaging
    case defaultsToFiftyRecords
    case answersAnEmptyPageAfterTheEnd
    case clearsFieldsAnEditLeavesOut
    case ignoresDeleteRelated
    case takesAnyPartAsTheUpload
    case ignoresLayoutResponse
    case ignoresUnknownFindKeys
    case findsOnlyTheLastRequest
    case ignoresBooleanOmits
    case startsAnOmitFromNothing
    case ignoresValueListSortOrders
    case sortsNumbersAsText
    case matchesWholeWordsAsWordStarts
    case matchesExactFieldsAsWholeWords
    case flipsInclusiveComparisons
    case excludesRangeEnds
    case ignoresScriptsOnRecordCalls
    case failingScriptsFailTheCall
    case acceptsNonGlobalsAsGlobals
    case answersMalformedJSONWith500

    /// Whether the breakage breaks one clause of filemaker.md (``BrokenFileMakerDialect``
    /// rewrites it in its own extension).
    var breaksAClause: Bool { Self.clauseBreakages.contains(self) }

    static let clauseBreakages: [FileMakerBreakage] = [
        .refusesVersionOne,
        .sendsNoResponseOnErrors,
        .ignoresUnknownParameters,
        .answersUnknownURLsWith500,
        .answersWrongVerbsWith404,
        .acceptsAnyContentType,
        .omitsTheTokenHeader,
        .answersUnknownDatabasesWith952,
        .requiresBearerToLogOut,
        .validatesUnknownTokens,
        .sharesGlobalsAcrossSessions,
        .requiresAuthForProductInfo,
        .hidesFolderedScripts,
        .describesCalculationsAsNormal,
        .answersUnknownLayoutsWith404,
        .ignoresDateFormats,
        .writesEveryRepetitionToTheFirst,
        .omitsPortalDataInfo,
        .dropsAutoEnterValues,
        .acceptsUnknownFields,
        .writesCalculationFields,
        .skipsValidation,
        .ignoresPortalPaging,
        .defaultsToFiftyRecords,
        .answersAnEmptyPageAfterTheEnd,
        .clearsFieldsAnEditLeavesOut,
        .ignoresDeleteRelated,
        .takesAnyPartAsTheUpload,
        .ignoresLayoutResponse,
        .ignoresUnknownFindKeys,
        .findsOnlyTheLastRequest,
        .ignoresBooleanOmits,
        .startsAnOmitFromNothing,
        .ignoresValueListSortOrders,
        .sortsNumbersAsText,
        .matchesWholeWordsAsWordStarts,
        .matchesExactFieldsAsWholeWords,
        .flipsInclusiveComparisons,
        .excludesRangeEnds,
        .ignoresScriptsOnRecordCalls,
        .failingScriptsFailTheCall,
        .acceptsNonGlobalsAsGlobals,
        .answersMalformedJSONWith500,
    ]

    var expectedRule: RuleID {
        switch self {
        case .sendsNumericCodes: .fileMakerEnvelope
        case .miscountsReturnedRecords: .fileMakerData
        case .sendsNumericRecordIDs: .fileMakerRecord
        case .dropsALayoutField: .fileMakerField
        case .sendsNumbersAsText: .fileMakerType
        case .writesISODates: .fileMakerDate
        case .unqualifiesPortalFields: .fileMakerPortal
        case .emptiesThePrimaryKey: .fileMakerIdentity
        case .answersErrorsWith200: .fileMakerError
        case .refusesVersionOne: .fileMakerEnvelope
        case .sendsNoResponseOnErrors: .fileMakerError
        case .ignoresUnknownParameters: .fileMakerError
        case .answersUnknownURLsWith500: .fileMakerError
        case .answersWrongVerbsWith404: .fileMakerError
        case .acceptsAnyContentType: .fileMakerError
        case .omitsTheTokenHeader: .fileMakerEnvelope
        case .answersUnknownDatabasesWith952: .fileMakerError
        case .requiresBearerToLogOut: .fileMakerEnvelope
        case .validatesUnknownTokens: .fileMakerError
        case .sharesGlobalsAcrossSessions: .fileMakerRecord
        case .requiresAuthForProductInfo: .fileMakerEnvelope
        case .hidesFolderedScripts: .fileMakerEnvelope
        case .describesCalculationsAsNormal: .fileMakerField
        case .answersUnknownLayoutsWith404: .fileMakerError
        case .ignoresDateFormats: .fileMakerDate
        case .writesEveryRepetitionToTheFirst: .fileMakerType
        case .omitsPortalDataInfo: .fileMakerPortal
        case .dropsAutoEnterValues: .fileMakerRecord
        case .acceptsUnknownFields: .fileMakerError
        case .writesCalculationFields: .fileMakerError
        case .skipsValidation: .fileMakerError
        case .ignoresPortalPaging: .fileMakerPortal
        case .defaultsToFiftyRecords: .fileMakerData
        case .answersAnEmptyPageAfterTheEnd: .fileMakerError
        case .clearsFieldsAnEditLeavesOut: .fileMakerRecord
        case .ignoresDeleteRelated: .fileMakerPortal
        case .takesAnyPartAsTheUpload: .fileMakerError
        case .ignoresLayoutResponse: .fileMakerField
        case .ignoresUnknownFindKeys: .fileMakerError
        case .findsOnlyTheLastRequest: .fileMakerData
        case .ignoresBooleanOmits: .fileMakerData
        case .startsAnOmitFromNothing: .fileMakerData
        case .ignoresValueListSortOrders: .fileMakerData
        case .sortsNumbersAsText: .fileMakerData
        case .matchesWholeWordsAsWordStarts: .fileMakerData
        case .matchesExactFieldsAsWholeWords: .fileMakerData
        case .flipsInclusiveComparisons: .fileMakerData
        case .excludesRangeEnds: .fileMakerData
        case .ignoresScriptsOnRecordCalls: .fileMakerEnvelope
        case .failingScriptsFailTheCall: .fileMakerEnvelope
        case .acceptsNonGlobalsAsGlobals: .fileMakerError
        case .answersMalformedJSONWith500: .fileMakerError
        }
    }

    var testDescription: String {
        switch self {
        case .sendsNumericCodes: "sends message codes as numbers"
        case .miscountsReturnedRecords: "miscounts returnedCount"
        case .sendsNumericRecordIDs: "sends recordId as a number"
        case .dropsALayoutField: "drops a layout field from fieldData"
        case .sendsNumbersAsText: "sends number fields as text"
        case .writesISODates: "writes dates as ISO 8601 by default"
        case .unqualifiesPortalFields: "leaves portal fields unqualified"
        case .emptiesThePrimaryKey: "empties the primary key"
        case .answersErrorsWith200: "answers FileMaker errors with HTTP 200"
        case .refusesVersionOne: "refuses the v1 prefix (§1.1)"
        case .sendsNoResponseOnErrors: "leaves 'response' out of error answers (§1.4)"
        case .ignoresUnknownParameters: "ignores unknown query parameters instead of 960 (§1.7)"
        case .answersUnknownURLsWith500: "answers unknown URLs with 500 (§1.8)"
        case .answersWrongVerbsWith404: "answers a wrong verb with 404 (§1.9)"
        case .acceptsAnyContentType: "accepts a body of any Content-Type (§1.10)"
        case .omitsTheTokenHeader: "leaves out the X-FM-Data-Access-Token header (§2.1)"
        case .answersUnknownDatabasesWith952: "answers a login to an unknown database with 952 (§2.3)"
        case .requiresBearerToLogOut: "refuses a logout without a Bearer header (§2.8)"
        case .validatesUnknownTokens: "validates an unknown token (§2.9)"
        case .sharesGlobalsAcrossSessions: "shares globals across sessions (§2.10)"
        case .requiresAuthForProductInfo: "requires a token for productInfo (§3.1)"
        case .hidesFolderedScripts: "leaves scripts in folders out of the script list (§3.4)"
        case .describesCalculationsAsNormal: "describes calculation fields as normal (§3.6)"
        case .answersUnknownLayoutsWith404: "answers an unknown layout with 404 instead of 105 (§3.9)"
        case .ignoresDateFormats: "ignores dateformats (§4.4)"
        case .writesEveryRepetitionToTheFirst: "writes field(2) to the first repetition (§4.6)"
        case .omitsPortalDataInfo: "leaves portalDataInfo out (§4.11)"
        case .dropsAutoEnterValues: "leaves an auto-enter serial empty (§4.13)"
        case .acceptsUnknownFields: "accepts a create with an unknown field (§4.14)"
        case .writesCalculationFields: "accepts writes to a calculation field (§4.15)"
        case .skipsValidation: "accepts an empty required field (§4.16)"
        case .ignoresPortalPaging: "ignores _offset.<portal> and _limit.<portal> (§4.17)"
        case .defaultsToFiftyRecords: "sends 50 records when _limit is missing (§4.19)"
        case .answersAnEmptyPageAfterTheEnd: "answers an empty page for an offset past the end (§4.21)"
        case .clearsFieldsAnEditLeavesOut: "clears fields an edit leaves out (§4.22)"
        case .ignoresDeleteRelated: "ignores deleteRelated (§4.25)"
        case .takesAnyPartAsTheUpload: "takes any multipart part as the upload (§4.29)"
        case .ignoresLayoutResponse: "ignores layout.response (§4.30)"
        case .ignoresUnknownFindKeys: "ignores unknown _find body keys (§5.3)"
        case .findsOnlyTheLastRequest: "keeps only the last of several find requests (§5.5)"
        case .ignoresBooleanOmits: "ignores \"omit\": true as a JSON boolean (§5.6)"
        case .startsAnOmitFromNothing: "starts a find whose first request omits from no records (§5.7)"
        case .ignoresValueListSortOrders: "sorts by a value list's name as ascend (§5.13)"
        case .sortsNumbersAsText: "sorts number fields as text (§5.14)"
        case .matchesWholeWordsAsWordStarts: "treats =word as a word start (§5.18)"
        case .matchesExactFieldsAsWholeWords: "treats ==text as a whole-word match (§5.19)"
        case .flipsInclusiveComparisons: "treats >= and <= as > and < (§5.22)"
        case .excludesRangeEnds: "excludes the ends of a...b (§5.23)"
        case .ignoresScriptsOnRecordCalls: "drops script results from record calls (§6.2)"
        case .failingScriptsFailTheCall: "puts a failing script's error in messages[0].code (§6.5)"
        case .acceptsNonGlobalsAsGlobals: "accepts a non-global field in globalFields (§7.2)"
        case .answersMalformedJSONWith500: "answers malformed JSON with 500 (§8.1)"
        }
    }
}
