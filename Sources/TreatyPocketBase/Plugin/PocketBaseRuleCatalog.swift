public import TreatyDialectKit

extension PocketBasePlugin {
    /// The `PB-*` rules (TreatyPocketBase's article "PocketBase rules"); `treaty check` judges
    /// all but the error format on recorded lists and records.
    public var ruleCatalog: RuleCatalog {
        RuleCatalog(
            rules: [
                RuleDescription(
                    .pocketBaseList,
                    "a list is `{page, perPage, totalItems, totalPages, items}` with integer counts and an array of records",
                    checkedOnPayloads: true,
                    breakages: [
                        "renamesTotalItems", "ignoresSkipTotal", "reportsOnePageWhenEmpty", "capsPerPageAt500",
                        "sortsUnsortedListsByID", "ignoresUnknownSortFields",
                        "refusesGuestsUnderOpenRules",
                        "ignoresListRules",
                        "appliesRulesToSuperusers",
                        "givesGuestsANullAuthID",
                        "answers401ToBadTokens",
                        "evaluatesLeftToRight",
                        "acceptsAndOrWords",
                        "comparesTextIgnoringCase",
                        "matchesLikeWithoutWrapping",
                        "coercesTextToBools",
                        "treatsNullAsNoValue",
                        "keepsEmptyDatesOutOfRanges",
                        "treatsPlainPathsAsAny",
                        "comparesPathsByID",
                        "sortsByFirstKeyOnly",
                        "ignoresRelationSortPaths",
                        "sortsEmptyValuesLast",
                        "refusesSpecialSortKeys",
                        "ignoresModifiers",
                        "ignoresBackRelations",
                        "readsBareRelationsAsIDs",
                        "matchesHiddenEmails",
                        "truncatesDecimals",
                        "readsCollectionEqualsAsAny",
                    ] + Self.writesBreakages(.pocketBaseList)),
                RuleDescription(
                    .pocketBaseRecord,
                    "a record carries its collection's `collectionId` and `collectionName`, and an `id` of 15 characters `[a-z0-9]`",
                    checkedOnPayloads: true, breakages: [
                        "dropsCollectionName", "ignoresClientIDs", "addsCharsetToContentType",
                        "answersEmptyExpandForUnknownNames",
                    ] + Self.writesBreakages(.pocketBaseRecord)),
                RuleDescription(
                    .pocketBaseField, "every declared field that is not hidden is present", checkedOnPayloads: true,
                    breakages: ["dropsADeclaredField"]),
                RuleDescription(
                    .pocketBaseType,
                    "each value has its field type's JSON type, empty values are `\"\"`, `0`, `false`, `[]` (never null, except `json`), and a written value comes back as written",
                    checkedOnPayloads: true, breakages: [
                        "sendsNumbersAsText", "ignoresUpdates", "storesTextNumbersAsZero", "ignoresNullInPatch",
                        "ignoresAppendModifiers",
                    ] + Self.writesBreakages(.pocketBaseType)),
                RuleDescription(
                    .pocketBaseDate, "datetimes are `2006-01-02 15:04:05.000Z`", checkedOnPayloads: true,
                    breakages: ["writesISODates", "keepsUpdatedOnEmptyPatch", "storesClientTimestamps"]),
                RuleDescription(
                    .pocketBaseHidden, "no `password` or `tokenKey`; `email` only when visible to the caller",
                    checkedOnPayloads: true, breakages: ["leaksTokenKey"]),
                RuleDescription(
                    .pocketBaseError, "an error body is `{status, message, data}` with the reply's status",
                    checkedOnPayloads: false,
                    breakages: [
                        "sendsUnshapedErrors", "reportsShortIDsAsInvalidFormat", "acceptsIDChanges", "rewordsNotFound",
                        "acceptsWrongPasswords", "refreshesForeignTokens",
                        "answers403ForHiddenRows",
                        "answers403ForUnmetCreateRules",
                        "refusesBearerTokens",
                        "letsAnyoneFilterHiddenFields",
                        "letsGuestsFilterByRequest",
                    ] + Self.writesBreakages(.pocketBaseError)),
            ],
            breakageMatrix: "Tests/TreatyVerifierTests/PocketBaseBrokenBackendTests.swift",
            spec: "pocketbase.md", clauses: Self.specClauses)
    }
}
