public import TreatyDialectKit

extension FileMakerPlugin {
    /// The `FM-*` rules (TreatyFileMaker's article "FileMaker rules"); `treaty check` judges all
    /// but the error pairing on recorded answers.
    public var ruleCatalog: RuleCatalog {
        RuleCatalog(
            rules: [
                RuleDescription(
                    .fileMakerEnvelope,
                    "every answer is `{\"response\": {…}, \"messages\": [{\"code\": \"…\", \"message\": \"…\"}]}`, the code a string",
                    checkedOnPayloads: true, breakages: [
                        "sendsNumericCodes", "refusesVersionOne", "omitsTheTokenHeader", "requiresBearerToLogOut", "requiresAuthForProductInfo", "hidesFolderedScripts", "ignoresScriptsOnRecordCalls", "failingScriptsFailTheCall",
                    ]),
                RuleDescription(
                    .fileMakerData,
                    "a records answer has `dataInfo` with integer counts (`returnedCount` = the records sent) and a `data` array",
                    checkedOnPayloads: true, breakages: [
                        "miscountsReturnedRecords", "defaultsToFiftyRecords", "findsOnlyTheLastRequest", "ignoresBooleanOmits", "startsAnOmitFromNothing", "ignoresValueListSortOrders", "sortsNumbersAsText", "matchesWholeWordsAsWordStarts", "matchesExactFieldsAsWholeWords", "flipsInclusiveComparisons", "excludesRangeEnds",
                    ]),
                RuleDescription(
                    .fileMakerRecord,
                    "a record has `fieldData` and `portalData` objects, `recordId` and `modId` as strings of digits",
                    checkedOnPayloads: true, breakages: [
                        "sendsNumericRecordIDs", "sharesGlobalsAcrossSessions", "dropsAutoEnterValues", "clearsFieldsAnEditLeavesOut",
                    ]),
                RuleDescription(
                    .fileMakerField, "`fieldData` holds exactly the layout's fields", checkedOnPayloads: true,
                    breakages: [
                        "dropsALayoutField", "describesCalculationsAsNormal", "ignoresLayoutResponse",
                    ]),
                RuleDescription(
                    .fileMakerType, "number fields are numbers (`\"\"` when empty), others strings; never `null`",
                    checkedOnPayloads: true, breakages: [
                        "sendsNumbersAsText", "writesEveryRepetitionToTheFirst",
                    ]),
                RuleDescription(
                    .fileMakerDate, "dates `MM/dd/yyyy`, times `HH:mm:ss`, timestamps `MM/dd/yyyy HH:mm:ss`",
                    checkedOnPayloads: true, breakages: [
                        "writesISODates", "ignoresDateFormats",
                    ]),
                RuleDescription(
                    .fileMakerPortal, "portals are the layout's; rows carry `recordId`, `modId` and `Table::field` keys",
                    checkedOnPayloads: true, breakages: [
                        "unqualifiesPortalFields", "omitsPortalDataInfo", "ignoresPortalPaging", "ignoresDeleteRelated",
                    ]),
                RuleDescription(
                    .fileMakerIdentity, "the layout's primary key is present and not empty", checkedOnPayloads: true,
                    breakages: ["emptiesThePrimaryKey"]),
                RuleDescription(
                    .fileMakerError,
                    "errors keep the envelope with a non-zero code, on 401 for 212/952 and 500 for FileMaker errors",
                    checkedOnPayloads: false, breakages: [
                        "answersErrorsWith200", "sendsNoResponseOnErrors", "ignoresUnknownParameters", "answersUnknownURLsWith500", "answersWrongVerbsWith404", "acceptsAnyContentType", "answersUnknownDatabasesWith952", "validatesUnknownTokens", "answersUnknownLayoutsWith404", "acceptsUnknownFields", "writesCalculationFields", "skipsValidation", "answersAnEmptyPageAfterTheEnd", "takesAnyPartAsTheUpload", "ignoresUnknownFindKeys", "acceptsNonGlobalsAsGlobals", "answersMalformedJSONWith500",
                    ]),
            ],
            breakageMatrix: "Tests/TreatyVerifierTests/FileMakerBrokenBackendTests.swift",
            spec: "filemaker.md", clauses: Self.specClauses)
    }
}
